"""Async variant: what each seat can remember of other players' hands and pots.

Rules, Varianten (second variant): cards taken face up are shown face up; for cards moved
face down the algorithm infers from their backs which card moved. When it cannot tell, the
display keeps every candidate, and all cards with that back are marked uncertain ("blasser"),
so a display may hold more cards than the zone does. Observer index `seats` is a spectator.
"""

from __future__ import annotations

from collections.abc import Callable

from shared.games.sobek.components import card
from shared.games.sobek.state import HAND, POT, Entry, SobekState, zone

Table = tuple[tuple[Entry, ...], ...]


def fresh(state: SobekState, hands: tuple[tuple[int, ...], ...]) -> tuple[Table, ...]:
    """Round start: every other player's dealt cards are unknown cards of their back."""
    tables = []
    for observer in range(state.seats + 1):
        zones: list[tuple[Entry, ...]] = []
        for seat in range(state.seats):
            own = seat == observer
            zones.append(() if own else tuple((None, card(c).back, False) for c in hands[seat]))
            zones.append(())
        tables.append(tuple(zones))
    return tuple(tables)


def seen(card_id: int) -> Entry:
    """A card whose face the observer saw."""
    c = card(card_id)
    return (c.face, c.back, False)


def unseen(card_id: int) -> Entry:
    """A card the observer only saw from behind."""
    return (None, card(card_id).back, False)


def add(table: Table, z: int, entries: tuple[Entry, ...]) -> Table:
    """Entries appended to one zone."""
    return (*table[:z], table[z] + entries, *table[z + 1 :])


def reveal(table: Table, z: int, card_id: int) -> Table:
    """A card left zone z face up: drop the entry that best stands for it.

    A certain entry of its face goes first. Failing that, a certain unknown card of its back
    goes before a faded entry of its face: the faded entry is only a copy left by a face-down
    move and may not be in the zone at all, while the unknown card is surely there and may be
    this card, so keeping it would show one certain card too many. As the revealed card may
    instead have been the faded copy, one faded entry of its face then forgets its face and
    stays as a faded unknown card of the back, so that the card the unknown entry stood for
    is still shown. Then a faded entry of its face, then a faded unknown card.
    """
    c = card(card_id)
    entries = list(table[z])

    def first(face: str | None, faded: bool) -> int | None:
        for i, (f, b, u) in enumerate(entries):
            if f == face and b == c.back and u == faded:
                return i
        return None

    def drop(i: int) -> Table:
        del entries[i]
        return (*table[:z], tuple(entries), *table[z + 1 :])

    if (i := first(c.face, False)) is not None:
        return drop(i)
    if (i := first(None, False)) is not None:
        if (j := first(c.face, True)) is not None:
            entries[j] = (None, c.back, True)
        return drop(i)
    for face in (c.face, None):
        if (i := first(face, True)) is not None:
            return drop(i)
    return table


def move_hidden(table: Table, src: int, dst: int, back: str) -> Table:
    """One card of that back moved face down from src to dst (the observer saw its back)."""
    entries = list(table[src])
    candidates = [i for i, e in enumerate(entries) if e[1] == back]
    if not candidates:
        return add(table, dst, ((None, back, True),))
    faces = {entries[i][0] for i in candidates}
    if len(faces) == 1:  # every candidate looks the same: the moved card is known
        face = entries[candidates[0]][0]
        certain = [i for i in candidates if not entries[i][2]]
        del entries[(certain or candidates)[0]]
        table = (*table[:src], tuple(entries), *table[src + 1 :])
        return add(table, dst, ((face, back, False),))
    faded = tuple((entries[i][0], back, True) for i in candidates)
    for i in candidates:
        entries[i] = (entries[i][0], back, True)
    table = (*table[:src], tuple(entries), *table[src + 1 :])
    return add(table, dst, faded)


def move_all(table: Table, src: int, dst: int) -> Table:
    """A whole zone moved to another (Embalming, hands into pots at round end)."""
    table = add(table, dst, table[src])
    return (*table[:src], (), *table[src + 1 :])


def exact(table: Table, z: int, cards: tuple[int, ...]) -> Table:
    """The observer looked through the zone (Vizier) and knows it exactly."""
    return (*table[:z], tuple(seen(c) for c in cards), *table[z + 1 :])


def for_others(
    state: SobekState, fn: Callable[[Table, int], Table], skip: tuple[int, ...] = ()
) -> tuple[Table, ...]:
    """fn(table, observer) applied to every observer's table except those in skip."""
    return tuple(
        table if observer in skip else fn(table, observer)
        for observer, table in enumerate(state.knowledge)
    )


def hand(seat: int) -> int:
    """Knowledge zone of a seat's hand."""
    return zone(seat, HAND)


def pot(seat: int) -> int:
    """Knowledge zone of a seat's pot."""
    return zone(seat, POT)
