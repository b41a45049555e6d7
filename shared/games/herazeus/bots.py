"""Hera und Zeus's help for the bots (shared/bots): sampled states and an evaluation.

Hidden from a seat: both decks' order, the other seat's hand (its backs are seen) and the
other seat's face-down field cards (backs seen). `sample` redeals those cards among those
places, each keeping its back (`shared.games.redeal`); what a seat was shown of the other
hand earlier is not used (a bot knows less than it could, never more). `evaluate` counts
the figure's cover and the cards on each side.
"""

from __future__ import annotations

import math

import msgspec

from shared.games.herazeus.components import FIGURE, card
from shared.games.herazeus.state import HeraZeusState
from shared.games.redeal import redeal
from shared.games.rng import Rng


def _back(card_id: int) -> int:
    return card(card_id).deck


def sample(state: HeraZeusState, seat: int, rng: Rng) -> HeraZeusState:
    """A state that seat cannot tell from `state`, the hidden cards redealt."""
    other = 1 - seat
    places: list[tuple[int, int]] = []
    for p in (0, 1):
        places += [(_back(c), c) for c in state.decks[p]]
    places += [(_back(c), c) for c in state.hands[other]]
    for column in state.fields[other]:
        places += [(_back(c), c) for c, up in column if c != FIGURE and not up]
    cards = iter(redeal(places, rng))
    decks = tuple(tuple(next(cards) for _ in state.decks[p]) for p in (0, 1))
    hands = list(state.hands)
    hands[other] = tuple(next(cards) for _ in state.hands[other])
    fields = list(state.fields)
    fields[other] = tuple(
        tuple((c, up) if c == FIGURE or up else (next(cards), up) for c, up in column)
        for column in state.fields[other]
    )
    return msgspec.structs.replace(state, decks=decks, hands=tuple(hands), fields=tuple(fields))


def _strength(state: HeraZeusState, seat: int) -> float:
    """Cards in hand, deck and field; the figure's shelter counted twice."""
    field = state.field_cards(seat)
    shelter = 0.0 if state.has_figure(seat) else 2.0
    return len(state.hands[seat]) + 0.5 * len(state.decks[seat]) + len(field) + shelter


def evaluate(state: HeraZeusState, seat: int) -> float:
    """The seat's prospects in [0, 1]."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    lead = _strength(state, seat) - _strength(state, 1 - seat)
    return 0.5 + 0.5 * math.tanh(lead / 8.0)
