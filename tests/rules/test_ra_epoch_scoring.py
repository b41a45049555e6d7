"""Ra rules: the end of an epoch, its scoring tables, the next epoch and the end of the game."""

from __future__ import annotations

import pytest

from shared.games.ra import GAME
from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from shared.games.ra.scoring import pharaoh_points
from shared.games.ra.state import RaState
from tests.gamekit import rejects
from tests.rules.ra_scenario import (
    board,
    new_game,
    play,
    rolled,
    with_civilization,
    with_monuments,
)

S, N, P = "sun", "nile", "pharaoh"


def _end_epoch(state: RaState, faces: list[str] | None = None) -> tuple[RaState, list]:
    """The current player rolls one Sun with Ra on the second-to-last space and ends the turn."""
    state = rolled(board(state, ra=15), faces or [S, N, N, N, N])
    return play(state, state.current, mv.EndTurn())


def _scored(events: list) -> ev.EpochScored:
    return next(e for e in events if isinstance(e, ev.EpochScored))


def test_the_epoch_ends_when_ra_reaches_the_last_space() -> None:
    _state, events = _end_epoch(new_game(3))
    names = [type(e).__name__ for e in events]
    assert names == ["RaAdvanced", "TurnEnded", "EpochScored", "EpochStarted"]
    assert events[0] == ev.RaAdvanced(seat=0, spaces=1, position=16)


def test_the_epoch_ends_when_ra_passes_the_last_space() -> None:
    _state, events = _end_epoch(new_game(3), [S, S, N, N, N])
    assert events[0] == ev.RaAdvanced(seat=0, spaces=2, position=16)
    assert isinstance(events[2], ev.EpochScored)


def test_ra_short_of_the_last_space_does_not_end_the_epoch() -> None:
    state = rolled(board(new_game(3), ra=14), [S, N, N, N, N])
    state, events = play(state, 0, mv.EndTurn())
    assert [type(e).__name__ for e in events] == ["RaAdvanced", "TurnEnded"]
    assert state.epoch == 1


def test_the_player_finishes_the_turn_before_the_epoch_is_scored() -> None:
    # Ra moves only when the turn ends, so the dice of this turn still count in the scoring.
    state = rolled(board(new_game(2), ra=15, nile=[5, 0]), [S, N, N, N, N])
    state, _ = play(state, 0, mv.FloodNile(dice=(1, 2, 3)))
    state, _ = play(state, 0, mv.AdvanceNile(dice=(4,)))
    state, events = play(state, 0, mv.EndTurn())
    assert _scored(events).nile == (6, 0)


def test_the_next_player_starts_the_new_epoch_with_ra_back_on_its_start_space() -> None:
    state = board(new_game(3), current=1)
    state, events = _end_epoch(state)
    assert events[-1] == ev.EpochStarted(epoch=2, start_player=2, ra=6)
    assert (state.epoch, state.ra, state.current, state.phase) == (2, 6, 2, "roll")
    assert GAME.to_act(state) == [2]


def test_pharaoh_most_scores_5_least_loses_2_then_markers_move() -> None:
    assert pharaoh_points((5, 3, 1)) == ((5, 0, -2), (3, 3, 2))


def test_pharaoh_ties_all_score_5_or_all_lose_2() -> None:
    assert pharaoh_points((5, 5, 1)) == ((5, 5, -2), (3, 3, 2))
    assert pharaoh_points((4, 1, 1, 2)) == ((5, -2, -2, 0), (2, 2, 2, 2))


def test_pharaoh_all_tied_scores_nothing_and_moves_nothing() -> None:
    assert pharaoh_points((3, 3, 3)) == ((0, 0, 0), (3, 3, 3))
    assert pharaoh_points((0, 0)) == ((0, 0), (0, 0))


def test_pharaoh_scoring_moves_do_not_leave_the_track() -> None:
    assert pharaoh_points((1, 0)) == ((5, -2), (0, 1))


def test_pharaoh_scoring_in_an_epoch_end() -> None:
    state, events = _end_epoch(board(new_game(3), pharaoh=[2, 7, 2]))
    scored = _scored(events)
    assert scored.pharaoh == (-2, 5, -2)
    assert scored.pharaoh_after == (3, 5, 3)
    assert state.pharaoh == (3, 5, 3)


def test_nile_floods_score_the_marker_space_and_are_retrieved() -> None:
    state = board(new_game(3), nile=[7, 9, 12], floods=[2, 0, 1])
    state, events = _end_epoch(state)
    assert _scored(events).nile == (7, 0, 12)
    assert state.floods == (0, 0, 0)
    assert state.nile == (7, 9, 12)  # the markers stay on their spaces


@pytest.mark.parametrize(("markers", "points"), [(0, -5), (1, 0), (2, 0), (3, 5), (4, 10), (5, 15)])
def test_civilization_scores_by_own_markers(markers: int, points: int) -> None:
    colours = ["yellow", "purple", "green", "blue", "red"][:markers]
    state = with_civilization(new_game(2), {c: (1,) for c in colours})
    state, events = _end_epoch(state)
    assert _scored(events).civilization == (-5, points)


def test_civilization_markers_are_all_retrieved_after_scoring() -> None:
    state = with_civilization(new_game(3), {"yellow": (0, 1), "red": (2,)})
    state, events = _end_epoch(state)
    assert _scored(events).civilization == (0, 0, 0)
    assert state.civilization == ((), (), (), (), ())


def test_monuments_are_not_scored_in_epochs_1_and_2() -> None:
    state = with_monuments(new_game(2), 0, [("yellow", c) for c in range(8)])
    state, events = _end_epoch(state)
    assert _scored(events).monuments == (0, 0)
    state, events = _end_epoch(state)
    assert _scored(events).epoch == 2
    assert _scored(events).monuments == (0, 0)
    assert state.monuments.count(0) == 8  # monument markers stay on the board


@pytest.mark.parametrize(
    ("columns", "points"),
    [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 10), (8, 15)],
)
def test_monuments_score_by_distinct_columns_after_epoch_3(columns: int, points: int) -> None:
    state = with_monuments(board(new_game(2), epoch=3), 1, [("green", c) for c in range(columns)])
    state, events = _end_epoch(state)
    assert _scored(events).monuments == (0, points)


@pytest.mark.parametrize(("markers", "bonus"), [(2, 0), (3, 5), (4, 10), (5, 15)])
def test_a_column_with_3_4_5_own_markers_scores_a_bonus(markers: int, bonus: int) -> None:
    colours = ["yellow", "purple", "green", "blue", "red"][:markers]
    state = with_monuments(board(new_game(2), epoch=3), 0, [(c, 2) for c in colours])
    state, events = _end_epoch(state)
    assert _scored(events).monuments == (1 + bonus, 0)


def test_monument_example_board_scores_columns_and_bonus() -> None:
    # Three markers in column 0 (bonus 5), one each in columns 2 and 3: 3 columns + 5 = 8.
    spaces = [("purple", 0), ("blue", 0), ("yellow", 0), ("purple", 2), ("green", 3)]
    state = with_monuments(board(new_game(3), epoch=3), 0, spaces)
    state, events = _end_epoch(state)
    assert _scored(events).monuments[0] == 8


def test_epoch_totals_add_up_the_areas_and_change_the_scores() -> None:
    state = board(new_game(2), pharaoh=[3, 1], nile=[4, 2], floods=[1, 0])
    state = with_civilization(state, {"red": (1,)})
    state, events = _end_epoch(state)
    scored = _scored(events)
    assert scored.totals == (5 + 4 - 5, -2 + 0 + 0)
    assert state.scores == (10 + 4, 11 - 2)


def test_the_game_ends_after_the_third_epoch_is_scored() -> None:
    state = board(new_game(3), epoch=3, scores=[20, 30, 20], pharaoh=[1, 1, 1])
    state, events = _end_epoch(state)
    names = [type(e).__name__ for e in events]
    assert names == ["RaAdvanced", "TurnEnded", "EpochScored", "GameEnded"]
    # Civilization: everyone -5 (no markers).
    assert events[-1] == ev.GameEnded(scores=(15, 25, 15), ranks=(2, 1, 2), winners=(1,))
    result = GAME.result(state)
    assert result is not None
    assert (result.scores, result.ranks, result.winners) == ([15, 25, 15], [2, 1, 2], [1])
    assert GAME.to_act(state) == []
    assert GAME.legal_moves(state, 0) == []
    assert rejects(GAME, state, 0, mv.RollDice()) == "game_over"
    assert GAME.prompt(state, 0) == "the game is over"


def test_tied_winners_share_the_first_rank() -> None:
    state = board(new_game(2), epoch=3, scores=[20, 20])
    state, events = _end_epoch(state)
    assert events[-1] == ev.GameEnded(scores=(15, 15), ranks=(1, 1), winners=(0, 1))


def test_no_result_before_the_end() -> None:
    state, _ = _end_epoch(new_game(2))
    assert GAME.result(state) is None
