"""Shared validation for Ra's moves: whose turn, which phase, which dice."""

from __future__ import annotations

from collections.abc import Collection

from shared.games.kit import fail
from shared.games.ra.components import SUN, C
from shared.games.ra.state import RaState


def take_dice(state: RaState, dice: tuple[int, ...], faces: Collection[str]) -> list[str]:
    """The faces of the named dice, checking they exist, are free and show one of `faces`."""
    if not dice:
        fail("no_dice_named", "name at least one die")
    if len(set(dice)) != len(dice):
        fail("die_named_twice", "each die can be applied only once")
    shown = []
    for die in dice:
        if not isinstance(die, int) or not 0 <= die < C.dice:
            fail("unknown_die", f"there is no die {die!r}")
        face = state.faces[die]
        if face == SUN:
            # Rules, Play: dice showing Suns are locked on the Sun track.
            fail("die_is_sun", "a die showing a Sun is locked on the Sun track")
        if die in state.used:
            # Rules, Ankh: "each die ... can only be applied once".
            fail("die_already_used", "that die was already applied this turn")
        if face not in faces:
            fail("wrong_symbol", f"die {die} shows {face}, not {'/'.join(faces)}")
        shown.append(face)
    return shown


def colour_index(colour: object) -> int:
    """The index of a die/space colour; raises `unknown_colour`."""
    if not isinstance(colour, str) or colour not in C.colours:
        fail("unknown_colour", f"there is no colour {colour!r}")
    return C.colours.index(colour)


def column_index(column: object) -> int:
    """A valid Monument column (0-7); raises `unknown_column`."""
    if not isinstance(column, int) or isinstance(column, bool):
        fail("unknown_column", f"there is no column {column!r}")
    if not 0 <= column < C.monument_columns:
        fail("unknown_column", f"there is no column {column!r}")
    return column
