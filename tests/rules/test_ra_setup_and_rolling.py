"""Ra rules: preparation, the roll and the two rerolls, Suns locking onto the Sun track."""

from __future__ import annotations

import pytest

from shared.games.ra import GAME
from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from shared.games.rng import Rng
from tests.gamekit import rejects, start
from tests.rules.ra_scenario import FixedRng, board, new_game, play, rolled

YELLOW, PURPLE, GREEN, BLUE, RED = range(5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_scores_are_10_11_12_13_in_seat_order(players: int) -> None:
    state, events = start(GAME, players)
    assert state.scores == (10, 11, 12, 13)[:players]
    assert isinstance(events[0], ev.GameStarted)
    assert events[0].scores == state.scores


@pytest.mark.parametrize(("players", "space"), [(2, 8), (3, 6), (4, 4)])
def test_ra_starts_on_the_space_of_the_player_count(players: int, space: int) -> None:
    state, _ = start(GAME, players)
    assert state.ra == space
    assert state.epoch == 1


def test_markers_start_at_the_start_of_pharaoh_and_nile_tracks() -> None:
    state, _ = start(GAME, 4)
    assert state.pharaoh == (0, 0, 0, 0)
    assert state.nile == (0, 0, 0, 0)
    assert state.floods == (0, 0, 0, 0)


def test_the_start_player_is_seat_0_and_must_roll() -> None:
    state, _ = start(GAME, 3)
    assert GAME.to_act(state) == [0]
    assert GAME.legal_moves(state, 0) == [mv.RollDice()]
    assert GAME.legal_moves(state, 1) == []
    assert GAME.prompt(state, 0) == "roll the dice"


@pytest.mark.parametrize("players", [1, 5])
def test_ra_is_for_two_to_four_players(players: int) -> None:
    with pytest.raises(Exception) as info:
        GAME.setup(players, GAME.convert_options({}), Rng(0))
    assert getattr(info.value, "code", None) == "player_count"


def test_options_are_empty_and_unknown_options_are_refused() -> None:
    assert GAME.convert_options({}) == GAME.options_type()
    with pytest.raises(Exception):  # noqa: B017 - msgspec.ValidationError
        GAME.convert_options({"variant": 1})


def test_the_first_roll_rolls_all_five_dice_and_records_every_face() -> None:
    state = new_game(2)
    faces = ["pharaoh", "nile", "civilization", "monument", "ankh"]
    state, events = play(state, 0, mv.RollDice(), FixedRng(faces))
    assert events == [ev.DiceRolled(seat=0, roll=1, dice=(0, 1, 2, 3, 4), faces=tuple(faces))]
    assert state.faces == tuple(faces)
    assert state.phase == "reroll"


def test_suns_lock_on_the_spaces_right_in_front_of_ra() -> None:
    state = new_game(2)  # Ra on space 8
    faces = ["sun", "nile", "sun", "monument", "ankh"]
    state, events = play(state, 0, mv.RollDice(), FixedRng(faces))
    assert events[1] == ev.SunsLocked(seat=0, dice=(YELLOW, GREEN), spaces=(9, 10), suns=2)
    assert state.suns == (YELLOW, GREEN)


def test_suns_past_the_last_space_are_placed_beside_the_track() -> None:
    state = board(new_game(2), ra=14)
    faces = ["sun", "sun", "sun", "monument", "ankh"]
    _, events = play(state, 0, mv.RollDice(), FixedRng(faces))
    assert events[1] == ev.SunsLocked(seat=0, dice=(0, 1, 2), spaces=(15, 16, None), suns=3)


def test_a_reroll_rolls_only_the_named_dice_and_adds_new_suns_after_the_old() -> None:
    state = new_game(2)
    state, _ = play(state, 0, mv.RollDice(), FixedRng(["sun", "nile", "nile", "monument", "ankh"]))
    state, events = play(state, 0, mv.RerollDice(dice=(3, 1)), FixedRng(["sun", "pharaoh"]))
    assert events == [
        ev.DiceRolled(seat=0, roll=2, dice=(1, 3), faces=("sun", "pharaoh")),
        ev.SunsLocked(seat=0, dice=(1,), spaces=(10,), suns=2),
    ]
    assert state.faces == ("sun", "sun", "nile", "pharaoh", "ankh")
    assert state.suns == (0, 1)
    assert state.phase == "reroll"


def test_after_two_rerolls_the_dice_must_be_applied() -> None:
    state = new_game(2)
    five = ["nile"] * 5
    state, _ = play(state, 0, mv.RollDice(), FixedRng(five))
    state, _ = play(state, 0, mv.RerollDice(dice=(0,)), FixedRng(["nile"]))
    state, _ = play(state, 0, mv.RerollDice(dice=(0,)), FixedRng(["nile"]))
    assert state.phase == "apply"
    assert rejects(GAME, state, 0, mv.RerollDice(dice=(0,))) == "rolling_finished"


def test_dice_showing_suns_cannot_be_rerolled() -> None:
    state = new_game(2)
    state, _ = play(state, 0, mv.RollDice(), FixedRng(["sun", "nile", "nile", "nile", "nile"]))
    assert rejects(GAME, state, 0, mv.RerollDice(dice=(0, 1))) == "die_is_sun"
    assert mv.RerollDice(dice=(0,)) not in GAME.legal_moves(state, 0)


def test_reroll_moves_offer_every_subset_of_the_non_sun_dice_and_stopping() -> None:
    state = new_game(2)
    state, _ = play(state, 0, mv.RollDice(), FixedRng(["sun", "nile", "nile", "ankh", "sun"]))
    moves = GAME.legal_moves(state, 0)
    assert len(moves) == 7 + 1  # 2^3 - 1 non-empty subsets of dice 1, 2, 3, and StopRolling
    assert mv.StopRolling() in moves
    assert mv.RerollDice(dice=(1, 2, 3)) in moves


def test_five_suns_leave_nothing_to_reroll_and_go_straight_to_applying() -> None:
    state = new_game(2)
    state, events = play(state, 0, mv.RollDice(), FixedRng(["sun"] * 5))
    assert state.phase == "apply"
    assert events[1].suns == 5


def test_stopping_keeps_the_dice_and_starts_applying() -> None:
    state = new_game(2)
    state, _ = play(state, 0, mv.RollDice(), FixedRng(["nile"] * 5))
    state, events = play(state, 0, mv.StopRolling())
    assert events == [ev.RollingStopped(seat=0)]
    assert state.phase == "apply"


@pytest.mark.parametrize(
    ("dice", "code"),
    [
        ((), "no_dice_named"),
        ((1, 1), "die_named_twice"),
        ((5,), "unknown_die"),
        ((-1,), "unknown_die"),
    ],
)
def test_bad_reroll_dice_are_rejected(dice: tuple[int, ...], code: str) -> None:
    state = new_game(2)
    state, _ = play(state, 0, mv.RollDice(), FixedRng(["nile"] * 5))
    assert rejects(GAME, state, 0, mv.RerollDice(dice=dice)) == code


def test_moves_out_of_phase_are_rejected_with_the_phase_rule() -> None:
    state = new_game(2)
    assert rejects(GAME, state, 0, mv.RerollDice(dice=(0,))) == "roll_the_dice_first"
    assert rejects(GAME, state, 0, mv.EndTurn()) == "roll_the_dice_first"
    assert rejects(GAME, state, 0, mv.RetrieveMarker(colour="red")) == "no_disaster_pending"
    state, _ = play(state, 0, mv.RollDice(), FixedRng(["nile"] * 5))
    assert rejects(GAME, state, 0, mv.RollDice()) == "already_rolled"
    assert rejects(GAME, state, 0, mv.AdvanceNile(dice=(0,))) == "still_rolling"
    assert rejects(GAME, state, 0, mv.EndTurn()) == "still_rolling"
    state = rolled(new_game(2), ["nile"] * 5)
    assert rejects(GAME, state, 0, mv.RollDice()) == "already_rolled"
    assert rejects(GAME, state, 0, mv.StopRolling()) == "rolling_finished"


def test_a_move_out_of_turn_is_rejected_with_not_your_turn() -> None:
    state = new_game(3)
    assert rejects(GAME, state, 1, mv.RollDice()) == "not_your_turn"
    assert rejects(GAME, state, 7, mv.RollDice()) == "not_your_turn"


def test_a_rejected_move_records_nothing_and_leaves_the_state_alone() -> None:
    state = rolled(new_game(2), ["nile"] * 5)
    before = state
    assert rejects(GAME, state, 0, mv.AdvancePharaoh(dice=(0,))) == "wrong_symbol"
    assert state == before


def test_applying_the_dice_then_ending_the_turn_passes_the_dice_on() -> None:
    state = rolled(new_game(3), ["nile", "nile", "pharaoh", "monument", "ankh"])
    state, events = play(state, 0, mv.EndTurn())
    assert events == [ev.TurnEnded(seat=0, next_seat=1)]
    assert GAME.to_act(state) == [1]
    assert state.phase == "roll"
    assert state.faces == ("",) * 5


def test_the_last_seat_passes_the_dice_to_seat_0() -> None:
    state = board(new_game(3), current=2)
    state = rolled(state, ["nile"] * 5)
    state, events = play(state, 2, mv.EndTurn())
    assert events[-1] == ev.TurnEnded(seat=2, next_seat=0)
    assert GAME.to_act(state) == [0]
