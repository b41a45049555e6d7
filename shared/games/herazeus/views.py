"""view and redact: the only places hidden information is removed.

Hidden: the opponent's hand (its size and card backs only), face-down field cards (only
their owner sees them), every deck's order (nobody). Shown to the spy alone: a hand
Pythia looks at. Public: face-up cards, discard piles, every picked or taken card.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from shared.games.contract import GameEvent
from shared.games.herazeus import events as ev
from shared.games.herazeus.components import FIGURE, ROLES, card
from shared.games.herazeus.rules import to_act
from shared.games.herazeus.state import HeraZeusState, Slot


class CardView(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A card as a seat sees it: always its back (the deck it came from); its face if known."""

    back: str
    id: int | None = None
    name: str | None = None
    type: str | None = None
    strength: int | None = None


class SlotView(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A field place: the figure, or a card (face up or not)."""

    figure: bool = False
    face_up: bool = False
    card: CardView | None = None


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One side of the table; `hand` is None for the opponent (see `hand_count`).

    `pending`: cards lost to Pandora, face up, waiting for their owner to order his pile.
    """

    seat: int
    role: str
    deck_count: int
    hand_count: int
    hand_backs: dict[str, int]
    field: list[list[SlotView]]
    discard: list[CardView]
    figure_on_field: bool
    turns: int
    pending: list[CardView]
    hand: list[CardView] | None = None


class HeraZeusView(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one seat (None: a spectator) may see of a game."""

    seat: int | None
    phase: str
    active: int
    to_act: list[int]
    ap_total: int
    ap_left: int
    players: list[PlayerView]
    placing: CardView | None
    winner: int | None
    reason: str


def shown(card_id: int) -> CardView:
    """A card seen face up."""
    c = card(card_id)
    return CardView(back=ROLES[c.deck], id=c.id, name=c.name, type=c.type, strength=c.strength)


def hidden(card_id: int) -> CardView:
    """A card seen from behind."""
    return CardView(back=ROLES[card(card_id).deck])


def _slot(slot: Slot, visible: bool) -> SlotView:
    c, up = slot
    if c == FIGURE:
        return SlotView(figure=True, face_up=True)
    return SlotView(face_up=up, card=shown(c) if up or visible else hidden(c))


def _player(state: HeraZeusState, seat: int | None, p: int) -> PlayerView:
    own = p == seat
    hand = state.hands[p]
    backs: dict[str, int] = {}
    for c in hand:
        backs[ROLES[card(c).deck]] = backs.get(ROLES[card(c).deck], 0) + 1
    return PlayerView(
        seat=p,
        role=ROLES[p],
        deck_count=len(state.decks[p]),
        hand_count=len(hand),
        hand_backs=dict(sorted(backs.items())),
        field=[[_slot(s, own) for s in col] for col in state.fields[p]],
        discard=[shown(c) for c in state.discards[p]],
        figure_on_field=state.has_figure(p),
        turns=state.turns[p],
        pending=[shown(c) for c in state.pending[p]],
        hand=[shown(c) for c in hand] if own else None,
    )


def view(state: HeraZeusState, seat: int | None) -> HeraZeusView:
    """What that seat may see: its own hand and face-down cards, everything face up."""
    return HeraZeusView(
        seat=seat,
        phase=state.phase,
        active=state.active,
        to_act=to_act(state),
        ap_total=state.ap_total,
        ap_left=state.ap_left,
        players=[_player(state, seat, p) for p in (0, 1)],
        placing=shown(state.placing) if state.placing is not None else None,
        winner=state.winner,
        reason=state.reason,
    )


def redact(event: GameEvent, seat: int | None) -> GameEvent | None:
    """The event as that seat may see it: hidden card ids removed, counts kept."""
    if isinstance(event, ev.DeckShuffled):
        return replace(event, order=())
    if isinstance(event, ev.HandDealt | ev.OpeningPlaced) and event.seat != seat:
        return replace(event, cards=())
    if isinstance(event, ev.CardDrawn | ev.CardPlayed) and event.seat != seat:
        return replace(event, card=None)
    if isinstance(event, ev.HandShown) and seat not in (event.seat, event.to):
        return replace(event, cards=())
    return event
