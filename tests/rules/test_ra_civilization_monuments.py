"""Ra rules: placing Civilization and Monument markers, with the rulebook's two examples."""

from __future__ import annotations

from shared.games.ra import GAME
from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from shared.games.ra.state import RaState
from tests.gamekit import rejects
from tests.rules.ra_scenario import new_game, play, rolled, with_civilization, with_monuments

YELLOW, PURPLE, GREEN, BLUE, RED = range(5)
CIV, ANKH, MON = "civilization", "ankh", "monument"


def _civ_example() -> RaState:
    """Rules, Civilization example: red (seat 0 of 3) rolls Civilization on yellow, purple and
    blue and Ankhs on green and red; blue is full and purple already holds a red marker."""
    state = new_game(3)
    state = with_civilization(state, {"blue": (1, 2), "purple": (0,)})
    return rolled(state, [CIV, CIV, ANKH, CIV, ANKH])


def test_civilization_example_five_dice_give_only_one_marker_on_yellow() -> None:
    state = _civ_example()
    # Five dice would place three markers, but only yellow is open to red.
    all_five = (YELLOW, PURPLE, GREEN, BLUE, RED)
    move = mv.PlaceCivilization(dice=all_five, colours=("yellow", "purple", "blue"))
    assert rejects(GAME, state, 0, move) == "civilization_colour_taken"
    move = mv.PlaceCivilization(dice=all_five, colours=("yellow", "blue", "green"))
    assert rejects(GAME, state, 0, move) == "civilization_space_full"
    move = mv.PlaceCivilization(dice=all_five, colours=("yellow", "green", "red"))
    assert rejects(GAME, state, 0, move) == "civilization_colour_not_rolled"
    civ_moves = [m for m in GAME.legal_moves(state, 0) if isinstance(m, mv.PlaceCivilization)]
    assert {m.colours for m in civ_moves} == {("yellow",)}
    # "The player applies only the 3 Civilization dice here and saves the two Ankhs."
    three = (YELLOW, PURPLE, BLUE)
    state, events = play(state, 0, mv.PlaceCivilization(dice=three, colours=("yellow",)))
    assert events == [ev.CivilizationPlaced(seat=0, dice=three, colours=("yellow",))]
    assert state.civilization[YELLOW] == (0,)
    state, events = play(state, 0, mv.ScoreAnkhPair(dice=(GREEN, RED)))
    assert events[0].points == 2


def test_three_four_five_civilization_dice_place_one_two_three_markers() -> None:
    state = rolled(new_game(4), [CIV, CIV, CIV, CIV, CIV])
    dice3, dice4, dice5 = (0, 1, 2), (0, 1, 2, 3), (0, 1, 2, 3, 4)
    _, events = play(state, 0, mv.PlaceCivilization(dice=dice3, colours=("green",)))
    assert events[0].colours == ("green",)
    _, events = play(state, 0, mv.PlaceCivilization(dice=dice4, colours=("green", "blue")))
    assert events[0].colours == ("green", "blue")
    colours = ("yellow", "purple", "red")
    after, events = play(state, 0, mv.PlaceCivilization(dice=dice5, colours=colours))
    assert after.civilization == ((0,), (0,), (), (), (0,))
    move = mv.PlaceCivilization(dice=dice4, colours=("green",))
    assert rejects(GAME, state, 0, move) == "civilization_marker_count"


def test_civilization_needs_at_least_three_dice() -> None:
    state = rolled(new_game(4), [CIV, CIV, "nile", "nile", "nile"])
    move = mv.PlaceCivilization(dice=(0, 1), colours=())
    assert rejects(GAME, state, 0, move) == "civilization_needs_three_dice"


def test_ankhs_count_as_civilization_only_with_a_real_civilization_die() -> None:
    state = rolled(new_game(4), [CIV, ANKH, ANKH, ANKH, "nile"])
    _, events = play(state, 0, mv.PlaceCivilization(dice=(0, 1, 2), colours=("yellow",)))
    assert events[0].colours == ("yellow",)
    move = mv.PlaceCivilization(dice=(1, 2, 3), colours=("purple",))
    assert rejects(GAME, state, 0, move) == "needs_real_civilization"


def test_the_colour_of_an_ankh_cannot_be_used_for_a_civilization_marker() -> None:
    state = rolled(new_game(4), [CIV, ANKH, ANKH, "nile", "nile"])
    move = mv.PlaceCivilization(dice=(0, 1, 2), colours=("purple",))
    assert rejects(GAME, state, 0, move) == "civilization_colour_not_rolled"


def test_one_civilization_marker_per_player_per_colour() -> None:
    state = rolled(with_civilization(new_game(4), {"yellow": (0,)}), [CIV, CIV, CIV, CIV, "nile"])
    move = mv.PlaceCivilization(dice=(0, 1, 2, 3), colours=("yellow", "blue"))
    assert rejects(GAME, state, 0, move) == "civilization_colour_taken"
    move = mv.PlaceCivilization(dice=(0, 1, 2, 3), colours=("blue", "blue"))
    assert rejects(GAME, state, 0, move) == "colour_named_twice"


def test_a_civilization_space_holds_one_marker_fewer_than_players() -> None:
    two = rolled(with_civilization(new_game(2), {"yellow": (1,)}), [CIV, CIV, CIV, "nile", "nile"])
    move = mv.PlaceCivilization(dice=(0, 1, 2), colours=("yellow",))
    assert rejects(GAME, two, 0, move) == "civilization_space_full"
    four = with_civilization(new_game(4), {"yellow": (1, 2)})
    four = rolled(four, [CIV, CIV, CIV, "nile", "nile"])
    after, _ = play(four, 0, move)
    assert after.civilization[YELLOW] == (1, 2, 0)
    four = rolled(
        with_civilization(new_game(4), {"yellow": (1, 2, 3)}), [CIV, CIV, CIV, "nile", "nile"]
    )
    assert rejects(GAME, four, 0, move) == "civilization_space_full"


def test_an_unknown_colour_is_rejected() -> None:
    state = rolled(new_game(4), [CIV, CIV, CIV, "nile", "nile"])
    move = mv.PlaceCivilization(dice=(0, 1, 2), colours=("black",))
    assert rejects(GAME, state, 0, move) == "unknown_colour"


def _monument_example() -> RaState:
    """Rules, Monuments example: red (seat 0) already has 2 markers in the first column and
    rolls Monuments on yellow, purple and green, an Ankh and a fourth Monument."""
    state = with_monuments(new_game(3), 0, [("purple", 0), ("blue", 0)])
    state = with_monuments(state, 1, [("yellow", 1), ("green", 2)])
    return rolled(state, [MON, MON, MON, ANKH, MON])


def test_monument_example_three_markers_from_five_dice() -> None:
    state = _monument_example()
    # The first marker needs one Monument die and may go to a column holding own markers.
    state, events = play(state, 0, mv.PlaceMonument(die=YELLOW, column=0))
    assert events == [ev.MonumentPlaced(seat=0, dice=(YELLOW,), colour="yellow", column=0)]
    # Each further marker: two more dice, a column without own markers, a real Monument's colour.
    move = mv.PlaceMonument(die=PURPLE, column=2, extra_die=BLUE)
    state, events = play(state, 0, move)
    assert events == [ev.MonumentPlaced(seat=0, dice=(PURPLE, BLUE), colour="purple", column=2)]
    move = mv.PlaceMonument(die=GREEN, column=3, extra_die=RED)
    state, events = play(state, 0, move)
    assert events == [ev.MonumentPlaced(seat=0, dice=(GREEN, RED), colour="green", column=3)]
    assert state.used == (YELLOW, PURPLE, BLUE, GREEN, RED)
    assert state.monuments.count(0) == 5


def test_the_first_monument_marker_takes_a_real_monument_die_and_one_die_only() -> None:
    state = _monument_example()
    move = mv.PlaceMonument(die=BLUE, column=5)
    assert rejects(GAME, state, 0, move) == "needs_real_monument"
    move = mv.PlaceMonument(die=YELLOW, column=5, extra_die=BLUE)
    assert rejects(GAME, state, 0, move) == "first_monument_takes_one_die"


def test_the_first_monument_marker_goes_on_any_empty_space_of_its_colour() -> None:
    state = _monument_example()
    moves = [m for m in GAME.legal_moves(state, 0) if isinstance(m, mv.PlaceMonument)]
    # yellow: 7 empty spaces (column 1 is taken), purple: 7, green: 7, red: 8.
    assert len(moves) == 7 + 7 + 7 + 8
    assert rejects(GAME, state, 0, mv.PlaceMonument(die=YELLOW, column=1)) == "monument_space_taken"
    assert rejects(GAME, state, 0, mv.PlaceMonument(die=PURPLE, column=0)) == "monument_space_taken"


def test_a_further_monument_marker_needs_two_more_dice() -> None:
    state, _ = play(_monument_example(), 0, mv.PlaceMonument(die=YELLOW, column=0))
    move = mv.PlaceMonument(die=PURPLE, column=2)
    assert rejects(GAME, state, 0, move) == "further_monument_needs_two_dice"


def test_a_further_monument_marker_avoids_columns_with_own_markers() -> None:
    state, _ = play(_monument_example(), 0, mv.PlaceMonument(die=YELLOW, column=4))
    for column in (0, 4):  # the old markers' column and the one just placed
        move = mv.PlaceMonument(die=PURPLE, column=column, extra_die=BLUE)
        code = rejects(GAME, state, 0, move)
        assert code in ("monument_column_has_own_marker", "monument_space_taken")
    move = mv.PlaceMonument(die=GREEN, column=4, extra_die=BLUE)
    assert rejects(GAME, state, 0, move) == "monument_column_has_own_marker"
    further = [m for m in GAME.legal_moves(state, 0) if isinstance(m, mv.PlaceMonument)]
    assert further and all(m.column not in (0, 4) for m in further)


def test_a_further_monument_marker_takes_the_colour_of_a_real_monument_not_an_ankh() -> None:
    state, _ = play(_monument_example(), 0, mv.PlaceMonument(die=YELLOW, column=0))
    move = mv.PlaceMonument(die=BLUE, column=5, extra_die=PURPLE)
    assert rejects(GAME, state, 0, move) == "needs_real_monument"
    move = mv.PlaceMonument(die=PURPLE, column=5, extra_die=GREEN)
    _, events = play(state, 0, move)
    assert events[0].colour == "purple"  # two Monuments: the player picks either colour


def test_monument_columns_outside_0_to_7_are_rejected() -> None:
    state = _monument_example()
    assert rejects(GAME, state, 0, mv.PlaceMonument(die=YELLOW, column=8)) == "unknown_column"
    assert rejects(GAME, state, 0, mv.PlaceMonument(die=9, column=2)) == "unknown_die"
