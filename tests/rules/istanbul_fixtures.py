"""Constructed Istanbul positions and scripted dice for the rules tests."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from shared.games.istanbul import GAME
from shared.games.istanbul.state import IstanbulState, Player, at
from shared.games.rng import Rng
from tests.gamekit import start


class Dice(Rng):
    """An Rng whose randint answers the scripted faces in order (then 1s)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        """The next scripted face."""
        self.draws += 1
        return self.faces.pop(0) if self.faces else low


def table(seats: int = 3, layout: str = "short", seed: int = 0) -> IstanbulState:
    """A state right after setup with seat 0 to start, governor and smuggler out of the way
    (both on the Fruit Warehouse unless a test moves them), deck and hands empty."""
    state, _ = start(GAME, seats, {"layout": layout}, seed)
    money = tuple(2 + seat for seat in range(seats))
    players = tuple(replace(p, money=m, hand=()) for p, m in zip(state.players, money, strict=True))
    return replace(
        state, start=0, active=0, players=players, deck=(), discard=(), governor=4, smuggler=4
    )


def with_player(state: IstanbulState, seat: int, **changes: Any) -> IstanbulState:
    """The state with one seat's pieces changed."""
    player: Player = replace(state.players[seat], **changes)
    return replace(state, players=at(state.players, seat, player))


def play(
    state: IstanbulState, seat: int, move: Any, rng: Rng | None = None
) -> tuple[IstanbulState, list]:
    """Decide and fold one move."""
    events = list(GAME.decide(state, seat, move, rng or Rng(0)))
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


def names(events: list) -> list[str]:
    """The event type names, in order."""
    return [type(e).__name__ for e in events]


def at_place(state: IstanbulState, seat: int, place: int, phase: str = "action") -> IstanbulState:
    """The seat's merchant stands at the place with its action (or another phase) open."""
    state = with_player(state, seat, merchant=place)
    return replace(state, active=seat, phase=phase, place=place)
