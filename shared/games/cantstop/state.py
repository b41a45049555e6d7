"""Can't Stop's components, table options and state (a frozen Struct folded from events)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

import msgspec


class Components(msgspec.Struct, frozen=True, kw_only=True):
    """The numbers of data.toml (each value's source is noted there)."""

    first_column: int
    heights: tuple[int, ...]
    dice: int
    faces: int
    runners: int
    most_seats: dict[str, int]
    min_players: int
    max_players: int

    @property
    def columns(self) -> range:
        """The column numbers (2..12)."""
        return range(self.first_column, self.first_column + len(self.heights))

    def top(self, column: int) -> int:
        """The column's last space (spaces count from 1)."""
        return self.heights[column - self.first_column]


C = msgspec.convert(tomllib.loads((Path(__file__).parent / "data.toml").read_text()), Components)


class CantStopOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options (target 4 only for 2-3 players, 5 only for 2).

    - `target`: columns needed to win (the rulebook's 3; 4 for 2-3 players, 5 for 2).
    - `no_third_stop`: with target 4, the seed's 2-player variant: a turn may not end
      holding exactly 3 columns (set false for the rulebook's plain target 4).
    - `opponents`: squares of other players are shared (rulebook), skipped when moving
      (printed variant A), or keep you rolling while a runner stands on one (variant B).
    """

    target: Literal[3, 4, 5] = 3
    no_third_stop: bool = True
    opponents: Literal["share", "skip", "reroll"] = "share"


Phase = Literal["roll", "choose", "over"]


class CantStopState(msgspec.Struct, frozen=True, kw_only=True):
    """The whole (public) game. Columns are indexed column - 2; spaces count from 1."""

    seats: int
    options: CantStopOptions
    active: int = 0
    phase: Phase = "roll"  # roll: roll or stop; choose: pick sums from the dice
    dice: tuple[int, ...] = ()
    runners: tuple[tuple[int, int], ...] = ()  # this turn's (column, space), by column
    squares: tuple[tuple[int, ...], ...] = ()  # [seat][column]: the seat's square, 0: none
    owners: tuple[int, ...] = ()  # [column]: the seat that won it, -1: open
    winner: int | None = None

    def square(self, seat: int, column: int) -> int:
        """The space of the seat's square in that column (0: none)."""
        return self.squares[seat][column - C.first_column]

    def owner(self, column: int) -> int:
        """The seat that won the column, -1 while open."""
        return self.owners[column - C.first_column]

    def won(self, seat: int) -> int:
        """How many columns the seat has won."""
        return self.owners.count(seat)

    def taken(self, seat: int, column: int, space: int) -> bool:
        """Another player's square stands on that space."""
        return any(s != seat and self.square(s, column) == space for s in range(self.seats))


def initial_state(seats: int, options: CantStopOptions | None = None) -> CantStopState:
    """The empty board for `seats` players, before GameStarted."""
    width = len(C.heights)
    return CantStopState(
        seats=seats,
        options=options or CantStopOptions(),
        squares=((0,) * width,) * seats,
        owners=(-1,) * width,
    )
