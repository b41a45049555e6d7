"""evolve: one mutator per Sobek event, each returning a new frozen state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from shared.games.sobek import knowledge as kn
from shared.games.sobek.components import CARDS
from shared.games.sobek.events import (
    BriberyPenalty,
    BribesRemoved,
    BribeTaken,
    CardDiscarded,
    CardRef,
    CardsAdded,
    CardsDrawn,
    CardStolen,
    CardTaken,
    CharacterPlayed,
    CurseLaid,
    FloodChosen,
    GameEnded,
    GoodsDelivered,
    HandsBribed,
    KollegiumMoved,
    LayingFinished,
    PotEmbalmed,
    ProsperityPlaced,
    RoundEnded,
    RoundPrepared,
    RoundScored,
    SetLaid,
    SidewaysSetLaid,
    StartPlayerChosen,
    TurnBegan,
    VillainyScored,
)
from shared.games.sobek.state import LaidSet, SobekState


def at(items: tuple, index: int, value: Any) -> tuple:
    """A copy of the tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1 :])


def without(items: tuple[int, ...], gone: tuple[int, ...] | set[int]) -> tuple[int, ...]:
    """The tuple without the given card ids."""
    gone = set(gone)
    return tuple(c for c in items if c not in gone)


def ids(refs: tuple[CardRef, ...]) -> tuple[int, ...]:
    """The ids of full (unredacted) card references."""
    return tuple(r.id for r in refs)  # type: ignore[misc]


def _round_prepared(s: SobekState, e: RoundPrepared) -> SobekState:
    n = s.seats
    hands = tuple(ids(h) for h in e.hands)
    s = replace(
        s,
        round=e.round,
        phase="choose_start" if e.chooser is not None else "turn",
        active=e.start_player if e.start_player is not None else s.active,
        chooser=e.chooser,
        pile=ids(e.pile),
        row=(),
        hands=hands,
        pots=((),) * n,
        sets=((),) * n,
        played=(),
        out=ids(e.set_aside),
        chips=tuple(c for c in e.chips if c is not None),
        chips_used=(),
        curses=(0,) * n,
        deliveries=0,
        delivered=(),
        vizier_victim=None,
        laying_done=(False,) * n,
        chips_seen=(False,) * n,
        last_points=s.last_points or (0,) * n,
    )
    if s.is_async:
        s = replace(s, knowledge=kn.fresh(s, hands))
    return s


def _goods_delivered(s: SobekState, e: GoodsDelivered) -> SobekState:
    row = ids(e.row)
    return replace(
        s,
        row=row,
        pile=s.pile[len(row) :],
        deliveries=e.delivery,
        delivered=s.delivered + row,
    )


def _start_player_chosen(s: SobekState, e: StartPlayerChosen) -> SobekState:
    return replace(s, chooser=None, active=e.start)


def _turn_began(s: SobekState, e: TurnBegan) -> SobekState:
    return replace(s, phase="turn", active=e.seat, vizier_victim=None)


def _quay_entry(card_id: int) -> tuple[str | None, str, bool]:
    # Rules, Spielvorbereitung 6: characters lie face down on the quays.
    return kn.unseen(card_id) if CARDS[card_id].character else kn.seen(card_id)


def _card_taken(s: SobekState, e: CardTaken) -> SobekState:
    taken = e.card.id
    skipped = ids(e.skipped)
    p = e.seat
    s2 = replace(
        s,
        row=without(s.row, (taken, *skipped)),  # type: ignore[arg-type]
        hands=at(s.hands, p, (*s.hands[p], taken)),
        pots=at(s.pots, p, s.pots[p] + skipped),
    )
    if s.is_async:

        def learn(t: kn.Table, o: int) -> kn.Table:
            t = kn.add(t, kn.hand(p), (_quay_entry(taken),))  # type: ignore[arg-type]
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


def _set_laid(s: SobekState, e: SetLaid) -> SobekState:
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


def _cards_added(s: SobekState, e: CardsAdded) -> SobekState:
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


def _character_played(s: SobekState, e: CharacterPlayed) -> SobekState:
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


def _cards_drawn(s: SobekState, e: CardsDrawn) -> SobekState:
    p = e.seat
    drawn = ids(e.cards)
    s2 = replace(s, pile=s.pile[len(drawn) :], hands=at(s.hands, p, s.hands[p] + drawn))
    if s.is_async:
        entries = tuple(kn.unseen(c) for c in drawn)
        s2 = replace(
            s2, knowledge=kn.for_others(s2, lambda t, o: kn.add(t, kn.hand(p), entries), (p,))
        )
    return s2


def _bribes_removed(s: SobekState, e: BribesRemoved) -> SobekState:
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


def _bribe_taken(s: SobekState, e: BribeTaken) -> SobekState:
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


def _card_stolen(s: SobekState, e: CardStolen) -> SobekState:
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


def _card_discarded(s: SobekState, e: CardDiscarded) -> SobekState:
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


def _kollegium_moved(s: SobekState, e: KollegiumMoved) -> SobekState:
    scores = at(s.scores, e.seat, e.score_to)
    if e.target is not None and e.target_to is not None:
        scores = at(scores, e.target, e.target_to)
    return _chip_used(replace(s, scores=scores), e.seat, e.chip)


def _chip_used(s: SobekState, seat: int, chip: int) -> SobekState:
    return replace(
        s,
        chips=tuple(c for c in s.chips if c != chip),
        chips_used=(*s.chips_used, chip),
        chips_seen=at(s.chips_seen, seat, True),
    )


def _flood_chosen(s: SobekState, e: FloodChosen) -> SobekState:
    return _chip_used(s, e.seat, e.chip)


def _curse_laid(s: SobekState, e: CurseLaid) -> SobekState:
    s = replace(s, curses=at(s.curses, e.target, s.curses[e.target] + 1))
    return _chip_used(s, e.seat, e.chip)


def _prosperity_placed(s: SobekState, e: ProsperityPlaced) -> SobekState:
    if e.onto is not None:
        old = s.sets[e.seat][e.onto]
        new = replace(old, prosperity=old.prosperity + 1)
        s = replace(s, sets=at(s.sets, e.seat, at(s.sets[e.seat], e.onto, new)))
    return _chip_used(s, e.seat, e.chip)


def _pot_embalmed(s: SobekState, e: PotEmbalmed) -> SobekState:
    p = e.seat
    s2 = replace(s, hands=at(s.hands, p, s.hands[p] + s.pots[p]), pots=at(s.pots, p, ()))
    if s.is_async:
        s2 = replace(
            s2,
            knowledge=kn.for_others(s2, lambda t, o: kn.move_all(t, kn.pot(p), kn.hand(p)), (p,)),
        )
    return _chip_used(s2, p, e.chip)


def _villainy_scored(s: SobekState, e: VillainyScored) -> SobekState:
    return _chip_used(replace(s, scores=at(s.scores, e.seat, e.score_to)), e.seat, e.chip)


def _round_ended(s: SobekState, e: RoundEnded) -> SobekState:
    return replace(s, phase="sideways", laying_done=(False,) * s.seats)


def _sideways_set_laid(s: SobekState, e: SidewaysSetLaid) -> SobekState:
    p = e.seat
    new = LaidSet(cards=e.cards, goods=e.goods, sideways=True)
    s2 = replace(
        s,
        hands=at(s.hands, p, without(s.hands[p], e.cards)),
        sets=at(s.sets, p, (*s.sets[p], new)),
    )
    return _reveal_from_hand(s2, p, e.cards)


def _laying_finished(s: SobekState, e: LayingFinished) -> SobekState:
    return replace(s, laying_done=at(s.laying_done, e.seat, True))


def _hands_bribed(s: SobekState, e: HandsBribed) -> SobekState:
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


def _round_scored(s: SobekState, e: RoundScored) -> SobekState:
    return replace(s, scores=e.scores, last_points=e.points)


def _bribery_penalty(s: SobekState, e: BriberyPenalty) -> SobekState:
    return replace(s, scores=at(s.scores, e.seat, e.score_to))


def _game_ended(s: SobekState, e: GameEnded) -> SobekState:
    return replace(s, phase="over", scores=e.scores, winners=e.winners)


MUTATORS: dict[type, Callable[[SobekState, Any], SobekState]] = {
    RoundPrepared: _round_prepared,
    GoodsDelivered: _goods_delivered,
    StartPlayerChosen: _start_player_chosen,
    TurnBegan: _turn_began,
    CardTaken: _card_taken,
    SetLaid: _set_laid,
    CardsAdded: _cards_added,
    CharacterPlayed: _character_played,
    CardsDrawn: _cards_drawn,
    BribesRemoved: _bribes_removed,
    BribeTaken: _bribe_taken,
    CardStolen: _card_stolen,
    CardDiscarded: _card_discarded,
    KollegiumMoved: _kollegium_moved,
    FloodChosen: _flood_chosen,
    CurseLaid: _curse_laid,
    ProsperityPlaced: _prosperity_placed,
    PotEmbalmed: _pot_embalmed,
    VillainyScored: _villainy_scored,
    RoundEnded: _round_ended,
    SidewaysSetLaid: _sideways_set_laid,
    LayingFinished: _laying_finished,
    HandsBribed: _hands_bribed,
    RoundScored: _round_scored,
    BriberyPenalty: _bribery_penalty,
    GameEnded: _game_ended,
}


def evolve(state: SobekState, event: Any) -> SobekState:
    """The state after one event."""
    return MUTATORS[type(event)](state, event)
