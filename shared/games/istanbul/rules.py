"""The dispatch table (phase x move type -> check, do), setup, and the contract functions."""

from __future__ import annotations

from typing import Any

from shared.games.istanbul import actions as act
from shared.games.istanbul import events as ev
from shared.games.istanbul import moves as mv
from shared.games.istanbul.components import (
    BLACK_MARKET,
    FOUNTAIN,
    INNER,
    LAYOUTS,
    TEA_HOUSE,
    N,
    deck,
)
from shared.games.istanbul.events import IstanbulEvent as E
from shared.games.istanbul.evolve import evolve
from shared.games.istanbul.flow import draw, place_figure
from shared.games.istanbul.legal import CHECKS, PHASE_MOVES, candidates
from shared.games.istanbul.state import IstanbulState, initial_state
from shared.games.kit import Rules, Step
from shared.games.rng import Rng

S = IstanbulState

_DO: dict[type, Any] = {
    mv.Move: act.do_move,
    mv.MoveFar: act.do_move_far,
    mv.Stay: act.do_stay,
    mv.Enter: act.do_enter,
    mv.EndTurn: act.do_end,
    mv.Act: act.do_act,
    mv.Skip: act.do_skip,
    mv.Fountain: act.do_fountain,
    mv.BlackMarket: act.do_black_market,
    mv.TeaHouse: act.do_tea,
    mv.Sell: act.do_sell,
    mv.SendFamily: act.do_send,
    mv.Sultan: act.do_sultan,
    mv.TakeTile: act.do_tile,
    mv.TakeCard: act.do_take,
    mv.DiscardCard: act.do_discard,
    mv.KeepDice: act.do_keep,
    mv.RedTile: act.do_red,
    mv.Reward: act.do_reward,
    mv.UseGovernor: act.do_governor,
    mv.PayGovernor: act.do_pay_governor,
    mv.UseSmuggler: act.do_smuggler,
    mv.PlayCard: act.do_card,
    mv.BuyBack: act.do_buy_back,
    mv.ExtraGood: act.do_extra,
}

RULES: Rules[S, Any, E] = Rules(
    evolve=evolve,
    phase=lambda s: s.phase,
    over=lambda s: s.over,
    to_act=lambda s: [s.active] if s.phase in PHASE_MOVES else [],
    handlers={
        phase: {t: (CHECKS[t], _DO[t]) for t in types} for phase, types in PHASE_MOVES.items()
    },
    candidates=candidates,
)
decide, legal_moves, to_act = RULES.decide, RULES.legal_moves, RULES.to_act
random_move = RULES.random_move  # a bot playout's step (BotHooks.random_move)


def random_grid(rng: Rng) -> tuple[int, ...]:
    """L04: all 16 shuffled until the Fountain is inner and Black Market and Tea House are
    at least 3 steps apart (each shuffle recorded through the table's generator)."""
    while True:
        grid = tuple(rng.shuffled(range(1, 17)))
        a, b = grid.index(BLACK_MARKET), grid.index(TEA_HOUSE)
        apart = abs(a // 4 - b // 4) + abs(a % 4 - b % 4)
        inner = grid.index(FOUNTAIN) in INNER or not N.fountain_inner
        if inner and apart >= N.min_distance_8_9:
            return grid


def setup(seats: int, options: object, rng: Rng) -> list[E]:
    """S01-S15: layout, start player and money, demand tiles, bonus deck and one card each,
    governor and smuggler by dice; the start player's first turn."""
    step: Step[S, E] = Step(initial_state(seats, options), evolve, rng)
    layout = step.state.layout
    grid = random_grid(rng) if layout == "random" else LAYOUTS[layout]
    step.emit(ev.LayoutChosen(layout=layout, grid=grid))
    start = rng.randint(0, seats - 1)  # S13, assumed U9
    money = tuple(
        N.start_money_first + N.start_money_step * ((seat - start) % seats) for seat in range(seats)
    )
    step.emit(ev.StartPlayerChosen(seat=start, money=money))
    for market, count in (("large", len(N.large_demand)), ("small", len(N.small_demand))):
        order = tuple(rng.shuffled(range(count)))
        step.emit(ev.DemandShuffled(market=market, top=order[0], count=count, order=order))
    cards = tuple(rng.shuffled(deck()))
    step.emit(ev.DeckShuffled(count=len(cards), order=cards))
    for i in range(seats):
        for _ in range(N.start_bonus_cards):
            draw(step, (start + i) % seats)
    place_figure(step, "governor")
    place_figure(step, "smuggler")
    step.emit(ev.TurnBegan(seat=start, round=1))
    return step.events
