"""Rules, Play: applying the dice to Pharaoh, Nile, Civilization, Monuments and Ankh pairs."""

from __future__ import annotations

from shared.games.kit import fail
from shared.games.ra import events as ev
from shared.games.ra.checks import colour_index, column_index, take_dice
from shared.games.ra.components import ANKH, CIVILIZATION, MONUMENT, NILE, PHARAOH, C
from shared.games.ra.moves import (
    AdvanceNile,
    AdvancePharaoh,
    FloodNile,
    PlaceCivilization,
    PlaceMonument,
    ScoreAnkhPair,
)
from shared.games.ra.state import EMPTY, RaState, cell, has_monument_in_column
from shared.games.rng import Rng


def advance_pharaoh(state: RaState, seat: int, move: AdvancePharaoh, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Pharaoh: one space per die, Ankhs only with a real Pharaoh, not beyond 12."""
    faces = take_dice(state, move.dice, (PHARAOH, ANKH))
    # Rules, Pharaoh: "If he uses at least one die showing a Pharaoh, any die showing an Ankh
    # may also be used" - in this move or in an earlier one of the same turn.
    if PHARAOH not in faces and PHARAOH not in state.advanced:
        fail("needs_real_pharaoh", "Ankhs count as Pharaohs only with a real Pharaoh")
    position = state.pharaoh[seat] + len(faces)
    if position > C.pharaoh_end:
        fail("pharaoh_track_end", f"the Pharaoh marker cannot pass {C.pharaoh_end}")
    dice = tuple(sorted(move.dice))
    return [ev.PharaohAdvanced(seat=seat, dice=dice, spaces=len(faces), position=position)]


def advance_nile(state: RaState, seat: int, move: AdvanceNile, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Nile: one space per die, Ankhs only with a real Nile, not beyond 12."""
    faces = take_dice(state, move.dice, (NILE, ANKH))
    # Rules, Nile: Ankhs join "if he uses at least one die showing the Nile to advance his
    # marker" - in this move or in an earlier advance of the same turn (a flood does not count).
    if NILE not in faces and NILE not in state.advanced:
        fail("needs_real_nile", "Ankhs count as Niles only with a real Nile")
    position = state.nile[seat] + len(faces)
    if position > C.nile_end:
        fail("nile_track_end", f"the Nile marker cannot pass {C.nile_end}")
    dice = tuple(sorted(move.dice))
    return [ev.NileAdvanced(seat=seat, dice=dice, spaces=len(faces), position=position)]


def flood_nile(state: RaState, seat: int, move: FloodNile, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Nile: three Nile dice, of which one or two may be Ankhs, add a flood marker."""
    faces = take_dice(state, move.dice, (NILE, ANKH))
    if len(faces) != C.flood_dice:
        fail("flood_needs_three_dice", "a flood takes exactly three Nile dice")
    if NILE not in faces:
        fail("needs_real_nile", "a flood needs at least one real Nile die")
    dice = tuple(sorted(move.dice))
    return [ev.NileFlooded(seat=seat, dice=dice, floods=state.floods[seat] + 1)]


def place_civilization(
    state: RaState, seat: int, move: PlaceCivilization, rng: Rng
) -> list[ev.RaEvent]:
    """Rules, Civilization: 3/4/5 dice place 1/2/3 markers on real Civilization colours."""
    faces = take_dice(state, move.dice, (CIVILIZATION, ANKH))
    if len(faces) < C.civilization_min_dice:
        fail("civilization_needs_three_dice", "Civilization needs at least three dice")
    if CIVILIZATION not in faces:
        fail("needs_real_civilization", "Ankhs need a real Civilization die")
    if len(move.colours) != len(faces) - (C.civilization_min_dice - 1):
        fail("civilization_marker_count", "3, 4 or 5 dice place exactly 1, 2 or 3 markers")
    if len(set(move.colours)) != len(move.colours):
        fail("colour_named_twice", "one marker per player per colour space")
    # Rules, Civilization: "the die of that color must show a Civilization (not an Ankh!)".
    real = {C.colours[d] for d, face in zip(move.dice, faces, strict=True) if face != ANKH}
    for colour in move.colours:
        space = state.civilization[colour_index(colour)]
        if colour not in real:
            fail(
                "civilization_colour_not_rolled",
                f"no die used here shows a real Civilization in {colour}",
            )
        if seat in space:
            fail("civilization_colour_taken", f"you already have a marker on {colour}")
        if len(space) >= state.players - 1:
            # Rules, Civilization: each space holds one fewer marker than there are players.
            fail("civilization_space_full", f"the {colour} space is full")
    dice = tuple(sorted(move.dice))
    return [ev.CivilizationPlaced(seat=seat, dice=dice, colours=tuple(move.colours))]


def place_monument(state: RaState, seat: int, move: PlaceMonument, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Monuments: the first marker takes one die, each further one two more dice."""
    first = state.monuments_placed == 0
    if first and move.extra_die is not None:
        fail("first_monument_takes_one_die", "the first Monument marker uses one die")
    if not first and move.extra_die is None:
        fail("further_monument_needs_two_dice", "a further marker needs two more dice")
    dice = (move.die,) if move.extra_die is None else (move.die, move.extra_die)
    faces = take_dice(state, dice, (MONUMENT, ANKH))
    if faces[0] != MONUMENT:
        # Rules, Monuments: the space's colour is a die that "must show a Monument (not an Ankh!)".
        fail("needs_real_monument", "the colour die must show a real Monument")
    row = move.die
    column = column_index(move.column)
    if state.monuments[cell(row, column)] != EMPTY:
        fail("monument_space_taken", "that Monument space is not empty")
    if not first and has_monument_in_column(state, seat, column):
        # Rules, Monuments: a further marker goes "in a column which does not contain any of
        # his markers".
        fail("monument_column_has_own_marker", "you already have a marker in that column")
    return [ev.MonumentPlaced(seat=seat, dice=dice, colour=C.colours[row], column=column)]


def score_ankh_pair(state: RaState, seat: int, move: ScoreAnkhPair, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Ankh: "use the pair of Ankhs to score an immediate 2 points"."""
    faces = take_dice(state, move.dice, (ANKH,))
    if len(faces) != 2:
        fail("ankh_pair_needs_two_ankhs", "an Ankh pair is exactly two Ankhs")
    dice = tuple(sorted(move.dice))
    return [ev.AnkhPairScored(seat=seat, dice=dice, points=C.ankh_pair_points)]
