"""The do side of every move: the events a checked move causes, up to the next decision."""

from __future__ import annotations

from shared.games.istanbul import events as ev
from shared.games.istanbul import moves as mv
from shared.games.istanbul.components import (
    BLACK_MARKET,
    CARAVANSARY,
    DOUBLES,
    GEMSTONE,
    LARGE_MARKET,
    MOSQUE_GOODS,
    POST_OFFICE,
    SULTAN,
    TEA_HOUSE,
    WAINWRIGHT,
    WAREHOUSES,
    N,
    one,
)
from shared.games.istanbul.events import IstanbulEvent as E
from shared.games.istanbul.flow import (
    arrive,
    draw,
    end_turn,
    gain,
    gain_good,
    open_action,
    place_figure,
    roll,
    settle,
    to_encounters,
)
from shared.games.istanbul.legal import (
    gem_price,
    merchants_here,
    payout,
    post_gain,
    sultan_goods,
)
from shared.games.istanbul.state import IstanbulState
from shared.games.kit import Step

S = IstanbulState
St = Step[S, E]


def _neg(goods: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (-goods[0], -goods[1], -goods[2], -goods[3])


# --- phase 1 and 2 -------------------------------------------------------------------------


def do_move(step: St, seat: int, m: mv.Move) -> None:
    """T03: the stack moves; then the assistant step (T04-T06)."""
    step.emit(ev.MerchantMoved(seat=seat, to=m.to))
    arrive(step, seat)


def do_move_far(step: St, seat: int, m: mv.MoveFar) -> None:
    """The "move 3-4" card."""
    step.emit(ev.CardDiscarded(seat=seat, card="move34", played=True))
    step.emit(ev.MerchantMoved(seat=seat, to=m.to, card="move34"))
    arrive(step, seat)


def do_stay(step: St, seat: int, m: mv.Stay) -> None:
    """T21: the "stay" card; phases 2-4 at the current place."""
    step.emit(ev.CardDiscarded(seat=seat, card="stay", played=True))
    step.emit(ev.MerchantMoved(seat=seat, to=step.state.me().merchant, card="stay"))
    arrive(step, seat)


def do_enter(step: St, seat: int, m: mv.Enter) -> None:
    """T04 (FAQ ruling 1): collect the own assistant here, else leave one; the action is open
    either way. T07, T08: pay every other merchant, or the turn ends."""
    s = step.state
    if s.place in s.me().assistants:
        step.emit(ev.AssistantsReturned(seat=seat, places=(s.place,), why="collect"))
    else:
        step.emit(ev.AssistantLeft(seat=seat, place=s.place))
    if merchants_here(s) and not m.pay:
        end_turn(step)
        return
    for other in s.others_at(s.place, seat):
        step.emit(ev.MerchantPaid(seat=seat, to=other, lira=N.merchant_fee))
    for index in s.neutrals_at(s.place):
        step.emit(ev.MerchantPaid(seat=seat, lira=N.neutral_fee))
        place_figure(step, "neutral", index)
    open_action(step, s.place)


def do_end(step: St, seat: int, m: mv.EndTurn) -> None:
    """The rest of the turn is left undone."""
    end_turn(step)


# --- phase 3 -------------------------------------------------------------------------------


def done(step: St) -> None:
    """The action is over: record it, then phase 4."""
    step.emit(ev.ActionDone(place=step.state.place))
    if step.state.phase == "action":
        to_encounters(step)
    else:
        settle(step)


def simple(step: St, seat: int, place: int) -> None:
    """The no-choice actions (also when a card doubles them)."""
    s = step.state
    p = s.me()
    if place == WAINWRIGHT:
        step.emit(ev.Changed(seat=seat, why="wainwright", lira=-N.wainwright_price))
        step.emit(ev.ExtensionBought(seat=seat))
        if step.state.me().extensions == N.ruby_at_extension:  # FAQ ruling 4: once, at once
            step.emit(ev.RubyTaken(seat=seat, source="wainwright"))
    elif place in WAREHOUSES:
        i = WAREHOUSES[place]
        gain(step, seat, one(("fabric", "spice", "fruit")[i], p.capacity), "warehouse")
    elif place == POST_OFFICE:
        goods, lira = post_gain(s.mail)
        gain(step, seat, goods, "post_office", lira)
        step.emit(ev.MailMoved(down=s.mail + 1 if s.mail < 4 else 0))
    elif place == GEMSTONE:
        step.emit(ev.Changed(seat=seat, why="gemstone", lira=-gem_price(s)))
        step.emit(ev.RubyTaken(seat=seat, source="gemstone"))


def do_act(step: St, seat: int, m: mv.Act) -> None:
    """Places 1-5 and 16; the Caravansary opens its card steps."""
    place = step.state.place
    if place == CARAVANSARY:
        step.emit(ev.PhaseChanged(phase="caravan"))
        caravan_next(step)
        return
    simple(step, seat, place)
    done(step)


def do_skip(step: St, seat: int, m: mv.Skip) -> None:
    """P01: no action; phase 4 still follows."""
    to_encounters(step)


def do_fountain(step: St, seat: int, m: mv.Fountain) -> None:
    """Place 7."""
    step.emit(ev.AssistantsReturned(seat=seat, places=tuple(sorted(m.places)), why="fountain"))
    done(step)


def do_black_market(step: St, seat: int, m: mv.BlackMarket) -> None:
    """Place 8: the good, then the roll for jewelry."""
    gain_good(step, seat, m.good, "black_market")
    throw(step, seat)


def do_tea(step: St, seat: int, m: mv.TeaHouse) -> None:
    """Place 9: the call, then the roll."""
    throw(step, seat, m.call)


def throw(step: St, seat: int, call: int = 0) -> None:
    """Roll at a dice place; with the red tile the player may change the roll (M04)."""
    step.emit(ev.DiceThrown(seat=seat, dice=roll(step), call=call))
    if "fabric" in step.state.me().tiles:
        step.emit(ev.PhaseChanged(phase="dice"))
    else:
        resolve_dice(step, seat)


def resolve_dice(step: St, seat: int) -> None:
    """The roll's outcome at the Black Market or Tea House."""
    s = step.state
    total = sum(s.dice)
    if s.place == BLACK_MARKET:
        count = N.black_market_jewelry.get(total, 0)
        if count:
            gain(step, seat, one("jewelry", count), "black_market")
    elif s.place == TEA_HOUSE:
        won = s.call if total >= s.call else N.tea_consolation
        step.emit(ev.Changed(seat=seat, why="tea_house", lira=won))
    if step.state.phase == "dice":
        step.emit(ev.PhaseChanged(phase="action"))
    done(step)


def do_keep(step: St, seat: int, m: mv.KeepDice) -> None:
    """The roll stands."""
    resolve_dice(step, seat)


def do_red(step: St, seat: int, m: mv.RedTile) -> None:
    """M04: one die to 4, or both re-rolled; then the roll stands."""
    s = step.state
    if m.die is None:
        step.emit(ev.DiceThrown(seat=seat, dice=roll(step), how="reroll"))
    else:
        dice = list(s.dice)
        dice[m.die] = N.red_fixed_face
        step.emit(ev.DiceThrown(seat=seat, dice=(dice[0], dice[1]), how="four"))
    resolve_dice(step, seat)


def do_sell(step: St, seat: int, m: mv.Sell) -> None:
    """Places 10, 11: payout by count, then the demand tile rotates (P03, U13)."""
    s = step.state
    if m.card:
        step.emit(ev.CardDiscarded(seat=seat, card="small_market", played=True))
    step.emit(
        ev.Changed(seat=seat, why="market", lira=payout(s.place, sum(m.goods)), goods=_neg(m.goods))
    )
    market = "large" if s.place == LARGE_MARKET else "small"
    stack = getattr(s, market)
    step.emit(ev.DemandRotated(market=market, top=stack[1] if len(stack) > 1 else stack[0]))
    done(step)


def do_send(step: St, seat: int, m: mv.SendFamily) -> None:
    """Place 12: the family member goes; its place's action opens (no encounters: P06)."""
    step.emit(ev.FamilyMoved(seat=seat, to=m.to, why="police"))
    open_action(step, m.to)


def sultan(step: St, seat: int, any_goods: tuple[str, ...]) -> None:
    """Place 13: the goods, then the ruby."""
    goods = sultan_goods(step.state, any_goods)
    assert goods is not None
    step.emit(ev.Changed(seat=seat, why="sultan", goods=_neg(goods)))
    step.emit(ev.RubyTaken(seat=seat, source="sultan"))


def do_sultan(step: St, seat: int, m: mv.Sultan) -> None:
    """Place 13."""
    sultan(step, seat, m.any)
    done(step)


def do_tile(step: St, seat: int, m: mv.TakeTile) -> None:
    """Places 14, 15: pay one good, take the tile; blue brings the 5th assistant (M04d);
    the second tile of a mosque brings its ruby once (M05, FAQ ruling 4)."""
    s = step.state
    step.emit(ev.Changed(seat=seat, why="mosque", goods=_neg(one(m.good))))
    value = s.stacks[("fabric", "spice", "fruit", "jewelry").index(m.good)][0]
    step.emit(ev.TileTaken(seat=seat, good=m.good, value=value))
    if m.good == "jewelry" and step.state.me().reserve:
        step.emit(ev.FifthAssistant(seat=seat))
    pair = MOSQUE_GOODS[s.place]
    if all(g in step.state.me().tiles for g in pair):
        source = "small_mosque" if pair[0] == "fabric" else "great_mosque"
        left = step.state.mosque_left[0 if source == "small_mosque" else 1]
        if left:
            step.emit(ev.RubyTaken(seat=seat, source=source))
    done(step)


def caravan_next(step: St) -> None:
    """Place 6: two cards in, then one out; the action ends when nothing is left to do."""
    s = step.state
    taking = s.caravan_taken < 2 and (s.deck or s.discard)
    if taking or s.me().hand:
        return
    step.emit(ev.PhaseChanged(phase="action"))
    done(step)


def do_take(step: St, seat: int, m: mv.TakeCard) -> None:
    """Place 6: a card from the deck or the discard pile's top (public)."""
    if m.source == "discard":
        step.emit(ev.CardDrawn(seat=seat, source="discard", card=step.state.discard[-1]))
    else:
        draw(step, seat)
    caravan_next(step)


def do_discard(step: St, seat: int, m: mv.DiscardCard) -> None:
    """Place 6: one card out, face up."""
    step.emit(ev.CardDiscarded(seat=seat, card=m.card, played=False))
    step.emit(ev.PhaseChanged(phase="action"))
    done(step)


# --- phase 4 -------------------------------------------------------------------------------


def do_reward(step: St, seat: int, m: mv.Reward) -> None:
    """T10: the caught family member goes home; 3 Lira or a card."""
    caught = step.state.catches[0]
    step.emit(ev.FamilyMoved(seat=caught, to=12, why="caught", by=seat))
    if m.take == "lira":
        step.emit(ev.Changed(seat=seat, why="catch", lira=N.family_reward_lira))
    else:
        draw(step, seat)
    settle(step)


def do_governor(step: St, seat: int, m: mv.UseGovernor) -> None:
    """T11: draw a card; payment follows."""
    step.emit(ev.FigureUsed(seat=seat, figure="governor"))
    draw(step, seat)
    step.emit(ev.PhaseChanged(phase="governor"))


def do_pay_governor(step: St, seat: int, m: mv.PayGovernor) -> None:
    """T11: 2 Lira or a card; then he moves to the place the dice show (FAQ 2, 3)."""
    if m.card is None:
        step.emit(ev.Changed(seat=seat, why="governor", lira=-N.governor_fee))
    else:
        step.emit(ev.CardDiscarded(seat=seat, card=m.card, played=False))
    place_figure(step, "governor")
    step.emit(ev.PhaseChanged(phase="encounter"))
    settle(step)


def do_smuggler(step: St, seat: int, m: mv.UseSmuggler) -> None:
    """T12: a good, then 2 Lira or a good; then he moves."""
    step.emit(ev.FigureUsed(seat=seat, figure="smuggler"))
    gain_good(step, seat, m.good, "smuggler")
    if m.pay == "lira":
        step.emit(ev.Changed(seat=seat, why="smuggler", lira=-N.smuggler_fee_lira))
    else:
        step.emit(ev.Changed(seat=seat, why="smuggler", goods=_neg(one(m.pay))))
    place_figure(step, "smuggler")
    settle(step)


# --- cards and tiles -----------------------------------------------------------------------


def do_card(step: St, seat: int, m: mv.PlayCard) -> None:
    """A bonus card's effect (digest 2.10)."""
    step.emit(ev.CardDiscarded(seat=seat, card=m.card, played=True))
    kind = m.card
    if kind == "lira5":
        step.emit(ev.Changed(seat=seat, why="card", lira=N.lira5_amount))
    elif kind == "good":
        gain_good(step, seat, m.good or "fabric", "card")
    elif kind == "family":
        step.emit(ev.FamilyMoved(seat=seat, to=12, why="card"))
        if m.take == "lira":
            step.emit(ev.Changed(seat=seat, why="card", lira=N.family_card_lira))
        else:
            draw(step, seat)
    elif kind == "assistant":
        step.emit(ev.AssistantsReturned(seat=seat, places=(m.place or 0,), why="card"))
    elif kind == "sultan2":
        sultan(step, seat, m.any)
        step.emit(ev.ActionDone(place=SULTAN))
    elif kind in DOUBLES:
        simple(step, seat, DOUBLES[kind])
        step.emit(ev.ActionDone(place=DOUBLES[kind]))
    settle(step)


def do_buy_back(step: St, seat: int, m: mv.BuyBack) -> None:
    """M04c: the yellow tile."""
    step.emit(ev.Changed(seat=seat, why="yellow", lira=-N.yellow_price))
    step.emit(ev.AssistantsReturned(seat=seat, places=(m.place,), why="yellow"))
    settle(step)


def do_extra(step: St, seat: int, m: mv.ExtraGood) -> None:
    """M04b: the green tile."""
    step.emit(ev.Changed(seat=seat, why="green", lira=-N.green_price, goods=one(m.good)))
    settle(step)
