"""Ra rules: applying Pharaoh, Nile and Ankh dice (flooding and the Ankh pair included)."""

from __future__ import annotations

from shared.games.ra import GAME
from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from tests.gamekit import rejects
from tests.rules.ra_scenario import board, new_game, play, rolled


def test_each_pharaoh_die_advances_the_marker_one_space_with_ankhs_joining() -> None:
    # Rules, Pharaoh example: two Pharaohs and an Ankh: "Advance the marker 3 spaces".
    state = rolled(new_game(2), ["pharaoh", "pharaoh", "ankh", "nile", "monument"])
    state, events = play(state, 0, mv.AdvancePharaoh(dice=(2, 0, 1)))
    assert events == [ev.PharaohAdvanced(seat=0, dice=(0, 1, 2), spaces=3, position=3)]
    assert state.pharaoh == (3, 0)
    assert state.used == (0, 1, 2)


def test_ankhs_advance_the_pharaoh_only_with_a_real_pharaoh() -> None:
    state = rolled(new_game(2), ["ankh", "ankh", "nile", "nile", "monument"])
    assert rejects(GAME, state, 0, mv.AdvancePharaoh(dice=(0, 1))) == "needs_real_pharaoh"
    assert not any(isinstance(m, mv.AdvancePharaoh) for m in GAME.legal_moves(state, 0))


def test_the_pharaoh_marker_does_not_go_beyond_12() -> None:
    state = board(
        rolled(new_game(2), ["pharaoh", "pharaoh", "ankh", "nile", "nile"]), pharaoh=[11, 0]
    )
    assert rejects(GAME, state, 0, mv.AdvancePharaoh(dice=(0, 1))) == "pharaoh_track_end"
    state, events = play(state, 0, mv.AdvancePharaoh(dice=(1,)))
    assert events[0].position == 12
    assert rejects(GAME, state, 0, mv.AdvancePharaoh(dice=(0,))) == "pharaoh_track_end"


def test_a_die_of_another_symbol_cannot_advance_the_pharaoh() -> None:
    state = rolled(new_game(2), ["pharaoh", "nile", "ankh", "nile", "nile"])
    assert rejects(GAME, state, 0, mv.AdvancePharaoh(dice=(0, 1))) == "wrong_symbol"


def test_each_die_can_be_applied_only_once() -> None:
    state = rolled(new_game(2), ["pharaoh", "nile", "ankh", "nile", "nile"])
    state, _ = play(state, 0, mv.AdvancePharaoh(dice=(0, 2)))
    assert rejects(GAME, state, 0, mv.AdvanceNile(dice=(1, 2))) == "die_already_used"
    assert rejects(GAME, state, 0, mv.AdvancePharaoh(dice=(0,))) == "die_already_used"


def test_nile_dice_advance_the_nile_marker_with_ankhs_joining() -> None:
    # Rules, Nile example: "Advance the marker 2 spaces" (a Nile and an Ankh).
    state = rolled(new_game(2), ["nile", "ankh", "pharaoh", "monument", "civilization"])
    state, events = play(state, 0, mv.AdvanceNile(dice=(0, 1)))
    assert events == [ev.NileAdvanced(seat=0, dice=(0, 1), spaces=2, position=2)]
    assert state.nile == (2, 0)


def test_ankhs_advance_the_nile_only_with_a_real_nile() -> None:
    state = rolled(new_game(2), ["ankh", "pharaoh", "pharaoh", "monument", "civilization"])
    assert rejects(GAME, state, 0, mv.AdvanceNile(dice=(0,))) == "needs_real_nile"


def test_the_nile_marker_does_not_go_beyond_12() -> None:
    state = board(rolled(new_game(2), ["nile", "nile", "ankh", "pharaoh", "pharaoh"]), nile=[10, 0])
    assert rejects(GAME, state, 0, mv.AdvanceNile(dice=(0, 1, 2))) == "nile_track_end"
    state, events = play(state, 0, mv.AdvanceNile(dice=(0, 2)))
    assert events[0].position == 12


def test_three_nile_dice_flood_the_nile() -> None:
    state = rolled(new_game(2), ["nile", "nile", "nile", "pharaoh", "pharaoh"])
    state, events = play(state, 0, mv.FloodNile(dice=(0, 1, 2)))
    assert events == [ev.NileFlooded(seat=0, dice=(0, 1, 2), floods=1)]
    assert state.floods == (1, 0)
    assert state.nile == (0, 0)  # flooding itself does not move the marker


def test_one_or_two_ankhs_may_stand_in_for_nile_dice_in_a_flood() -> None:
    state = rolled(new_game(2), ["nile", "ankh", "ankh", "pharaoh", "pharaoh"])
    state, events = play(state, 0, mv.FloodNile(dice=(0, 1, 2)))
    assert events[0].floods == 1


def test_three_ankhs_cannot_flood_the_nile() -> None:
    state = rolled(new_game(2), ["ankh", "ankh", "ankh", "pharaoh", "pharaoh"])
    assert rejects(GAME, state, 0, mv.FloodNile(dice=(0, 1, 2))) == "needs_real_nile"


def test_a_flood_takes_exactly_three_dice() -> None:
    state = rolled(new_game(2), ["nile", "nile", "nile", "nile", "pharaoh"])
    assert rejects(GAME, state, 0, mv.FloodNile(dice=(0, 1))) == "flood_needs_three_dice"
    assert rejects(GAME, state, 0, mv.FloodNile(dice=(0, 1, 2, 3))) == "flood_needs_three_dice"


def test_flood_and_advance_one_space_with_four_nile_dice() -> None:
    # Rules, Nile example: "Flood the Nile and advance 1 space"; the flood marker moves along.
    state = rolled(new_game(2), ["nile", "nile", "nile", "nile", "pharaoh"])
    state, _ = play(state, 0, mv.FloodNile(dice=(0, 1, 2)))
    assert rejects(GAME, state, 0, mv.AdvanceNile(dice=(2, 3))) == "die_already_used"
    state, events = play(state, 0, mv.AdvanceNile(dice=(3,)))
    assert events == [ev.NileAdvanced(seat=0, dice=(3,), spaces=1, position=1)]
    assert (state.nile[0], state.floods[0]) == (1, 1)


def test_the_nile_may_be_flooded_more_than_once() -> None:
    state = board(
        rolled(new_game(2), ["nile", "nile", "ankh", "pharaoh", "pharaoh"]), floods=[2, 0]
    )
    state, events = play(state, 0, mv.FloodNile(dice=(0, 1, 2)))
    assert events[0].floods == 3
    assert state.floods == (3, 0)


def test_a_pair_of_unused_ankhs_scores_2_points() -> None:
    state = rolled(new_game(2), ["ankh", "nile", "ankh", "pharaoh", "pharaoh"])
    state, events = play(state, 0, mv.ScoreAnkhPair(dice=(2, 0)))
    assert events == [ev.AnkhPairScored(seat=0, dice=(0, 2), points=2)]
    assert state.scores == (12, 11)
    assert rejects(GAME, state, 0, mv.AdvancePharaoh(dice=(2, 3))) == "die_already_used"


def test_two_ankh_pairs_score_twice() -> None:
    state = rolled(new_game(2), ["ankh", "ankh", "ankh", "ankh", "pharaoh"])
    state, _ = play(state, 0, mv.ScoreAnkhPair(dice=(0, 1)))
    state, _ = play(state, 0, mv.ScoreAnkhPair(dice=(2, 3)))
    assert state.scores == (14, 11)


def test_an_ankh_pair_is_exactly_two_ankhs() -> None:
    state = rolled(new_game(2), ["ankh", "nile", "ankh", "ankh", "pharaoh"])
    assert rejects(GAME, state, 0, mv.ScoreAnkhPair(dice=(0,))) == "ankh_pair_needs_two_ankhs"
    assert rejects(GAME, state, 0, mv.ScoreAnkhPair(dice=(0, 2, 3))) == "ankh_pair_needs_two_ankhs"
    assert rejects(GAME, state, 0, mv.ScoreAnkhPair(dice=(0, 1))) == "wrong_symbol"


def test_an_ankh_used_as_a_symbol_cannot_join_a_pair() -> None:
    state = rolled(new_game(2), ["ankh", "nile", "ankh", "pharaoh", "pharaoh"])
    state, _ = play(state, 0, mv.AdvancePharaoh(dice=(0, 3)))
    assert rejects(GAME, state, 0, mv.ScoreAnkhPair(dice=(0, 2))) == "die_already_used"
    assert not any(isinstance(m, mv.ScoreAnkhPair) for m in GAME.legal_moves(state, 0))


def test_sun_dice_cannot_be_applied_as_symbols() -> None:
    state = rolled(new_game(2), ["sun", "nile", "ankh", "pharaoh", "pharaoh"])
    assert rejects(GAME, state, 0, mv.AdvancePharaoh(dice=(0, 3))) == "die_is_sun"


def test_an_ankh_may_join_the_pharaoh_later_in_the_turn_once_a_real_pharaoh_was_used() -> None:
    state = rolled(new_game(2), ["pharaoh", "ankh", "nile", "nile", "monument"])
    state, _ = play(state, 0, mv.AdvancePharaoh(dice=(0,)))
    assert mv.AdvancePharaoh(dice=(1,)) in GAME.legal_moves(state, 0)
    state, events = play(state, 0, mv.AdvancePharaoh(dice=(1,)))
    assert events == [ev.PharaohAdvanced(seat=0, dice=(1,), spaces=1, position=2)]


def test_an_ankh_may_join_the_nile_later_only_after_a_real_nile_advanced_the_marker() -> None:
    state = rolled(new_game(2), ["nile", "nile", "nile", "ankh", "nile"])
    flooded, _ = play(state, 0, mv.FloodNile(dice=(0, 1, 2)))
    # The flood used real Niles, but none advanced the marker: the Ankh cannot advance alone.
    assert rejects(GAME, flooded, 0, mv.AdvanceNile(dice=(3,))) == "needs_real_nile"
    advanced, _ = play(flooded, 0, mv.AdvanceNile(dice=(4,)))
    after, events = play(advanced, 0, mv.AdvanceNile(dice=(3,)))
    assert events[0].position == 2
    assert (after.nile[0], after.floods[0]) == (2, 1)


def test_a_real_pharaoh_used_this_turn_does_not_carry_over_to_the_next_turn() -> None:
    state = rolled(new_game(2), ["pharaoh", "nile", "nile", "nile", "nile"])
    state, _ = play(state, 0, mv.AdvancePharaoh(dice=(0,)))
    state, _ = play(state, 0, mv.EndTurn())
    state = rolled(state, ["ankh", "nile", "nile", "nile", "nile"])
    assert rejects(GAME, state, 1, mv.AdvancePharaoh(dice=(0,))) == "needs_real_pharaoh"
