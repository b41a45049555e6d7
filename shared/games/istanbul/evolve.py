"""evolve: the only way Istanbul state changes, one event at a time."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from shared.games.istanbul import events as ev
from shared.games.istanbul.components import (
    DOUBLES,
    GOODS,
    N,
    mosque_rubies,
    tile_values,
)
from shared.games.istanbul.state import IstanbulState, Player, at, without

S = IstanbulState


def _player(s: S, seat: int, **changes: Any) -> S:
    return replace(s, players=at(s.players, seat, replace(s.players[seat], **changes)))


def _layout(s: S, e: ev.LayoutChosen) -> S:
    return replace(s, grid=e.grid, layout=e.layout)


def _start(s: S, e: ev.StartPlayerChosen) -> S:
    players = tuple(
        Player(money=m, stack=N.start_assistants, reserve=N.assistants_total - N.start_assistants)
        for m in e.money
    )
    n = s.seats
    return replace(
        s,
        start=e.seat,
        active=e.seat,
        players=players,
        neutrals=(14, 15, 16) if n == 2 else (),
        wainwright_left=n,
        mosque_left=(mosque_rubies(n), mosque_rubies(n)),
        stacks=tuple(tile_values(n) for _ in GOODS),
    )


def _demand(s: S, e: ev.DemandShuffled) -> S:
    order = e.order or (e.top,)
    return replace(s, **{e.market: order})


def _rotated(s: S, e: ev.DemandRotated) -> S:
    stack = getattr(s, e.market)
    stack = (*stack[1:], stack[0])
    if stack[0] != e.top:
        raise ValueError("the shown demand tile must be the next one")
    return replace(s, **{e.market: stack})


def _shuffled(s: S, e: ev.DeckShuffled) -> S:
    if (s.discard or s.deck) and sorted(e.order) != sorted(s.discard + s.deck):
        raise ValueError("a reshuffle must hold exactly the discarded cards")
    return replace(s, deck=e.order, discard=())


def _drawn(s: S, e: ev.CardDrawn) -> S:
    if e.card is None:
        raise ValueError("a redacted draw cannot be folded")
    if e.source == "deck":
        if s.deck[0] != e.card:
            raise ValueError("the drawn card must be the deck's top")
        s = replace(s, deck=s.deck[1:])
    else:
        if s.discard[-1] != e.card:
            raise ValueError("the taken card must be the discard pile's top")
        s = replace(s, discard=s.discard[:-1])
    hand = tuple(sorted((*s.players[e.seat].hand, e.card)))
    if s.phase == "caravan":
        s = replace(s, caravan_taken=s.caravan_taken + 1)
    return _player(s, e.seat, hand=hand)


def _discarded(s: S, e: ev.CardDiscarded) -> S:
    s = _player(s, e.seat, hand=without(s.players[e.seat].hand, e.card))
    if e.played and e.card in DOUBLES:
        s = replace(s, doubled=True)
    return replace(s, discard=(*s.discard, e.card))


def _figure(s: S, e: ev.FigurePlaced) -> S:
    if e.figure == "neutral":
        return replace(s, neutrals=at(s.neutrals, e.index, e.place))
    return replace(s, **{e.figure: e.place})


def _turn(s: S, e: ev.TurnBegan) -> S:
    return replace(
        s, active=e.seat, round=e.round, phase="move", place=0, dice=(), call=0,
        caravan_taken=0, done=0, doubled=False, fresh=False, green_used=False,
        yellow_used=False, catches=(), used=(),
    )  # fmt: skip


def _moved(s: S, e: ev.MerchantMoved) -> S:
    return replace(_player(s, e.seat, merchant=e.to), phase="arrive", place=e.to)


def _left(s: S, e: ev.AssistantLeft) -> S:
    p = s.players[e.seat]
    return _player(s, e.seat, stack=p.stack - 1, assistants=tuple(sorted((*p.assistants, e.place))))


def _returned(s: S, e: ev.AssistantsReturned) -> S:
    p = s.players[e.seat]
    left = tuple(a for a in p.assistants if a not in e.places)
    s = _player(s, e.seat, stack=p.stack + len(e.places), assistants=left)
    return replace(s, yellow_used=True) if e.why == "yellow" else s


def _paid(s: S, e: ev.MerchantPaid) -> S:
    s = _player(s, e.seat, money=s.players[e.seat].money - e.lira)
    if e.to is not None:
        s = _player(s, e.to, money=s.players[e.to].money + e.lira)
    return s


def _changed(s: S, e: ev.Changed) -> S:
    p = s.players[e.seat]
    goods = tuple(a + b for a, b in zip(p.goods, e.goods, strict=True))
    s = _player(s, e.seat, money=p.money + e.lira, goods=goods)
    return replace(s, green_used=True) if e.why == "green" else s


def _phase(s: S, e: ev.PhaseChanged) -> S:
    return replace(s, phase=e.phase, place=e.place or s.place)


def _done(s: S, e: ev.ActionDone) -> S:
    return replace(s, done=e.place, fresh=True)


def _family(s: S, e: ev.FamilyMoved) -> S:
    s = _player(s, e.seat, family=e.to)
    if e.why == "caught":
        s = replace(s, catches=without(s.catches, e.seat))
    return s


def _extension(s: S, e: ev.ExtensionBought) -> S:
    return _player(s, e.seat, extensions=s.players[e.seat].extensions + 1)


def _ruby(s: S, e: ev.RubyTaken) -> S:
    s = _player(s, e.seat, rubies=s.players[e.seat].rubies + 1)
    if e.source == "wainwright":
        return replace(s, wainwright_left=s.wainwright_left - 1)
    if e.source == "sultan":
        return replace(s, sultan_taken=s.sultan_taken + 1)
    if e.source == "gemstone":
        return replace(s, gem_taken=s.gem_taken + 1)
    i = 0 if e.source == "small_mosque" else 1
    return replace(s, mosque_left=at(s.mosque_left, i, s.mosque_left[i] - 1))


def _mail(s: S, e: ev.MailMoved) -> S:
    return replace(s, mail=e.down)


def _dice(s: S, e: ev.DiceThrown) -> S:
    return replace(s, dice=e.dice, call=e.call or s.call)


def _tile(s: S, e: ev.TileTaken) -> S:
    i = GOODS.index(e.good)
    if s.stacks[i][0] != e.value:
        raise ValueError("only the top mosque tile can be taken")
    s = replace(s, stacks=at(s.stacks, i, s.stacks[i][1:]))
    return _player(s, e.seat, tiles=(*s.players[e.seat].tiles, e.good))


def _fifth(s: S, e: ev.FifthAssistant) -> S:
    p = s.players[e.seat]
    return _player(s, e.seat, stack=p.stack + p.reserve, reserve=0)


def _catches(s: S, e: ev.CatchesFound) -> S:
    return replace(s, catches=e.seats)


def _used(s: S, e: ev.FigureUsed) -> S:
    return replace(s, used=(*s.used, e.figure), fresh=False)


def _ended(s: S, e: ev.TurnFinished) -> S:
    return replace(s, phase="between")


def _game_ended(s: S, e: ev.GameEnded) -> S:
    return replace(s, phase="over", ranks=e.ranks)


_MUTATORS: dict[type, Callable[[S, Any], S]] = {
    ev.LayoutChosen: _layout,
    ev.StartPlayerChosen: _start,
    ev.DemandShuffled: _demand,
    ev.DemandRotated: _rotated,
    ev.DeckShuffled: _shuffled,
    ev.CardDrawn: _drawn,
    ev.CardDiscarded: _discarded,
    ev.FigurePlaced: _figure,
    ev.TurnBegan: _turn,
    ev.MerchantMoved: _moved,
    ev.AssistantLeft: _left,
    ev.AssistantsReturned: _returned,
    ev.MerchantPaid: _paid,
    ev.Changed: _changed,
    ev.PhaseChanged: _phase,
    ev.ActionDone: _done,
    ev.FamilyMoved: _family,
    ev.ExtensionBought: _extension,
    ev.RubyTaken: _ruby,
    ev.MailMoved: _mail,
    ev.DiceThrown: _dice,
    ev.TileTaken: _tile,
    ev.FifthAssistant: _fifth,
    ev.CatchesFound: _catches,
    ev.FigureUsed: _used,
    ev.TurnFinished: _ended,
    ev.GameEnded: _game_ended,
}


def evolve(state: S, event: ev.IstanbulEvent) -> S:
    """The state after one event."""
    return _MUTATORS[type(event)](state, event)
