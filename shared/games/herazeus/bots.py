"""Hera und Zeus's help for the bots (shared/bots): sampled states and an evaluation.

Hidden from a seat: both decks' order, the other seat's hand (its backs are seen) and the
other seat's face-down field cards (backs seen). `sample` redeals those cards among those
places, each keeping its back (`shared.games.redeal`); what a seat was shown of the other
hand earlier is not used (a bot knows less than it could, never more). `evaluate` counts
the cards on each side (the field's most) and the figure's cover, and weighs how near each
seat is to losing at once (`risk`: its hostage exposed in row 1, face up or down, deeper in a
column or in the hand, or sharing a column with its own Pandora; its field down to its last
cards; too few actions left for the turns to come, with no challenge to spend them on).
"""

from __future__ import annotations

import math

import msgspec

from shared.games.herazeus.components import FIGURE, HOSTAGES, N, card, is_type
from shared.games.herazeus.legal import NEVER_CHALLENGE
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
# A seat's own Pandora in its hostage's column: once she stands in row 1, a challenge of
# her opens the box and the column's hostage loses the game. By her row (1, 2, 3, 4).
PANDORA_BESIDE = (0.9, 0.5, 0.25, 0.15)
# How near a seat is to an empty field (it loses at its turn's start), by its field cards.
THIN_FIELD = (1.0, 0.85, 0.5, 0.1)
# How near a seat is to having no action left (it loses): by the whole turns its draws and
# the places in its columns still pay for (a full hand and full columns leave only
# challenges); nothing while it has a challenge to make.
FEW_TURNS = (0.9, 0.6, 0.35, 0.15)
RISK_WEIGHT = 0.4  # of the evaluation's half-range; the rest is the lead in cards
# The lead in cards: the field counts most (a card there defends and attacks), each column
# in use once more (the action points), the hand less, the deck least (a card drawn costs
# an action); a figure not in row 1 is two cards of shelter.
IN_FIELD, COLUMN, IN_HAND_CARD, IN_DECK, SHELTER = 3.0, 2.0, 1.0, 0.2, 1.0


def _strength(state: HeraZeusState, seat: int) -> float:
    """Cards in field, hand and deck, columns in use and the figure's shelter, weighed; the
    hostage is no strength (it never challenges, and found it loses the game)."""
    hostage = HOSTAGES[seat]
    return (
        IN_FIELD * sum(1 for c in state.field_cards(seat) if c != hostage)
        + COLUMN * state.columns_in_use(seat)
        + IN_HAND_CARD * sum(1 for c in state.hands[seat] if c != hostage)
        + IN_DECK * len(state.decks[seat])
        + (0.0 if state.has_figure(seat) else SHELTER)
    )


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
                own = FRONT_UP if up else FRONT_DOWN
            else:
                own = BEHIND[min(row, len(BEHIND)) - 1] * (2.0 if up else 1.0)
            box = _pandora_beside(column)
            return 1.0 - (1.0 - own) * (1.0 - box)
    return 0.0


def _pandora_beside(column: tuple[tuple[int, bool], ...]) -> float:
    """How likely the seat's own Pandora in this column (its hostage's) opens the box."""
    for row, (held, _) in enumerate(column):
        if held != FIGURE and is_type(held, "pandora"):
            return PANDORA_BESIDE[min(row, len(PANDORA_BESIDE) - 1)]
    return 0.0


def _can_challenge(state: HeraZeusState, seat: int) -> bool:
    """Some row-1 card of the seat may challenge the card opposite, the first-turn ban aside
    (the rules' `passes` with it judged worse: 0.89 against 0.95 on the paired seeds)."""
    for col in range(N.columns):
        mine, theirs = state.front(seat, col), state.front(1 - seat, col)
        if mine is None or theirs is None or FIGURE in (mine, theirs):
            continue
        if card(mine).type not in NEVER_CHALLENGE:
            return True
    return False


def turns_left(state: HeraZeusState, seat: int) -> int:
    """Whole turns the seat can still spend its action points on without a challenge: its
    draws and the places in its columns its hand may fill, by its points a turn."""
    hand = state.hands[seat]
    draws = min(len(state.decks[seat]), N.hand_limit - len(hand))
    fielded = sum(1 for c in hand if card(c).on_field)
    places = sum(N.column_depth - len(column) for column in state.fields[seat])
    points = N.figure_ap if state.has_figure(seat) else max(state.columns_in_use(seat), 1)
    return (draws + min(fielded, places)) // points


def risk(state: HeraZeusState, seat: int) -> float:
    """How near the seat is to losing at once, in [0, 1]: its hostage exposed, or its field
    thin (either may end the game)."""
    cards = len(state.field_cards(seat))
    thin = THIN_FIELD[cards] if cards < len(THIN_FIELD) else 0.0
    few = 0.0
    if not _can_challenge(state, seat) and (turns := turns_left(state, seat)) < len(FEW_TURNS):
        few = FEW_TURNS[turns]
    return 1.0 - (1.0 - exposure(state, seat)) * (1.0 - thin) * (1.0 - few)


def evaluate(state: HeraZeusState, seat: int) -> float:
    """The seat's prospects in [0, 1]: the lead in cards (`_strength`), and who is nearer to
    losing at once (`risk`)."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    lead = math.tanh((_strength(state, seat) - _strength(state, 1 - seat)) / 8.0)
    danger = risk(state, 1 - seat) - risk(state, seat)
    return 0.5 + 0.5 * ((1 - RISK_WEIGHT) * lead + RISK_WEIGHT * danger)
