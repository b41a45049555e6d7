"""Ra rules: what the Suns do at the end of the turn, and the four disasters."""

from __future__ import annotations

import pytest

from shared.games.ra import GAME
from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from shared.games.ra.state import RaState
from tests.gamekit import rejects
from tests.rules.ra_scenario import (
    FixedRng,
    board,
    new_game,
    play,
    rolled,
    with_civilization,
    with_monuments,
)

S, N = "sun", "nile"


@pytest.mark.parametrize("suns", [1, 2])
def test_one_or_two_suns_advance_ra_as_many_spaces(suns: int) -> None:
    state = rolled(new_game(3), [S] * suns + [N] * (5 - suns))  # Ra on 6
    state, events = play(state, 0, mv.EndTurn())
    assert events[0] == ev.RaAdvanced(seat=0, spaces=suns, position=6 + suns)
    assert state.ra == 6 + suns
    assert state.scores == (10, 11, 12)


def test_no_sun_leaves_ra_where_it_is() -> None:
    state = rolled(new_game(3), [N] * 5)
    state, events = play(state, 0, mv.EndTurn())
    assert events == [ev.TurnEnded(seat=0, next_seat=1)]
    assert state.ra == 6


def test_three_suns_score_three_points_and_do_not_move_ra() -> None:
    state = rolled(new_game(3), [S, S, S, N, N])
    state, events = play(state, 0, mv.EndTurn())
    assert events[0] == ev.SunsScored(seat=0, suns=3, points=3)
    assert state.scores == (13, 11, 12)
    assert state.ra == 6


@pytest.mark.parametrize("suns", [4, 5])
def test_four_or_five_suns_neither_move_ra_nor_score(suns: int) -> None:
    state = rolled(new_game(3), [S] * suns + [N] * (5 - suns))
    state, events = play(state, 0, mv.EndTurn())
    assert events == [ev.TurnEnded(seat=0, next_seat=1)]
    assert state.ra == 6
    assert state.scores == (10, 11, 12)


def test_suns_locked_over_several_rolls_all_count() -> None:
    state = new_game(3)
    state, _ = play(state, 0, mv.RollDice(), FixedRng([S, N, N, N, N]))
    state, _ = play(state, 0, mv.RerollDice(dice=(1, 2)), FixedRng([S, N]))
    state, _ = play(state, 0, mv.StopRolling())
    state, events = play(state, 0, mv.EndTurn())
    assert events[0] == ev.RaAdvanced(seat=0, spaces=2, position=8)


def test_a_disaster_needs_four_or_five_suns() -> None:
    state = rolled(new_game(3), [S, S, S, N, N])
    move = mv.DeclareDisaster(disaster="pharaoh")
    assert rejects(GAME, state, 0, move) == "disaster_needs_four_suns"
    assert not any(isinstance(m, mv.DeclareDisaster) for m in GAME.legal_moves(state, 0))
    state = rolled(new_game(3), [S, S, S, S, N])
    kinds = {m.disaster for m in GAME.legal_moves(state, 0) if isinstance(m, mv.DeclareDisaster)}
    assert kinds == {"pharaoh", "nile", "civilization", "monuments"}


def test_only_one_disaster_per_turn() -> None:
    state = rolled(new_game(3), [S, S, S, S, N])
    state, _ = play(state, 0, mv.DeclareDisaster(disaster="pharaoh"))
    move = mv.DeclareDisaster(disaster="nile")
    assert rejects(GAME, state, 0, move) == "disaster_already_declared"


def test_an_unknown_disaster_is_rejected() -> None:
    state = rolled(new_game(3), [S, S, S, S, N])
    move = mv.DeclareDisaster(disaster="plague")  # type: ignore[arg-type]
    assert rejects(GAME, state, 0, move) == "unknown_disaster"


def _four_suns(players: int, **fields: object) -> RaState:
    return rolled(board(new_game(players), **fields), [S, S, S, S, N])


def test_pharaoh_disaster_sends_all_others_back_two_spaces_not_below_0() -> None:
    state = _four_suns(4, pharaoh=[5, 5, 1, 0])
    state, events = play(state, 0, mv.DeclareDisaster(disaster="pharaoh"))
    assert events == [
        ev.DisasterDeclared(seat=0, disaster="pharaoh"),
        ev.PharaohRetreated(seat=1, spaces=2, position=3),
        ev.PharaohRetreated(seat=2, spaces=1, position=0),
    ]
    assert state.pharaoh == (5, 3, 0, 0)
    assert state.phase == "apply"
    assert GAME.to_act(state) == [0]


def test_nile_disaster_takes_one_flood_or_sends_a_lone_marker_back_two_spaces() -> None:
    state = _four_suns(4, nile=[6, 8, 7, 1], floods=[1, 2, 0, 0])
    state, events = play(state, 0, mv.DeclareDisaster(disaster="nile"))
    assert events == [
        ev.DisasterDeclared(seat=0, disaster="nile"),
        ev.FloodRetrieved(seat=1, floods=1),
        ev.NileRetreated(seat=2, spaces=2, position=5),
        ev.NileRetreated(seat=3, spaces=1, position=0),
    ]
    assert state.floods == (1, 1, 0, 0)
    assert state.nile == (6, 8, 5, 0)


def test_civilization_disaster_forces_the_removal_of_one_or_two_markers() -> None:
    state = board(new_game(4))
    state = with_civilization(state, {"yellow": (0, 1, 2), "blue": (2,), "red": (0,)})
    state = rolled(state, [S, S, S, S, N])
    state, events = play(state, 0, mv.DeclareDisaster(disaster="civilization"))
    assert events == [
        ev.DisasterDeclared(seat=0, disaster="civilization"),
        ev.MarkersRemoved(
            seat=1, area="civilization", spaces=(ev.Space(colour="yellow"),), chosen=False
        ),
        ev.MarkersRemoved(
            seat=2,
            area="civilization",
            spaces=(ev.Space(colour="yellow"), ev.Space(colour="blue")),
            chosen=False,
        ),
    ]
    assert state.civilization == ((0,), (), (), (), (0,))
    assert state.phase == "apply"  # no choice left to anyone


def test_civilization_disaster_victims_choose_two_of_three_or_more_markers() -> None:
    state = with_civilization(
        new_game(3), {"yellow": (1,), "purple": (1,), "green": (1, 2), "red": (2,)}
    )
    state = rolled(state, [S, S, S, S, "civilization"])
    state, events = play(state, 0, mv.DeclareDisaster(disaster="civilization"))
    assert events[1:] == [
        ev.MarkersRemoved(
            seat=2,
            area="civilization",
            spaces=(ev.Space(colour="green"), ev.Space(colour="red")),
            chosen=False,
        )
    ]
    assert state.phase == "disaster"
    assert GAME.to_act(state) == [1]
    assert GAME.prompt(state, 1) == "retrieve 2 Civilization markers"
    assert GAME.legal_moves(state, 0) == []
    assert rejects(GAME, state, 0, mv.EndTurn()) == "not_your_turn"
    assert {m.colour for m in GAME.legal_moves(state, 1)} == {"yellow", "purple", "green"}
    move = mv.RetrieveMarker(colour="red")
    assert rejects(GAME, state, 1, move) == "no_marker_there"
    state, events = play(state, 1, mv.RetrieveMarker(colour="purple"))
    assert events == [
        ev.MarkersRemoved(
            seat=1, area="civilization", spaces=(ev.Space(colour="purple"),), chosen=True
        )
    ]
    assert GAME.to_act(state) == [1]
    state, _ = play(state, 1, mv.RetrieveMarker(colour="green"))
    assert state.civilization == ((1,), (), (), (), ())
    assert state.phase == "apply"
    assert GAME.to_act(state) == [0]


def test_monuments_disaster_victims_choose_at_the_same_time() -> None:
    state = with_monuments(new_game(3), 1, [("yellow", 0), ("yellow", 1), ("red", 7)])
    state = with_monuments(state, 2, [("blue", 0), ("green", 3), ("purple", 5)])
    state = with_monuments(state, 0, [("red", 0)])
    state = rolled(state, [S, S, S, S, S])
    state, events = play(state, 0, mv.DeclareDisaster(disaster="monuments"))
    assert events == [ev.DisasterDeclared(seat=0, disaster="monuments")]
    assert GAME.to_act(state) == [1, 2]
    assert len(GAME.legal_moves(state, 1)) == 3
    state, _ = play(state, 2, mv.RetrieveMarker(colour="green", column=3))
    state, _ = play(state, 1, mv.RetrieveMarker(colour="yellow", column=1))
    assert GAME.to_act(state) == [1, 2]
    move = mv.RetrieveMarker(colour="red", column=0)
    assert rejects(GAME, state, 1, move) == "no_marker_there"
    assert rejects(GAME, state, 1, mv.RetrieveMarker(colour="red")) == "unknown_column"
    state, _ = play(state, 1, mv.RetrieveMarker(colour="red", column=7))
    assert GAME.to_act(state) == [2]
    state, _ = play(state, 2, mv.RetrieveMarker(colour="blue", column=0))
    assert state.phase == "apply"
    assert [state.monuments.count(s) for s in range(3)] == [1, 1, 1]


def test_monuments_disaster_on_a_single_marker_removes_it_without_a_choice() -> None:
    state = with_monuments(new_game(2), 1, [("purple", 6)])
    state = rolled(state, [S, S, S, S, "monument"])
    state, events = play(state, 0, mv.DeclareDisaster(disaster="monuments"))
    assert events[1] == ev.MarkersRemoved(
        seat=1, area="monuments", spaces=(ev.Space(colour="purple", column=6),), chosen=False
    )
    assert state.monuments.count(1) == 0
    assert state.phase == "apply"


def test_a_disaster_spares_the_player_who_declares_it() -> None:
    state = _four_suns(2, pharaoh=[4, 4], nile=[3, 3])
    state, _ = play(state, 0, mv.DeclareDisaster(disaster="pharaoh"))
    assert state.pharaoh == (4, 2)


def test_dice_can_be_applied_after_the_disaster_into_the_freed_spaces() -> None:
    state = with_monuments(new_game(2), 1, [("red", 0)])
    state = rolled(state, [S, S, S, S, "monument"])
    assert rejects(GAME, state, 0, mv.PlaceMonument(die=4, column=0)) == "monument_space_taken"
    state, _ = play(state, 0, mv.DeclareDisaster(disaster="monuments"))
    state, events = play(state, 0, mv.PlaceMonument(die=4, column=0))
    assert events[0].colour == "red"


def test_a_declared_disaster_still_leaves_ra_where_it_is() -> None:
    state = _four_suns(3)
    state, _ = play(state, 0, mv.DeclareDisaster(disaster="pharaoh"))
    state, events = play(state, 0, mv.EndTurn())
    assert events == [ev.TurnEnded(seat=0, next_seat=1)]
    assert state.ra == 6
