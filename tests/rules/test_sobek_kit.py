"""Helpers for the Sobek rules tests: find cards by face and arrange a position."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from shared.games.rng import Rng
from shared.games.sobek import GAME
from shared.games.sobek.components import CARDS, CHIPS
from shared.games.sobek.state import LaidSet, SobekState
from tests.gamekit import start

_taken: set[int] = set()


def cards(face: str, count: int = 1, back: str | None = None, skip: int = 0) -> tuple[int, ...]:
    """The ids of `count` cards with that face (e.g. "fish:1", "amulet", "thief:cattle")."""
    found = [c.id for c in CARDS if c.face == face and (back is None or c.back == back)]
    assert len(found) >= skip + count, f"only {len(found)} cards {face}"
    return tuple(found[skip : skip + count])


def chip(kind: str, symbol: str | None = None) -> int:
    """The id of a chip of that kind."""
    return next(c.id for c in CHIPS if c.kind == kind and (symbol is None or c.symbol == symbol))


def fresh(seats: int = 3, variant: str = "original", seed: int = 0) -> SobekState:
    """A started game."""
    state, _ = start(GAME, seats, {"variant": variant}, seed)
    return state


def arrange(
    state: SobekState,
    *,
    hands: dict[int, tuple[int, ...]] | None = None,
    pots: dict[int, tuple[int, ...]] | None = None,
    sets: dict[int, tuple[LaidSet, ...]] | None = None,
    row: tuple[int, ...] | None = None,
    pile: tuple[int, ...] | None = None,
    **fields: Any,
) -> SobekState:
    """The state with the named zones replaced; every card stays in exactly one place.

    Cards named anywhere leave their old zones; cards displaced from a replaced zone go out.
    """
    hands = hands or {}
    pots = pots or {}
    sets = sets or {}
    named: set[int] = set()
    for group in (*hands.values(), *pots.values(), row or (), pile or ()):
        named.update(group)
    for laid_sets in sets.values():
        for laid in laid_sets:
            named.update(laid.cards)

    def keep(zone: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(c for c in zone if c not in named)

    n = state.seats
    new_hands = [keep(h) for h in state.hands]
    new_pots = [keep(p) for p in state.pots]
    new_sets = [tuple(replace(s, cards=keep(s.cards)) for s in ss) for ss in state.sets]
    new_row, new_pile = keep(state.row), keep(state.pile)
    out = list(keep(state.out))
    played = keep(state.played)
    for seat, hand in hands.items():
        out.extend(new_hands[seat])
        new_hands[seat] = tuple(hand)
    for seat, pot in pots.items():
        out.extend(new_pots[seat])
        new_pots[seat] = tuple(pot)
    for seat, laid_sets in sets.items():
        for s in new_sets[seat]:
            out.extend(s.cards)
        new_sets[seat] = tuple(laid_sets)
    if row is not None:
        out.extend(new_row)
        new_row = tuple(row)
    if pile is not None:
        out.extend(new_pile)
        new_pile = tuple(pile)
    new_sets = [tuple(s for s in ss if s.cards) for ss in new_sets]
    assert len(new_hands) == n
    return replace(
        state,
        hands=tuple(new_hands),
        pots=tuple(new_pots),
        sets=tuple(new_sets),
        row=new_row,
        pile=new_pile,
        out=tuple(out),
        played=played,
        **fields,
    )


def where(state: SobekState) -> list[int]:
    """Every card id in every zone (each must appear exactly once)."""
    found = [*state.pile, *state.row, *state.played, *state.out]
    for p in range(state.seats):
        found += [*state.hands[p], *state.pots[p]]
        for laid in state.sets[p]:
            found += list(laid.cards)
    return found


def play(state: SobekState, seat: int, move: Any, seed: int = 0) -> tuple[SobekState, list]:
    """Decide and fold one move; returns the new state and the event names... and events."""
    events = list(GAME.decide(state, seat, move, Rng(seed)))
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


def names(events: list) -> list[str]:
    """The event names."""
    return [type(e).__name__ for e in events]
