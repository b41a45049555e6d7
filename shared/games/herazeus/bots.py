"""Hera und Zeus's help for the bots (shared/bots): sampled states and an evaluation.

Hidden from a seat: both decks' order, the other seat's hand (its backs are seen) and the
other seat's face-down field cards (backs seen). `sample` redeals those cards among those
places, each keeping its back (`shared.games.redeal`); what a seat was shown of the other
hand earlier is not used (a bot knows less than it could, never more). `evaluate` counts
the figure's cover and the cards on each side, and weighs how exposed each hostage is
(`exposure`: in row 1, face up or down, deeper in a column, in the hand).
"""

from __future__ import annotations

import math

import msgspec

from shared.games.herazeus.components import FIGURE, HOSTAGES, card
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


# How exposed a seat's hostage is, by where it lies: in row 1 of its field face up (the
# other seat challenges it and wins), face down there, deeper in a column (row 2, 3, 4), in
# the hand (a Pegasus may pick it, the more likely the fewer cards), in the deck (safe).
FRONT_UP, FRONT_DOWN, BEHIND = 1.0, 0.6, (0.2, 0.08, 0.03)
IN_HAND = 0.8  # divided by the hand's size
HOSTAGE_WEIGHT = 0.45  # of the evaluation's half-range; the rest is the count of cards


def _strength(state: HeraZeusState, seat: int) -> float:
    """Cards in hand, deck and field; the figure's shelter counted twice."""
    field = state.field_cards(seat)
    shelter = 0.0 if state.has_figure(seat) else 2.0
    return len(state.hands[seat]) + 0.5 * len(state.decks[seat]) + len(field) + shelter


def exposure(state: HeraZeusState, seat: int) -> float:
    """How exposed the seat's hostage is, in [0, 1] (0: in the deck)."""
    hostage = HOSTAGES[seat]
    hand = state.hands[seat]
    if hostage in hand:
        return IN_HAND / len(hand)
    for column in state.fields[seat]:
        for row, (held, up) in enumerate(column):
            if held != hostage:
                continue
            if row == 0:
                return FRONT_UP if up else FRONT_DOWN
            return BEHIND[min(row, len(BEHIND)) - 1] * (2.0 if up else 1.0)
    return 0.0


def evaluate(state: HeraZeusState, seat: int) -> float:
    """The seat's prospects in [0, 1]: the lead in cards, and whose hostage is more exposed."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    lead = math.tanh((_strength(state, seat) - _strength(state, 1 - seat)) / 8.0)
    danger = exposure(state, 1 - seat) - exposure(state, seat)
    return 0.5 + 0.5 * ((1 - HOSTAGE_WEIGHT) * lead + HOSTAGE_WEIGHT * danger)
