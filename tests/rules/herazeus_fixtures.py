"""Constructed Hera und Zeus positions for the rules tests."""

from __future__ import annotations

from typing import Any

from shared.games.herazeus import GAME
from shared.games.herazeus.components import CARDS, FIGURE, HOSTAGES
from shared.games.herazeus.state import HeraZeusState
from shared.games.rng import Rng

HERA, ZEUS = 0, 1
_used: set[int] = set()


def take(seat: int, type_: str, strength: int | None = None) -> int:
    """A card id of that type from the seat's deck not handed out yet in this position."""
    for c in CARDS:
        fits = strength is None or c.strength == strength
        if c.deck == seat and c.type == type_ and c.id not in _used and fits:
            _used.add(c.id)
            return c.id
    raise LookupError(f"no more {type_} {strength} in deck {seat}")


def num(seat: int, strength: int) -> int:
    """A plain number card of that strength."""
    return take(seat, "number", strength)


def fresh() -> None:
    """Start handing out cards anew (call at the start of each position)."""
    _used.clear()


def col(*cards: int, up: bool = False) -> tuple[tuple[int, bool], ...]:
    """A column, row 1 first; FIGURE stands face up."""
    return tuple((c, up or c == FIGURE) for c in cards)


def position(
    *,
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    fields: Any = None,
    decks: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
    discards: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    active: int = HERA,
    ap: int = 3,
    turns: tuple[int, int] = (2, 2),
    figure_removal: str = "action",
) -> HeraZeusState:
    """A turn-phase position; decks default to the hostage plus two cards each."""
    if fields is None:
        fields = ((col(num(0, 4)), (), ()), (col(num(1, 4)), (), ()))
    if decks is None:
        decks = ((num(0, 2), num(0, 2)), (num(1, 2), num(1, 2)))
    return HeraZeusState(
        phase="turn",
        active=active,
        hands=hands,
        fields=fields,
        decks=decks,
        discards=discards,
        opened=(True, True),
        turns=turns,
        ap_total=ap,
        ap_left=ap,
        figure_removal=figure_removal,
    )


def play(state: HeraZeusState, seat: int, move: Any, seed: int = 0) -> tuple[HeraZeusState, list]:
    """Decide and fold one move."""
    events = list(GAME.decide(state, seat, move, Rng(seed)))
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


def names(events: list) -> list[str]:
    """The event class names, in order."""
    return [type(e).__name__ for e in events]


__all__ = ["FIGURE", "HERA", "HOSTAGES", "ZEUS", "col", "fresh", "num", "play", "position", "take"]
