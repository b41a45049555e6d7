"""view and redact: the only places hidden information is removed."""

from __future__ import annotations

from collections import Counter

import msgspec
from msgspec.structs import replace

from shared.games.contract import GameEvent
from shared.games.sobek.components import CARDS, CHIPS, PILE_CARDS, Card, ChipKind
from shared.games.sobek.events import (
    BribesRemoved,
    BribeTaken,
    CardDiscarded,
    CardRef,
    CardsDrawn,
    CardStolen,
    CardTaken,
    GoodsDelivered,
    HandsBribed,
    PotEmbalmed,
    RoundPrepared,
)
from shared.games.sobek.flow import to_act
from shared.games.sobek.sets import score
from shared.games.sobek.state import HAND, POT, Entry, LaidSet, SobekState, zone

FACES: dict[str, Card] = {c.face: c for c in CARDS}


class CardView(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A card as a seat sees it: always its back; its face if known; `uncertain` if faded."""

    back: str
    id: int | None = None
    face: str | None = None
    goods: str | None = None
    scarabs: int = 0
    character: str | None = None
    uncertain: bool = False


class ChipView(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An event chip."""

    id: int
    kind: ChipKind
    symbol: str | None = None


class SetView(msgspec.Struct, frozen=True, kw_only=True):
    """A laid set and what it would score now."""

    cards: list[CardView]
    goods: str | None
    prosperity: int
    sideways: bool
    score: int


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One player as the viewer sees them; `hand`/`pot` are None where nothing is shown.

    For the viewer these are the true cards; in the async variant, for others, the cards the
    viewer can remember (more than the true count where uncertain ones are marked).
    """

    seat: int
    score: int
    hand_count: int
    hand_backs: dict[str, int]
    pot_count: int
    pot_backs: dict[str, int]
    curses: int
    sets: list[SetView]
    hand: list[CardView] | None = None
    pot: list[CardView] | None = None


class SobekView(msgspec.Struct, frozen=True, kw_only=True):
    """Everything one seat (None: a spectator) may see of a Sobek game."""

    seat: int | None
    variant: str
    round: int
    phase: str
    active: int
    to_act: list[int]
    chooser: int | None
    scores: list[int]
    players: list[PlayerView]
    quays: list[CardView]
    pile_count: int
    deliveries: int
    played: list[CardView]
    out_count: int
    chips_left: int
    chips: list[ChipView] | None
    chips_used: list[ChipView]
    vizier_pot: list[CardView] | None
    last_points: list[int]
    winners: list[int]
    pile_characters: int | None = None
    pile_goods: list[CardView] | None = None


def shown(card_id: int) -> CardView:
    """A card seen face up."""
    c = CARDS[card_id]
    return CardView(
        back=c.back, id=c.id, face=c.face, goods=c.goods, scarabs=c.scarabs, character=c.character
    )


def hidden(card_id: int) -> CardView:
    """A card seen from behind."""
    return CardView(back=CARDS[card_id].back)


def remembered(entry: Entry) -> CardView:
    """Async variant: a remembered card (face without id), or an unknown back."""
    face, back, uncertain = entry
    if face is None:
        return CardView(back=back, uncertain=uncertain)
    c = FACES[face]
    return CardView(
        back=back,
        face=face,
        goods=c.goods,
        scarabs=c.scarabs,
        character=c.character,
        uncertain=uncertain,
    )


def _chip(chip: int) -> ChipView:
    c = CHIPS[chip]
    return ChipView(id=c.id, kind=c.kind, symbol=c.symbol)


def _set(laid: LaidSet) -> SetView:
    return SetView(
        cards=[shown(c) for c in laid.cards],
        goods=laid.goods,
        prosperity=laid.prosperity,
        sideways=laid.sideways,
        score=score(laid),
    )


def _backs(cards: tuple[int, ...]) -> dict[str, int]:
    return dict(sorted(Counter(CARDS[c].back for c in cards).items()))


def _player(state: SobekState, seat: int | None, p: int) -> PlayerView:
    hand = pot = None
    if p == seat:
        hand = [shown(c) for c in state.hands[p]]
        pot = [shown(c) for c in state.pots[p]]  # Rules, Hinweise: one's own pot, any time
    elif state.is_async and state.knowledge:
        table = state.knowledge[state.seats if seat is None else seat]
        hand = [remembered(e) for e in table[zone(p, HAND)]]
        pot = [remembered(e) for e in table[zone(p, POT)]]
    return PlayerView(
        seat=p,
        score=state.scores[p],
        hand_count=len(state.hands[p]),
        hand_backs=_backs(state.hands[p]),
        pot_count=len(state.pots[p]),
        pot_backs=_backs(state.pots[p]),
        curses=state.curses[p],
        sets=[_set(laid) for laid in state.sets[p]],
        hand=hand,
        pot=pot,
    )


def view(state: SobekState, seat: int | None) -> SobekView:
    """What that seat may see: its own hand and pot, counts and backs of the others."""
    chips = None
    choosing = state.phase == "choose_event" and seat == state.active
    remembers = state.is_async and seat is not None and state.chips_seen and state.chips_seen[seat]
    if choosing or remembers:
        chips = [_chip(c) for c in sorted(state.chips)]
    vizier_pot = None
    if state.phase == "vizier" and seat == state.active and state.vizier_victim is not None:
        vizier_pot = [shown(c) for c in state.pots[state.vizier_victim]]
    pile_characters = pile_goods = None
    if state.is_async:
        # Rules, second variant: the pile shows every goods card not yet seen on the quays
        # (Queen's draws and the 2-player removed cards included); the character count is true.
        seen = set(state.delivered)
        pile_goods = [shown(c) for c in PILE_CARDS if CARDS[c].character is None and c not in seen]
        pile_goods = [replace(v, id=None) for v in pile_goods]
        pile_characters = sum(1 for c in state.pile if CARDS[c].character)
    return SobekView(
        seat=seat,
        variant=state.variant,
        round=state.round,
        phase=state.phase,
        active=state.active,
        to_act=to_act(state),
        chooser=state.chooser,
        scores=list(state.scores),
        players=[_player(state, seat, p) for p in range(state.seats)],
        # Rules, Spielvorbereitung 6: characters lie face down on the quays.
        quays=[hidden(c) if CARDS[c].character else shown(c) for c in state.row],
        pile_count=len(state.pile),
        deliveries=state.deliveries,
        played=[shown(c) for c in state.played],
        out_count=len(state.out),
        chips_left=len(state.chips),
        chips=chips,
        chips_used=[_chip(c) for c in state.chips_used],
        vizier_pot=vizier_pot,
        last_points=list(state.last_points),
        winners=list(state.winners),
        pile_characters=pile_characters,
        pile_goods=pile_goods,
    )


def _hide(r: CardRef) -> CardRef:
    return CardRef(back=r.back)


def _hide_all(refs: tuple[CardRef, ...]) -> tuple[CardRef, ...]:
    return tuple(CardRef(back=r.back) for r in refs)


def _face_up(r: CardRef) -> CardRef:
    """A quay card as everybody saw it: goods face up, characters face down."""
    return r if r.id is not None and CARDS[r.id].character is None else _hide(r)


def redact(event: GameEvent, seat: int | None) -> GameEvent | None:
    """The event as that seat may see it: other players' hidden cards become bare backs."""
    if isinstance(event, RoundPrepared):
        return replace(
            event,
            hands=tuple(h if p == seat else _hide_all(h) for p, h in enumerate(event.hands)),
            set_aside=_hide_all(event.set_aside),
            pile=(),
            chips=(None,) * len(event.chips),
        )
    if isinstance(event, GoodsDelivered):
        return replace(event, row=tuple(_face_up(r) for r in event.row))
    if isinstance(event, CardTaken):
        if event.seat == seat:
            return event
        show = _face_up if event.shown else _hide
        return replace(event, card=show(event.card), skipped=tuple(show(r) for r in event.skipped))
    if isinstance(event, CardsDrawn | PotEmbalmed) and event.seat != seat:
        return replace(event, cards=_hide_all(event.cards))
    if isinstance(event, BribesRemoved) and event.seat != seat and not event.shown:
        return replace(event, cards=_hide_all(event.cards))
    if isinstance(event, CardDiscarded) and event.seat != seat:
        return replace(event, card=_hide(event.card))
    if isinstance(event, BribeTaken | CardStolen) and seat not in (event.seat, event.victim):
        return replace(event, card=_hide(event.card))
    if isinstance(event, HandsBribed):
        return replace(
            event, hands=tuple(h if p == seat else _hide_all(h) for p, h in enumerate(event.hands))
        )
    return event
