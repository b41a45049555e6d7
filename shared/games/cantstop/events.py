"""Can't Stop's moves and events (the class name is the `type` on the wire)."""

from __future__ import annotations

from shared.games.contract import GameEvent, GameMove


class Roll(GameMove, frozen=True, kw_only=True):
    """Roll the four dice (the first roll of a turn is mandatory)."""


class Choose(GameMove, frozen=True, kw_only=True):
    """Move runners on one pairing's sums: both sums, or one when only one can be used."""

    sums: tuple[int, ...]


class Stop(GameMove, frozen=True, kw_only=True):
    """End the turn: squares move up to the runners, a square on a top wins that column."""


CantStopMove = Roll | Choose | Stop


class GameStarted(GameEvent, frozen=True, kw_only=True):
    """The board is empty and `first` starts (drawn from the table's seed)."""

    seats: int
    first: int


class DiceRolled(GameEvent, frozen=True, kw_only=True):
    """The active seat rolled these four dice."""

    seat: int
    dice: tuple[int, ...]


class RunnersMoved(GameEvent, frozen=True, kw_only=True):
    """The seat used these sums; `runners` are all of this turn's runners afterwards."""

    seat: int
    sums: tuple[int, ...]
    runners: tuple[tuple[int, int], ...]


class Busted(GameEvent, frozen=True, kw_only=True):
    """The roll allowed no placement: the runners (as they stood) are lost."""

    seat: int
    dice: tuple[int, ...]
    runners: tuple[tuple[int, int], ...]


class Stopped(GameEvent, frozen=True, kw_only=True):
    """The seat stopped: its squares stand at `squares`; it won the columns in `won`."""

    seat: int
    squares: tuple[tuple[int, int], ...]
    won: tuple[int, ...]


class TurnBegan(GameEvent, frozen=True, kw_only=True):
    """The seat's turn starts with its first (mandatory) roll."""

    seat: int


class GameWon(GameEvent, frozen=True, kw_only=True):
    """The seat holds the target number of columns."""

    seat: int


CantStopEvent = GameStarted | DiceRolled | RunnersMoved | Busted | Stopped | TurnBegan | GameWon
