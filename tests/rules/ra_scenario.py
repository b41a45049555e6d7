"""Building Ra positions for the rules tests, through the real decide/evolve."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from shared.games.ra.components import C
from shared.games.ra.evolve import evolve
from shared.games.ra.rules import decide
from shared.games.ra.setup import setup
from shared.games.ra.state import EMPTY, REROLL, RaOptions, RaState, cell, initial_state
from shared.games.rng import Rng


class FixedRng(Rng):
    """An Rng whose die rolls are given in advance as face names, in rolling order."""

    __slots__ = ("_faces",)

    def __init__(self, faces: Sequence[str] = ()) -> None:
        super().__init__(0)
        self._faces = [C.faces.index(face) for face in faces]

    def randint(self, low: int, high: int) -> int:
        """The next prepared face (index into the die faces)."""
        return self._faces.pop(0)


def new_game(players: int) -> RaState:
    """The state after setup: epoch 1, seat 0 to roll."""
    state = initial_state(players, RaOptions())
    for event in setup(players, RaOptions(), Rng(0)):
        state = evolve(state, event)
    return state


def play(
    state: RaState, seat: int, move: mv.RaMove, rng: Rng | None = None
) -> tuple[RaState, list[ev.RaEvent]]:
    """Decide a move and fold its events."""
    events = decide(state, seat, move, rng or Rng(0))
    for event in events:
        state = evolve(state, event)
    return state, events


def rolled(state: RaState, faces: Sequence[str]) -> RaState:
    """The current player rolls exactly these five faces and stops rolling."""
    state, _ = play(state, state.current, mv.RollDice(), FixedRng(faces))
    if state.phase == REROLL:
        state, _ = play(state, state.current, mv.StopRolling())
    return state


def board(state: RaState, **fields: Any) -> RaState:
    """The state with some board fields replaced (per-seat tuples accept lists)."""
    return replace(state, **{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()})


def with_civilization(state: RaState, markers: dict[str, Sequence[int]]) -> RaState:
    """The state with these seats on these Civilization colour spaces."""
    spaces = list(state.civilization)
    for colour, seats in markers.items():
        spaces[C.colours.index(colour)] = tuple(seats)
    return replace(state, civilization=tuple(spaces))


def with_monuments(state: RaState, seat: int, spaces: Sequence[tuple[str, int]]) -> RaState:
    """The state with the seat's markers on these Monument spaces (colour, column)."""
    monuments = list(state.monuments)
    for colour, column in spaces:
        index = cell(C.colours.index(colour), column)
        assert monuments[index] == EMPTY, "space already taken"
        monuments[index] = seat
    return replace(state, monuments=tuple(monuments))
