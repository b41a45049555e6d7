"""Mutators for the events that move cards between zones (and, async, every seat's memory)."""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from shared.games.sobek import knowledge as kn
from shared.games.sobek.components import CARDS
from shared.games.sobek.events import (
    BribesRemoved,
    BribeTaken,
    CardDiscarded,
    CardsAdded,
    CardsDrawn,
    CardStolen,
    CardTaken,
    CharacterPlayed,
    HandsBribed,
    SetLaid,
    SidewaysSetLaid,
    ids,
)
from shared.games.sobek.state import LaidSet, SobekState, at, without


def _quay_entry(card_id: int) -> tuple[str | None, str, bool]:
    # Rules, Spielvorbereitung 6: characters lie face down on the quays.
    return kn.unseen(card_id) if CARDS[card_id].character else kn.seen(card_id)


def card_taken(s: SobekState, e: CardTaken) -> SobekState:
    """A quay card to a hand; the skipped cards under the taker's pot."""
    taken = e.card.id
    assert taken is not None  # evolve folds full events only
    skipped = ids(e.skipped)
    p = e.seat
    s2 = replace(
        s,
        row=without(s.row, (taken, *skipped)),
        hands=at(s.hands, p, (*s.hands[p], taken)),
        pots=at(s.pots, p, s.pots[p] + skipped),
    )
    if s.is_async:

        def learn(t: kn.Table, o: int) -> kn.Table:
            t = kn.add(t, kn.hand(p), (_quay_entry(taken),))
            return kn.add(t, kn.pot(p), tuple(_quay_entry(c) for c in skipped))

        s2 = replace(s2, knowledge=kn.for_others(s2, learn, skip=(p,)))
    return s2


def _reveal_from_hand(s: SobekState, p: int, cards: tuple[int, ...]) -> SobekState:
    if not s.is_async:
        return s

    def learn(t: kn.Table, o: int) -> kn.Table:
        for c in cards:
            t = kn.reveal(t, kn.hand(p), c)
        return t

    return replace(s, knowledge=kn.for_others(s, learn, skip=(p,)))


def set_laid(s: SobekState, e: SetLaid) -> SobekState:
    """Hand cards laid as a new set or added to one."""
    p = e.seat
    mine = s.sets[p]
    if e.onto is None:
        mine = (*mine, LaidSet(cards=e.cards, goods=e.goods))
    else:
        old = mine[e.onto]
        mine = at(mine, e.onto, replace(old, cards=old.cards + e.cards, goods=e.goods))
    s2 = replace(
        s,
        hands=at(s.hands, p, without(s.hands[p], e.cards)),
        sets=at(s.sets, p, mine),
        # Rules, Ereignis-Chips: while chips remain, every set laid draws one.
        phase="choose_event" if s.chips else s.phase,
    )
    return _reveal_from_hand(s2, p, e.cards)


def cards_added(s: SobekState, e: CardsAdded) -> SobekState:
    """Courtesan: hand cards added to a laid set."""
    p = e.seat
    old = s.sets[p][e.onto]
    goods = old.goods
    for c in e.cards:
        goods = goods or CARDS[c].goods
    new = replace(old, cards=old.cards + e.cards, goods=goods)
    s2 = replace(
        s,
        hands=at(s.hands, p, without(s.hands[p], e.cards)),
        sets=at(s.sets, p, at(s.sets[p], e.onto, new)),
    )
    return _reveal_from_hand(s2, p, e.cards)


def character_played(s: SobekState, e: CharacterPlayed) -> SobekState:
    """A character left the hand face up; Vizier and Scribe open a decision."""
    p = e.seat
    phase = s.phase
    victim = None
    if e.character == "vizier" and e.target is not None and s.pots[e.target]:
        phase, victim = "vizier", e.target
    elif e.character == "scribe":
        phase = "scribe"
    s2 = replace(
        s,
        hands=at(s.hands, p, without(s.hands[p], (e.card,))),
        played=(*s.played, e.card),
        phase=phase,
        vizier_victim=victim,
    )
    return _reveal_from_hand(s2, p, (e.card,))


def cards_drawn(s: SobekState, e: CardsDrawn) -> SobekState:
    """Queen: pile cards to the hand, face down."""
    p = e.seat
    drawn = ids(e.cards)
    s2 = replace(s, pile=s.pile[len(drawn) :], hands=at(s.hands, p, s.hands[p] + drawn))
    if s.is_async:
        entries = tuple(kn.unseen(c) for c in drawn)
        s2 = replace(
            s2, knowledge=kn.for_others(s2, lambda t, o: kn.add(t, kn.hand(p), entries), (p,))
        )
    return s2


def bribes_removed(s: SobekState, e: BribesRemoved) -> SobekState:
    """High Priest: a goods type left the pot."""
    p = e.seat
    gone = ids(e.cards)
    s2 = replace(s, pots=at(s.pots, p, without(s.pots[p], gone)), out=s.out + gone)
    if s.is_async:

        def learn(t: kn.Table, o: int) -> kn.Table:
            for c in gone:
                t = kn.reveal(t, kn.pot(p), c)
            return t

        s2 = replace(s2, knowledge=kn.for_others(s2, learn, skip=(p,)))
    return s2


def _hidden_move(
    s: SobekState, card_id: int, src: int, dst: int, knows: dict[int, Callable]
) -> SobekState:
    """Knowledge after a face-down move; `knows` gives special updates per observer."""
    back = CARDS[card_id].back

    def learn(t: kn.Table, o: int) -> kn.Table:
        if o in knows:
            return knows[o](t)
        return kn.move_hidden(t, src, dst, back)

    return replace(s, knowledge=kn.for_others(s, learn))


def bribe_taken(s: SobekState, e: BribeTaken) -> SobekState:
    """Vizier: a card from the victim's pot to the hand."""
    p, v, c = e.seat, e.victim, e.card.id
    assert c is not None
    before = s.pots[v]
    s2 = replace(
        s,
        pots=at(s.pots, v, without(s.pots[v], (c,))),
        hands=at(s.hands, p, (*s.hands[p], c)),
        vizier_victim=None,
    )
    if s.is_async:
        # Rules, Wesir: the player looks through the whole pot, so remembers all of it.
        s2 = _hidden_move(
            s2,
            c,
            kn.pot(v),
            kn.hand(p),
            {
                p: lambda t: kn.reveal(kn.exact(t, kn.pot(v), before), kn.pot(v), c),
                v: lambda t: kn.add(t, kn.hand(p), (kn.seen(c),)),
            },
        )
    return s2


def card_stolen(s: SobekState, e: CardStolen) -> SobekState:
    """Thief: a card from the victim's hand to the thief's."""
    p, v, c = e.seat, e.victim, e.card.id
    assert c is not None
    s2 = replace(
        s,
        hands=at(at(s.hands, v, without(s.hands[v], (c,))), p, (*s.hands[p], c)),
    )
    if s.is_async:
        s2 = _hidden_move(
            s2,
            c,
            kn.hand(v),
            kn.hand(p),
            {
                p: lambda t: kn.reveal(t, kn.hand(v), c),
                v: lambda t: kn.add(t, kn.hand(p), (kn.seen(c),)),
            },
        )
    return s2


def card_discarded(s: SobekState, e: CardDiscarded) -> SobekState:
    """Scribe: a hand card under one's own pot."""
    p, c = e.seat, e.card.id
    assert c is not None
    s2 = replace(
        s,
        hands=at(s.hands, p, without(s.hands[p], (c,))),
        pots=at(s.pots, p, (*s.pots[p], c)),
    )
    if s.is_async:
        s2 = _hidden_move(s2, c, kn.hand(p), kn.pot(p), {p: lambda t: t})
    return s2


def sideways_set_laid(s: SobekState, e: SidewaysSetLaid) -> SobekState:
    """Round end: hand cards laid as a sideways set."""
    p = e.seat
    new = LaidSet(cards=e.cards, goods=e.goods, sideways=True)
    s2 = replace(
        s,
        hands=at(s.hands, p, without(s.hands[p], e.cards)),
        sets=at(s.sets, p, (*s.sets[p], new)),
    )
    return _reveal_from_hand(s2, p, e.cards)


def hands_bribed(s: SobekState, e: HandsBribed) -> SobekState:
    """Round end: every hand under its pot."""
    pots = tuple(s.pots[p] + s.hands[p] for p in range(s.seats))
    s2 = replace(s, pots=pots, hands=((),) * s.seats, phase="scoring")
    if s.is_async:

        def learn(t: kn.Table, o: int) -> kn.Table:
            for p in range(s.seats):
                if p != o:
                    t = kn.move_all(t, kn.hand(p), kn.pot(p))
            return t

        s2 = replace(s2, knowledge=kn.for_others(s2, learn))
    return s2


def pot_to_hand(s: SobekState, p: int) -> SobekState:
    """Embalming: the whole pot goes to the hand, and every memory of it too."""
    s2 = replace(s, hands=at(s.hands, p, s.hands[p] + s.pots[p]), pots=at(s.pots, p, ()))
    if s.is_async:
        s2 = replace(
            s2,
            knowledge=kn.for_others(s2, lambda t, o: kn.move_all(t, kn.pot(p), kn.hand(p)), (p,)),
        )
    return s2
