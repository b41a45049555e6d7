"""Tic-tac-toe: wins by row, column and diagonal, a draw, and the illegal moves."""

from __future__ import annotations

import msgspec
import pytest

from shared.contracts.errors import IllegalMove
from shared.games.rng import Rng
from shared.games.tictactoe import GAME
from shared.games.tictactoe.rules import Mark, TicTacToeState


def _play(cells: list[int]) -> TicTacToeState:
    state = GAME.initial_state(2, None)
    for cell in cells:
        seat = GAME.to_act(state)[0]
        for event in GAME.decide(state, seat, Mark(cell=cell), Rng(1)):
            state = GAME.evolve(state, event)
    return state


@pytest.mark.parametrize(
    ("cells", "winner"),
    [
        ([0, 3, 1, 4, 2], 0),  # the top row
        ([0, 1, 3, 2, 6], 0),  # the left column
        ([1, 0, 2, 4, 5, 8], 1),  # seat 1 on the diagonal 0-4-8
        ([0, 2, 1, 4, 5, 6], 1),  # seat 1 on the other diagonal 2-4-6
    ],
)
def test_three_in_a_line_win(cells: list[int], winner: int) -> None:
    state = _play(cells)
    result = GAME.result(state)
    assert result is not None and result.winners == [winner]
    assert result.ranks[winner] == 1 and result.ranks[1 - winner] == 2
    assert result.scores[winner] == 1 and GAME.to_act(state) == []


def test_a_full_grid_without_a_line_is_a_draw() -> None:
    state = _play([0, 1, 2, 4, 3, 5, 7, 6, 8])
    result = GAME.result(state)
    assert result is not None and result.ranks == [1, 1] and result.scores == [0, 0]


def test_turns_alternate_and_marked_cells_are_refused() -> None:
    state = _play([4])
    assert GAME.to_act(state) == [1]
    assert [m.cell for m in GAME.legal_moves(state, 1)] == [0, 1, 2, 3, 5, 6, 7, 8]
    assert GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove) as refused:
        GAME.decide(state, 1, Mark(cell=4), Rng(1))
    assert refused.value.code == "cell_taken"
    with pytest.raises(IllegalMove):
        GAME.decide(state, 0, Mark(cell=0), Rng(1))  # not seat 0's turn
    with pytest.raises(msgspec.ValidationError):
        GAME.decode_move(b'{"type": "Mark", "cell": 9}')
