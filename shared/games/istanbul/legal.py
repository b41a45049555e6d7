"""The checks of every move (each refusal names its rule) and the candidate moves.

`legal_moves` keeps the candidates whose check passes, so the two cannot disagree.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

from shared.games.istanbul import moves as mv
from shared.games.istanbul.components import (
    BLACK_MARKET,
    CARAVANSARY,
    DOUBLES,
    FOUNTAIN,
    GEMSTONE,
    GOODS,
    LARGE_MARKET,
    MOSQUE_GOODS,
    POLICE,
    POST_OFFICE,
    SMALL_MARKET,
    SULTAN,
    TEA_HOUSE,
    WAINWRIGHT,
    WAREHOUSES,
    N,
    gem_rubies,
    good_index,
    sultan_rubies,
)
from shared.games.istanbul.state import IstanbulState, Player
from shared.games.kit import IllegalMove, fail, need

S = IstanbulState
FREE = ("move", "action", "encounter")
"""The phases in which the yellow tile may be used (between a turn's steps)."""
OWN_TURN = ("move", "arrive", "action", "caravan", "dice", "encounter", "governor")
"""Every phase of one's own turn: "5 Lira" and "family" are played any time on it (digest
2.10, U3), so long as what is owed can still be paid: a card for the Caravansary's
discard, 2 Lira or a card for the Governor."""
BETWEEN_ACTIONS = ("move", "arrive", "action", "encounter", "governor")
"""The phases before or after a place action, not in the middle of one (the "good" card:
not while the Caravansary's cards or a roll are pending)."""
SIMPLE = (WAINWRIGHT, *WAREHOUSES, POST_OFFICE, CARAVANSARY, GEMSTONE)
"""The places whose action is `Act` (no choices)."""


# --- queries -------------------------------------------------------------------------------


def demand(s: S, place: int) -> tuple[int, ...]:
    """The goods shown on the market's current demand tile."""
    if place == LARGE_MARKET:
        return N.large_demand[s.large[0]]
    return N.small_demand[s.small[0]]


def payout(place: int, count: int) -> int:
    """Lira for selling `count` goods at a market."""
    table = N.large_payout if place == LARGE_MARKET else N.small_payout
    return table[count - 1]


def sultan_cost(s: S) -> tuple[str, ...]:
    """Every uncovered cost space of the Sultan's Palace (SP1)."""
    return N.sultan_spaces[: N.sultan_first_cost[s.seats] + s.sultan_taken]


def gem_price(s: S) -> int:
    """The Gemstone Dealer's current price (GD1, assumed U1)."""
    return N.gem_first_price[s.seats] + s.gem_taken


def post_gain(down: int) -> tuple[tuple[int, int, int, int], int]:
    """Goods and Lira of the 4 uncovered Post Office spaces with `down` indicators down."""
    goods = [0, 0, 0, 0]
    lira = 0
    for column in range(4):
        space = N.post_top[column] if column < down else N.post_bottom[column]
        if space.startswith("lira"):
            lira += int(space[4:])
        else:
            goods[good_index(space)] += 1
    return (goods[0], goods[1], goods[2], goods[3]), lira


def sultan_goods(s: S, any_goods: tuple[str, ...]) -> tuple[int, int, int, int] | None:
    """The goods a Sultan purchase hands over, or None if `any_goods` does not fit the cost."""
    cost = sultan_cost(s)
    if len(any_goods) != cost.count("any") or list(any_goods) != sorted(any_goods, key=GOODS.index):
        return None
    out = [0, 0, 0, 0]
    for g in (*(c for c in cost if c != "any"), *any_goods):
        out[good_index(g)] += 1
    return (out[0], out[1], out[2], out[3])


def can_sultan(s: S) -> bool:
    """A ruby is left at the Sultan's Palace."""
    return s.sultan_taken < sultan_rubies(s.seats)


def can_gem(s: S) -> bool:
    """A ruby is left at the Gemstone Dealer."""
    return s.gem_taken < gem_rubies(s.seats) and gem_price(s) <= N.gem_last_price


def has(p: Player, goods: tuple[int, ...]) -> bool:
    """The wheelbarrow holds at least these goods."""
    return all(h >= g for h, g in zip(p.goods, goods, strict=True))


def steps(s: S, a: int, b: int) -> int:
    """Orthogonal steps between two places."""
    return s.distance(a, b)


def merchants_here(s: S) -> int:
    """Merchants (other players' and neutral ones) the mover must pay at its place (T07)."""
    if s.place == FOUNTAIN:
        return 0
    return len(s.others_at(s.place, s.active)) + len(s.neutrals_at(s.place))


# --- checks --------------------------------------------------------------------------------


def _own_phase(s: S, *phases: str) -> None:
    need(s.phase in phases, "move_not_expected_now", f"not possible in phase {s.phase}")


def _place(s: S, place: int) -> None:
    need(place in s.grid, "no_such_place", "places are numbered 1-16")


def check_move(s: S, seat: int, m: mv.Move) -> None:
    """T03: 1-2 orthogonal steps to a different place."""
    _place(s, m.to)
    d = steps(s, s.me().merchant, m.to)
    need(N.move_min <= d <= N.move_max, "too_far", "move 1 or 2 steps")


def _card(p: Player, card: str) -> None:
    need(card in p.hand, "no_such_card", f"no {card} card in the hand")


def check_move_far(s: S, seat: int, m: mv.MoveFar) -> None:
    """Card "move 3-4": the destination is 3 or 4 steps away."""
    _card(s.me(), "move34")
    _place(s, m.to)
    need(steps(s, s.me().merchant, m.to) in (3, 4), "too_far", "move 3 or 4 steps")


def check_stay(s: S, seat: int, m: mv.Stay) -> None:
    """Card "stay" (T21)."""
    _card(s.me(), "stay")


def check_enter(s: S, seat: int, m: mv.Enter) -> None:
    """T07: pay 2 Lira to each other merchant here, or decline and end the turn."""
    count = merchants_here(s)
    if not m.pay:
        need(count > 0, "nothing_to_pay", "nobody to pay here")
        return
    need(s.me().money >= count * N.merchant_fee, "no_money", "not enough Lira to pay")


def check_end(s: S, seat: int, m: mv.EndTurn) -> None:
    """Phase 4 catches are compulsory (T10); everything else may be left undone."""
    need(not s.catches, "catch_first", "take the reward for the caught family member")
    need(s.phase in ("arrive", "encounter"), "move_not_expected_now", "finish the action")


def _action(s: S, *places: int) -> None:
    need(s.phase == "action", "move_not_expected_now", "no place action is open")
    need(s.place in places, "wrong_place", "this is not the action of this place")


def check_act(s: S, seat: int, m: mv.Act) -> None:
    """Wainwright, warehouses, Post Office, Caravansary, Gemstone Dealer."""
    _action(s, *SIMPLE)
    check_simple(s, s.place)


def check_simple(s: S, place: int) -> None:
    """Whether the no-choice action of the place can be carried out (also when doubled)."""
    p = s.me()
    if place == WAINWRIGHT:
        need(p.extensions < N.extensions, "no_extension", "all 3 extensions are built")
        need(p.money >= N.wainwright_price, "no_money", "an extension costs 7 Lira")
    elif place == GEMSTONE:
        need(can_gem(s), "no_ruby", "no ruby left at the Gemstone Dealer")
        need(p.money >= gem_price(s), "no_money", f"the ruby costs {gem_price(s)} Lira")


def check_skip(s: S, seat: int, m: mv.Skip) -> None:
    """P01: every place action is optional."""
    _own_phase(s, "action")


def check_fountain(s: S, seat: int, m: mv.Fountain) -> None:
    """Place 7: own assistants from anywhere back to the stack."""
    _action(s, FOUNTAIN)
    need(m.places, "nothing_chosen", "choose at least one assistant")
    need(list(m.places) == sorted(set(m.places)), "order", "name each place once, in order")
    need(all(a in s.me().assistants for a in m.places), "no_assistant", "no own assistant there")


def check_black_market(s: S, seat: int, m: mv.BlackMarket) -> None:
    """Place 8: a non-jewelry good (P05: chosen before the roll)."""
    _action(s, BLACK_MARKET)
    need(m.good != "jewelry", "jewelry", "jewelry only comes from the dice")


def check_tea(s: S, seat: int, m: mv.TeaHouse) -> None:
    """Place 9: announce 3-12."""
    _action(s, TEA_HOUSE)
    need(N.tea_lowest <= m.call <= N.tea_highest, "bad_call", "announce 3 to 12")


def check_sell(s: S, seat: int, m: mv.Sell) -> None:
    """Places 10, 11 (P02): each goods icon on the demand tile sells at most one good; the
    "Small Market" card lifts the icons there (any 1-5 goods)."""
    _action(s, LARGE_MARKET, SMALL_MARKET)
    need(all(g >= 0 for g in m.goods) and sum(m.goods) >= 1, "nothing_sold", "sell 1-5 goods")
    need(has(s.me(), m.goods), "no_goods", "not that many goods")
    if m.card:
        _card(s.me(), "small_market")
        need(s.place == SMALL_MARKET, "wrong_place", "the card works at the Small Market")
        need(sum(m.goods) <= 5, "too_many", "at most 5 goods")
    else:
        need(all(g <= d for g, d in zip(m.goods, demand(s, s.place), strict=True)), "not_wanted",
             "the demand tile does not show these goods")  # fmt: skip


def check_send(s: S, seat: int, m: mv.SendFamily) -> None:
    """Place 12 (P07): the family member must be here and goes to another place."""
    _action(s, POLICE)
    need(s.me().family == POLICE, "no_family", "the family member is not at the Police Station")
    _place(s, m.to)
    need(m.to != POLICE, "same_place", "send it to another place")


def check_sultan(s: S, seat: int, m: mv.Sultan) -> None:
    """Place 13 (SP1): every uncovered cost space, any good on a four-colour space."""
    _action(s, SULTAN)
    check_sultan_cost(s, m.any)


def check_sultan_cost(s: S, any_goods: tuple[str, ...]) -> None:
    """A Sultan purchase (also the doubled one) with these goods for the four-colour spaces."""
    need(can_sultan(s), "no_ruby", "no ruby left at the Sultan's Palace")
    goods = sultan_goods(s, any_goods)
    need(goods is not None, "bad_any", "name one good per four-colour space, in goods order")
    need(goods is not None and has(s.me(), goods), "no_goods", "not enough goods")


def check_tile(s: S, seat: int, m: mv.TakeTile) -> None:
    """Places 14, 15 (M02, M03): as many goods as the tile's number, each colour once."""
    _action(s, *MOSQUE_GOODS)
    need(m.good in MOSQUE_GOODS[s.place], "wrong_place", "that stack is at the other mosque")
    p = s.me()
    need(m.good not in p.tiles, "owned", "each tile colour only once")
    stack = s.stacks[good_index(m.good)]
    need(stack, "no_tile", "that stack is empty")
    need(p.goods[good_index(m.good)] >= stack[0], "no_goods", f"it needs {stack[0]} goods")


def _piles(s: S) -> bool:
    return bool(s.deck or s.discard)


def check_take(s: S, seat: int, m: mv.TakeCard) -> None:
    """Place 6: two cards, each from the deck or the discard pile's top."""
    _own_phase(s, "caravan")
    need(s.caravan_taken < 2, "taken", "two cards are taken; discard one")
    need(s.discard if m.source == "discard" else _piles(s), "no_card", "no card there")


def check_discard(s: S, seat: int, m: mv.DiscardCard) -> None:
    """Place 6: then one card from the hand."""
    _own_phase(s, "caravan")
    need(s.caravan_taken >= 2 or not _piles(s), "take_first", "take two cards first")
    _card(s.me(), m.card)


def check_keep(s: S, seat: int, m: mv.KeepDice) -> None:
    """Accept the roll."""
    _own_phase(s, "dice")


def check_red(s: S, seat: int, m: mv.RedTile) -> None:
    """M04: turn one die to 4, or re-roll both."""
    _own_phase(s, "dice")
    need(m.die in (None, 0, 1), "bad_die", "die 0 or 1")


def check_reward(s: S, seat: int, m: mv.Reward) -> None:
    """T10: 3 Lira or a bonus card per caught family member."""
    _own_phase(s, "encounter")
    need(s.catches, "nobody_caught", "no family member was caught")
    if m.take == "card":
        need(_piles(s), "no_card", "no bonus card is left")


def _figure(s: S, figure: str) -> None:
    _own_phase(s, "encounter")
    need(not s.catches, "catch_first", "take the reward for the caught family member first")
    here = s.me().merchant
    need(getattr(s, figure) == here, "not_here", f"the {figure} is not here")
    need(figure not in s.used, "used", f"the {figure} was met this turn")


def check_governor(s: S, seat: int, m: mv.UseGovernor) -> None:
    """T11: a card, then 2 Lira or a card."""
    _figure(s, "governor")
    p = s.me()
    need(_piles(s) or p.hand or p.money >= N.governor_fee, "no_money", "nothing to pay with")


def check_pay_governor(s: S, seat: int, m: mv.PayGovernor) -> None:
    """T11: 2 Lira or one card from the hand (the new one too)."""
    _own_phase(s, "governor")
    if m.card is None:
        need(s.me().money >= N.governor_fee, "no_money", "not enough Lira")
    else:
        _card(s.me(), m.card)


def check_smuggler(s: S, seat: int, m: mv.UseSmuggler) -> None:
    """T12: any good, then 2 Lira or one good."""
    _figure(s, "smuggler")
    p = s.me()
    if m.pay == "lira":
        need(p.money >= N.smuggler_fee_lira, "no_money", "not enough Lira")
    else:
        i = good_index(m.pay)
        after = p.goods[i] + (1 if m.good == m.pay and p.goods[i] < p.capacity else 0)
        need(after >= 1, "no_goods", f"no {m.pay} to pay with")


_CARD_FIELDS = {
    "good": ("good",),
    "family": ("take",),
    "assistant": ("place",),
    "sultan2": ("any",),
}


def check_card(s: S, seat: int, m: mv.PlayCard) -> None:
    """Bonus cards, each in its window (digest 2.10, U3)."""
    p = s.me()
    _card(p, m.card)
    kind = m.card
    used = _CARD_FIELDS.get(kind, ())
    for name, default in (("good", None), ("take", None), ("place", None), ("any", ())):
        if name not in used:
            need(getattr(m, name) == default, "bad_field", f"the {kind} card takes no {name}")
    if kind in DOUBLES:
        need(s.phase == "encounter" and s.fresh and s.done == DOUBLES[kind], "not_now",
             "play it right after that place's action")  # fmt: skip
        need(not s.doubled, "doubled", "the action was doubled already")
        if kind == "sultan2":
            check_sultan_cost(s, m.any)
        else:
            check_simple(s, DOUBLES[kind])
        return
    need(s.phase in OWN_TURN, "not_now", "not in the middle of an action")
    if s.phase == "caravan":  # the discard the Caravansary asks for needs a card left
        need(kind in ("lira5", "family") and len(p.hand) >= 2, "not_now",
             "keep a card for the Caravansary's discard")  # fmt: skip
    if s.phase == "governor":  # the Governor is still owed 2 Lira or a card
        lira = {"lira5": N.lira5_amount, "family": N.family_card_lira if m.take == "lira" else 0}
        need(len(p.hand) >= 2 or p.money + lira.get(kind, 0) >= N.governor_fee, "not_now",
             "keep 2 Lira or a card to pay the Governor")  # fmt: skip
    if kind == "lira5":
        return
    if kind == "good":
        need(s.phase in BETWEEN_ACTIONS, "not_now", "not in the middle of an action")
        need(m.good is not None, "no_good", "name the good")
        i = good_index(m.good or "fabric")
        need(p.goods[i] < p.capacity, "full", "no room for that good")
        return
    if kind == "family":
        need(p.family != POLICE, "at_police", "the family member is at the Police Station")
        need(m.take in ("lira", "card"), "no_take", "take lira or card")
        if m.take == "card":
            need(_piles(s), "no_card", "no bonus card is left")
        return
    if kind == "assistant":
        need(s.phase == "move", "not_now", "play it before moving")
        need(m.place in p.assistants, "no_assistant", "no own assistant there")
        return
    fail("not_playable", f"the {kind} card is played with its own move")


def check_buy_back(s: S, seat: int, m: mv.BuyBack) -> None:
    """M04c: yellow tile, 2 Lira, once per turn (assumed U12)."""
    _own_phase(s, *FREE)
    p = s.me()
    need("fruit" in p.tiles, "no_tile", "the yellow mosque tile is needed")
    need(not s.yellow_used, "used", "once per turn")
    need(p.money >= N.yellow_price, "no_money", "it costs 2 Lira")
    need(m.place in p.assistants, "no_assistant", "no own assistant there")


def check_extra(s: S, seat: int, m: mv.ExtraGood) -> None:
    """M04b: green tile, right after a warehouse action, 2 Lira for one good."""
    _own_phase(s, "encounter")
    p = s.me()
    need("spice" in p.tiles, "no_tile", "the green mosque tile is needed")
    need(s.fresh and s.done in WAREHOUSES and not s.green_used, "not_now",
         "right after a warehouse action, once")  # fmt: skip
    need(p.money >= N.green_price, "no_money", "it costs 2 Lira")
    need(p.goods[good_index(m.good)] < p.capacity, "full", "no room for that good")


CHECKS: dict[type, Callable[[S, int, Any], None]] = {
    mv.Move: check_move,
    mv.MoveFar: check_move_far,
    mv.Stay: check_stay,
    mv.Enter: check_enter,
    mv.EndTurn: check_end,
    mv.Act: check_act,
    mv.Skip: check_skip,
    mv.Fountain: check_fountain,
    mv.BlackMarket: check_black_market,
    mv.TeaHouse: check_tea,
    mv.Sell: check_sell,
    mv.SendFamily: check_send,
    mv.Sultan: check_sultan,
    mv.TakeTile: check_tile,
    mv.TakeCard: check_take,
    mv.DiscardCard: check_discard,
    mv.KeepDice: check_keep,
    mv.RedTile: check_red,
    mv.Reward: check_reward,
    mv.UseGovernor: check_governor,
    mv.PayGovernor: check_pay_governor,
    mv.UseSmuggler: check_smuggler,
    mv.PlayCard: check_card,
    mv.BuyBack: check_buy_back,
    mv.ExtraGood: check_extra,
}

PHASE_MOVES: dict[str, tuple[type, ...]] = {
    "move": (mv.Move, mv.MoveFar, mv.Stay, mv.PlayCard, mv.BuyBack),
    "arrive": (mv.Enter, mv.EndTurn, mv.PlayCard),
    "action": (
        mv.Act,
        mv.Skip,
        mv.Fountain,
        mv.BlackMarket,
        mv.TeaHouse,
        mv.Sell,
        mv.SendFamily,
        mv.Sultan,
        mv.TakeTile,
        mv.PlayCard,
        mv.BuyBack,
    ),
    "caravan": (mv.TakeCard, mv.DiscardCard, mv.PlayCard),
    "dice": (mv.KeepDice, mv.RedTile, mv.PlayCard),
    "encounter": (
        mv.Reward,
        mv.UseGovernor,
        mv.UseSmuggler,
        mv.PlayCard,
        mv.BuyBack,
        mv.ExtraGood,
        mv.EndTurn,
    ),
    "governor": (mv.PayGovernor, mv.PlayCard),
}


def is_legal(s: S, seat: int, move: Any) -> bool:
    """The move's check passes (the phase and seat are the dispatcher's business)."""
    if type(move) not in PHASE_MOVES.get(s.phase, ()):
        return False
    try:
        CHECKS[type(move)](s, seat, move)
    except IllegalMove:
        return False
    return True


# --- candidates ----------------------------------------------------------------------------


def _any_choices(s: S) -> Iterator[tuple[str, ...]]:
    spaces = sultan_cost(s).count("any")
    yield from itertools.combinations_with_replacement(GOODS, spaces)


def _sales(s: S) -> Iterator[mv.Sell]:
    p = s.me()
    if s.place not in (LARGE_MARKET, SMALL_MARKET):
        return
    wanted = demand(s, s.place)
    for goods in itertools.product(
        *(range(min(h, w) + 1) for h, w in zip(p.goods, wanted, strict=True))
    ):
        yield mv.Sell(goods=goods)  # type: ignore[arg-type]
    if s.place == SMALL_MARKET and "small_market" in p.hand:
        for goods in itertools.product(*(range(min(h, 5) + 1) for h in p.goods)):
            if 1 <= sum(goods) <= 5:
                yield mv.Sell(goods=goods, card=True)  # type: ignore[arg-type]


def _cards(s: S) -> Iterator[mv.PlayCard]:
    p = s.me()
    for kind in sorted(set(p.hand)):
        if kind == "good":
            yield from (mv.PlayCard(card=kind, good=g) for g in GOODS)  # type: ignore[arg-type]
        elif kind == "family":
            yield from (mv.PlayCard(card=kind, take=t) for t in ("lira", "card"))  # type: ignore[arg-type]
        elif kind == "assistant":
            yield from (mv.PlayCard(card=kind, place=a) for a in p.assistants)  # type: ignore[arg-type]
        elif kind == "sultan2":
            yield from (mv.PlayCard(card=kind, any=a) for a in _any_choices(s))  # type: ignore[arg-type]
        elif kind in ("lira5", "post2", "gemstone2"):
            yield mv.PlayCard(card=kind)  # type: ignore[arg-type]


def candidates(s: S, seat: int) -> list[Any]:
    """Every move that may be legal now (the checks filter them)."""
    p = s.me()
    out: list[Any] = []
    phase = s.phase
    if phase == "move":
        out += [mv.Move(to=q) for q in s.grid]
        if "move34" in p.hand:
            out += [mv.MoveFar(to=q) for q in s.grid]
        out.append(mv.Stay())
    elif phase == "arrive":
        out += [mv.Enter(pay=True), mv.Enter(pay=False), mv.EndTurn()]
    elif phase == "action":
        out += [mv.Act(), mv.Skip()]
        if s.place == FOUNTAIN:
            out += [
                mv.Fountain(places=c)
                for k in range(1, len(p.assistants) + 1)
                for c in itertools.combinations(p.assistants, k)
            ]
        elif s.place == BLACK_MARKET:
            out += [mv.BlackMarket(good=g) for g in GOODS[:3]]  # type: ignore[arg-type]
        elif s.place == TEA_HOUSE:
            out += [mv.TeaHouse(call=c) for c in range(N.tea_lowest, N.tea_highest + 1)]
        elif s.place == POLICE:
            out += [mv.SendFamily(to=q) for q in s.grid]
        elif s.place == SULTAN:
            out += [mv.Sultan(any=a) for a in _any_choices(s)]  # type: ignore[arg-type]
        elif s.place in MOSQUE_GOODS:
            out += [mv.TakeTile(good=g) for g in MOSQUE_GOODS[s.place]]  # type: ignore[arg-type]
        out += list(_sales(s))
    elif phase == "caravan":
        out += [mv.TakeCard(source="deck"), mv.TakeCard(source="discard")]
        out += [mv.DiscardCard(card=k) for k in sorted(set(p.hand))]  # type: ignore[arg-type]
    elif phase == "dice":
        out += [mv.KeepDice(), mv.RedTile(die=0), mv.RedTile(die=1), mv.RedTile()]
    elif phase == "encounter":
        out += [mv.Reward(take="lira"), mv.Reward(take="card"), mv.UseGovernor()]
        out += [mv.UseSmuggler(good=g, pay=x) for g in GOODS for x in ("lira", *GOODS)]  # type: ignore[arg-type]
        out += [mv.ExtraGood(good=g) for g in GOODS]  # type: ignore[arg-type]
        out.append(mv.EndTurn())
    elif phase == "governor":
        out.append(mv.PayGovernor())
        out += [mv.PayGovernor(card=k) for k in sorted(set(p.hand))]  # type: ignore[arg-type]
    if phase in OWN_TURN:
        out += list(_cards(s))
    if phase in FREE:
        out += [mv.BuyBack(place=a) for a in p.assistants]
    return out
