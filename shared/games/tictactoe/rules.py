"""Tic-tac-toe: state, moves, events and rules (the small game of `senet bench peers`).

The traditional game: two players mark the cells of a 3 x 3 grid in turn, seat 0 first;
three of one's own marks in a row, a column or a diagonal win; a full grid without one is
a draw. Nothing is hidden and nothing is random.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated

import msgspec

from shared.games.contract import GameEvent, GameMove, GameResult, IllegalMove, Rng
from shared.games.prompts import NO_PROMPT, Prompt, phrase


class Components(msgspec.Struct, frozen=True, kw_only=True):
    """The numbers of data.toml."""

    size: int
    players: int


C = msgspec.convert(tomllib.loads((Path(__file__).parent / "data.toml").read_text()), Components)
if C.size != 3:
    raise ValueError("tic-tac-toe is played on a 3 x 3 grid (data.toml: size = 3)")
CELLS = C.size * C.size
LINES: tuple[tuple[int, ...], ...] = (
    *(tuple(r * C.size + c for c in range(C.size)) for r in range(C.size)),
    *(tuple(r * C.size + c for r in range(C.size)) for c in range(C.size)),
    tuple(i * C.size + i for i in range(C.size)),
    tuple(i * C.size + C.size - 1 - i for i in range(C.size)),
)


class TicTacToeOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """No options."""


class Mark(GameMove, frozen=True, kw_only=True):
    """Mark an empty cell (0-8, row by row from the top left)."""

    cell: Annotated[int, msgspec.Meta(ge=0, lt=CELLS)]


class Marked(GameEvent, frozen=True, kw_only=True):
    """A seat marked a cell."""

    seat: int
    cell: int


class TicTacToeState(msgspec.Struct, frozen=True, kw_only=True):
    """The grid (-1: empty, else the seat that marked it) and whose turn it is."""

    cells: tuple[int, ...] = (-1,) * CELLS
    turn: int = 0

    def winner(self) -> int | None:
        """The seat with three in a line, if any."""
        cells = self.cells
        for a, b, c in LINES:  # plain comparisons: the platform's hot path asks this often
            first = cells[a]
            if first >= 0 and first == cells[b] == cells[c]:
                return first
        return None

    def over(self) -> bool:
        """Won, or the grid is full."""
        return self.winner() is not None or -1 not in self.cells


class TicTacToeView(msgspec.Struct, frozen=True, kw_only=True):
    """The whole grid as anyone sees it."""

    game: str
    seat: int | None
    cells: list[int]
    turn: int
    winner: int | None


def initial_state(seats: int, options: TicTacToeOptions | None = None) -> TicTacToeState:
    """The empty grid."""
    return TicTacToeState()


def setup(seats: int, options: TicTacToeOptions, rng: Rng) -> list[Marked]:
    """Nothing to set up: seat 0 starts."""
    return []


def evolve(state: TicTacToeState, event: Marked) -> TicTacToeState:
    """The grid with one more mark; the turn passes."""
    cells = list(state.cells)
    cells[event.cell] = event.seat
    return TicTacToeState(cells=tuple(cells), turn=1 - event.seat)


def to_act(state: TicTacToeState) -> list[int]:
    """The seat whose turn it is (nobody once the game is over)."""
    return [] if state.over() else [state.turn]


def decide(state: TicTacToeState, seat: int, move: Mark, rng: Rng) -> list[Marked]:
    """Mark an empty cell on one's turn."""
    if seat not in to_act(state):
        raise IllegalMove("it is not your turn", code="not_your_turn")
    if state.cells[move.cell] != -1:
        raise IllegalMove(f"cell {move.cell} is marked already", code="cell_taken")
    return [Marked(seat=seat, cell=move.cell)]


def legal_moves(state: TicTacToeState, seat: int) -> list[Mark]:
    """Every empty cell, on one's turn."""
    if seat not in to_act(state):
        return []
    return [Mark(cell=i) for i, owner in enumerate(state.cells) if owner == -1]


def view(state: TicTacToeState, seat: int | None) -> TicTacToeView:
    """Everything: nothing is hidden."""
    return TicTacToeView(
        game="tictactoe", seat=seat, cells=list(state.cells), turn=state.turn,
        winner=state.winner(),
    )  # fmt: skip


def redact(event: Marked, seat: int | None) -> Marked:
    """Every event as it is."""
    return event


def result(state: TicTacToeState) -> GameResult | None:
    """The winner ranks first (1 point), or both share first in a draw."""
    if not state.over():
        return None
    winner = state.winner()
    if winner is None:
        return GameResult(scores=[0, 0], ranks=[1, 1], winners=[0, 1])
    scores = [1 if s == winner else 0 for s in range(C.players)]
    return GameResult(scores=scores, ranks=[1 if s == winner else 2 for s in range(2)],
                      winners=[winner])  # fmt: skip


def prompt_code(state: TicTacToeState, seat: int | None) -> Prompt:
    """What the seat is asked, as a code of prompts.toml (nothing while the other marks)."""
    return Prompt("mark") if seat in to_act(state) else NO_PROMPT


def prompt(state: TicTacToeState, seat: int) -> str:
    """What the seat is asked (English)."""
    return phrase("shared.games.tictactoe", prompt_code(state, seat))
