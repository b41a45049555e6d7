"""evolve: the only way Hera und Zeus state changes, one event at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from shared.games.herazeus import events as ev
from shared.games.herazeus.components import FIGURE
from shared.games.herazeus.state import Column, HeraZeusState, at, without

S = HeraZeusState


def _hand(s: S, seat: int, hand: tuple[int, ...]) -> S:
    return replace(s, hands=at(s.hands, seat, hand))


def _deck(s: S, seat: int, deck: tuple[int, ...]) -> S:
    return replace(s, decks=at(s.decks, seat, deck))


def _column(s: S, seat: int, col: int, column: Column) -> S:
    return replace(s, fields=at(s.fields, seat, at(s.fields[seat], col, column)))


def _discard(s: S, seat: int, *cards: int) -> S:
    return replace(s, discards=at(s.discards, seat, (*s.discards[seat], *cards)))


def _dealt(s: S, e: ev.HandDealt) -> S:
    s = _deck(s, e.seat, s.decks[e.seat][e.count :])
    return replace(_hand(s, e.seat, (*s.hands[e.seat], *e.cards)), phase="opening")


def _shuffled(s: S, e: ev.DeckShuffled) -> S:
    if sorted(e.order) != sorted(s.decks[e.seat]) and s.decks[e.seat]:
        raise ValueError("a shuffle must reorder the deck")
    return _deck(s, e.seat, e.order)


def _hostage(s: S, e: ev.HostageShown) -> S:
    s = _hand(s, e.seat, without(s.hands[e.seat], e.card))
    return _deck(s, e.seat, (*s.decks[e.seat], e.card))


def _drawn(s: S, e: ev.CardDrawn) -> S:
    deck = s.decks[e.seat]
    s = _deck(s, e.seat, deck[1:])
    return _hand(s, e.seat, (*s.hands[e.seat], deck[0]))


def _opening(s: S, e: ev.OpeningPlaced) -> S:
    hand = s.hands[e.seat]
    for c in e.cards:
        hand = without(hand, c)
    s = _hand(s, e.seat, hand)
    field: tuple[tuple[tuple[int, bool], ...], ...] = tuple(((c, False),) for c in e.cards)
    field += ((),) * (3 - len(field))
    return replace(
        s,
        fields=at(s.fields, e.seat, field),
        opened=at(s.opened, e.seat, True),
    )


def _turn(s: S, e: ev.TurnBegan) -> S:
    return replace(
        s,
        phase="turn",
        active=e.seat,
        turns=at(s.turns, e.seat, e.turn),
        ap_total=e.ap,
        ap_left=e.ap,
    )


def _action(s: S, e: ev.ActionTaken) -> S:
    return replace(s, ap_total=e.ap_total, ap_left=e.ap_left)


def _played(s: S, e: ev.CardPlayed) -> S:
    assert e.card is not None
    s = _hand(s, e.seat, without(s.hands[e.seat], e.card))
    column = s.column(e.seat, e.column)
    placed = (*column[: e.position], (e.card, False), *column[e.position :])
    return _column(s, e.seat, e.column, placed)


def _face_up(column: Column, positions: set[int]) -> Column:
    return tuple((c, up or i in positions) for i, (c, up) in enumerate(column))


def _challenged(s: S, e: ev.Challenged) -> S:
    other = 1 - e.seat
    s = _column(s, e.seat, e.column, _face_up(s.column(e.seat, e.column), {0}))
    return _column(s, other, e.column, _face_up(s.column(other, e.column), {0}))


def _lost(s: S, e: ev.FieldCardLost) -> S:
    column = s.column(e.seat, e.column)
    if column[e.position][0] != e.card:
        raise ValueError("the lost card is not at that place")
    s = _column(s, e.seat, e.column, column[: e.position] + column[e.position + 1 :])
    return _discard(s, e.seat, e.card)


def _figure_placed(s: S, e: ev.FigurePlaced) -> S:
    return _column(s, e.seat, e.column, ((FIGURE, True), *s.column(e.seat, e.column)))


def _figure_removed(s: S, e: ev.FigureRemoved) -> S:
    return _column(s, e.seat, e.column, s.column(e.seat, e.column)[1:])


def _myth(s: S, e: ev.MythPlayed) -> S:
    s = _hand(s, e.seat, without(s.hands[e.seat], e.card))
    return _discard(s, e.seat, e.card)


def _picked(s: S, e: ev.CardPicked) -> S:
    s = _hand(s, e.victim, without(s.hands[e.victim], e.card))
    return replace(s, placing=e.card, phase="place")


def _picked_lost(s: S, e: ev.PickedCardLost) -> S:
    return replace(_discard(s, e.seat, e.card), placing=None, phase="turn")


def _picked_placed(s: S, e: ev.PickedCardPlaced) -> S:
    s = _column(s, e.seat, e.column, ((e.card, True), *s.column(e.seat, e.column)))
    return replace(s, placing=None, phase="turn")


def _hand_lost(s: S, e: ev.HandLost) -> S:
    s = _hand(s, e.seat, ())
    pending = at(s.pending, e.seat, (*s.pending[e.seat], *e.cards))
    return replace(s, pending=pending, phase="order")


def _box(s: S, e: ev.BoxOpened) -> S:
    for seat, lost in enumerate(e.lost):
        column = s.column(seat, e.column)
        kept = tuple(slot for slot in column if slot[0] == FIGURE)
        if tuple(c for c, _ in column if c != FIGURE) != lost:
            raise ValueError("the box takes exactly the column's cards")
        s = _column(s, seat, e.column, kept)
        s = replace(s, pending=at(s.pending, seat, (*s.pending[seat], *lost)))
    return replace(s, phase="order")


def _discarded(s: S, e: ev.CardDiscarded) -> S:
    s = _discard(s, e.seat, e.card)
    s = replace(s, pending=at(s.pending, e.seat, without(s.pending[e.seat], e.card)))
    return s if any(s.pending) else replace(s, phase="turn")


def _hand_card_lost(s: S, e: ev.HandCardLost) -> S:
    s = _hand(s, e.seat, without(s.hands[e.seat], e.card))
    return _discard(s, e.seat, e.card)


def _revealed(s: S, e: ev.CardsRevealed) -> S:
    positions = {p for p, _ in e.cards}
    return _column(s, e.seat, e.column, _face_up(s.column(e.seat, e.column), positions))


def _taken(s: S, e: ev.CardTaken) -> S:
    s = replace(s, discards=at(s.discards, e.source, without(s.discards[e.source], e.card)))
    return _hand(s, e.seat, (*s.hands[e.seat], e.card))


def _moved(s: S, e: ev.CardMoved) -> S:
    column = s.column(e.seat, e.column)
    slot = column[e.position]
    s = _column(s, e.seat, e.column, column[: e.position] + column[e.position + 1 :])
    target = s.column(e.seat, e.to_column)
    return _column(
        s, e.seat, e.to_column, (*target[: e.to_position], slot, *target[e.to_position :])
    )


def _won(s: S, e: ev.GameWon) -> S:
    return replace(s, phase="over", winner=e.winner, reason=e.reason, ap_left=0)


_APPLY: dict[type, Callable[[S, Any], S]] = {
    ev.HandDealt: _dealt,
    ev.DeckShuffled: _shuffled,
    ev.HostageShown: _hostage,
    ev.CardDrawn: _drawn,
    ev.OpeningPlaced: _opening,
    ev.TurnBegan: _turn,
    ev.ActionTaken: _action,
    ev.CardPlayed: _played,
    ev.Challenged: _challenged,
    ev.FieldCardLost: _lost,
    ev.FigurePlaced: _figure_placed,
    ev.FigureRemoved: _figure_removed,
    ev.MythPlayed: _myth,
    ev.CardPicked: _picked,
    ev.PickedCardLost: _picked_lost,
    ev.PickedCardPlaced: _picked_placed,
    ev.HandLost: _hand_lost,
    ev.BoxOpened: _box,
    ev.CardDiscarded: _discarded,
    ev.HandShown: lambda s, e: s,
    ev.HandCardLost: _hand_card_lost,
    ev.CardsRevealed: _revealed,
    ev.CardTaken: _taken,
    ev.CardMoved: _moved,
    ev.GameWon: _won,
}


def evolve(state: HeraZeusState, event: ev.HeraZeusEvent) -> HeraZeusState:
    """The state after one event."""
    return _APPLY[type(event)](state, event)
