"""evolve: the only way Can't Stop's state changes."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.cantstop import events as ev
from shared.games.cantstop.state import C, CantStopState


def _stopped(state: CantStopState, event: ev.Stopped) -> CantStopState:
    squares = [list(row) for row in state.squares]
    owners = list(state.owners)
    for column, space in event.squares:
        squares[event.seat][column - C.first_column] = space
    for column in event.won:
        owners[column - C.first_column] = event.seat
        for seat, row in enumerate(squares):  # a won column's other squares go back
            if seat != event.seat:
                row[column - C.first_column] = 0
    return replace(state, squares=tuple(map(tuple, squares)), owners=tuple(owners), runners=())


def evolve(state: CantStopState, event: ev.CantStopEvent) -> CantStopState:
    """The state after one event."""
    match event:
        case ev.GameStarted(first=first):
            return replace(state, active=first, phase="roll")
        case ev.DiceRolled(dice=dice):
            return replace(state, dice=dice, phase="choose")
        case ev.RunnersMoved(runners=runners):
            return replace(state, runners=runners, phase="roll")
        case ev.Busted():
            return replace(state, runners=())
        case ev.Stopped():
            return _stopped(state, event)
        case ev.TurnBegan(seat=seat):
            return replace(state, active=seat, phase="roll", dice=(), runners=())
        case ev.GameWon(seat=seat):
            return replace(state, winner=seat, phase="over")
    raise TypeError(f"not a Can't Stop event: {event!r}")
