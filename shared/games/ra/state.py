"""Ra's state: a frozen Struct folded from events, plus the (empty) table options."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from shared.games.ra.components import SUN, C

Phase = Literal["roll", "reroll", "apply", "disaster", "over"]
ROLL: Final = "roll"
REROLL: Final = "reroll"
APPLY: Final = "apply"
DISASTER: Final = "disaster"
OVER: Final = "over"
"""Phases: roll the dice, reroll or stop, apply dice, victims retrieve markers, game over."""

EMPTY = -1
"""An empty Monument space."""


class RaOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options: Ra has none (the player count comes from the seats)."""


class RaState(msgspec.Struct, frozen=True, kw_only=True):
    """The whole public state of a Ra table; tuples are indexed by seat, die or space."""

    players: int
    phase: Phase = ROLL
    epoch: int = 0
    ra: int = 0
    current: int = 0
    scores: tuple[int, ...] = ()
    pharaoh: tuple[int, ...] = ()
    nile: tuple[int, ...] = ()
    floods: tuple[int, ...] = ()
    # Per colour space (order of C.colours): the seats with a marker there.
    civilization: tuple[tuple[int, ...], ...] = ()
    # Row-major: row = die colour, column 0..7; the seat on each space or EMPTY.
    monuments: tuple[int, ...] = ()
    # The current turn: faces per die ("" = not rolled), rolls made, locked Suns in order,
    # dice already applied, the tracks advanced with a real Pharaoh/Nile die (so later Ankhs
    # may follow), Monument markers placed, the disaster declared ("" = none).
    faces: tuple[str, ...] = ()
    rolls: int = 0
    suns: tuple[int, ...] = ()
    used: tuple[int, ...] = ()
    advanced: tuple[str, ...] = ()
    monuments_placed: int = 0
    disaster: str = ""
    # Per seat: markers that victim must still retrieve after a disaster.
    pending: tuple[int, ...] = ()


def initial_state(seats: int, options: RaOptions | None = None) -> RaState:
    """The empty board for `seats` players, before GameStarted."""
    return RaState(
        players=seats,
        scores=(0,) * seats,
        pharaoh=(0,) * seats,
        nile=(0,) * seats,
        floods=(0,) * seats,
        civilization=((),) * len(C.colours),
        monuments=(EMPTY,) * (len(C.colours) * C.monument_columns),
        faces=("",) * len(C.colours),
        pending=(0,) * seats,
    )


def cell(colour: int, column: int) -> int:
    """The index of a Monument space in `RaState.monuments`."""
    return colour * C.monument_columns + column


def free_dice(state: RaState) -> list[int]:
    """The dice of this turn that can still be applied (rolled, not a Sun, not used)."""
    return [
        die
        for die, face in enumerate(state.faces)
        if face and face != SUN and die not in state.used
    ]


def civilization_count(state: RaState, seat: int) -> int:
    """How many Civilization markers the seat has."""
    return sum(seat in seats for seats in state.civilization)


def monument_count(state: RaState, seat: int) -> int:
    """How many Monument markers the seat has."""
    return state.monuments.count(seat)


def has_monument_in_column(state: RaState, seat: int, column: int) -> bool:
    """True if the seat has a marker anywhere in that Monument column."""
    return any(state.monuments[cell(row, column)] == seat for row in range(len(C.colours)))


def others(state: RaState, seat: int) -> list[int]:
    """All seats but this one, in table order after it."""
    return [(seat + i) % state.players for i in range(1, state.players)]
