"""Istanbul place actions with the digest's numbers (places 1-16, markets, Post Office,
Sultan's Palace, Gemstone Dealer and mosque sequences per player count)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from shared.games.istanbul import events as ev
from shared.games.istanbul import moves as mv
from shared.games.istanbul.state import IstanbulState
from tests.rules.istanbul_fixtures import Dice, at_place, names, play, table, with_player

FULL = dict(extensions=3, goods=(5, 5, 5, 5))


def _act(
    state: IstanbulState, place: int, move: object, rng: Dice | None = None, **player: object
) -> tuple[IstanbulState, list]:
    state = at_place(with_player(state, 0, **player), 0, place)
    return play(state, 0, move, rng)


def _changes(events: list) -> list[ev.Changed]:
    return [e for e in events if isinstance(e, ev.Changed)]


def test_wainwright_costs_7_and_the_third_extension_brings_one_ruby_once() -> None:
    state = table(3)
    state = with_player(state, 0, money=21)
    for expected_capacity in (3, 4, 5):
        state, events = _act(state, 1, mv.Act())
        assert state.players[0].capacity == expected_capacity
    assert state.players[0].money == 0
    assert state.players[0].rubies == 1  # FAQ ruling 4: only with the 3rd extension
    assert state.wainwright_left == 2
    assert names(events).count("RubyTaken") == 1
    from shared.games.istanbul import GAME
    from tests.gamekit import rejects

    again = at_place(with_player(state, 0, money=7), 0, 1)
    assert rejects(GAME, again, 0, mv.Act()) == "no_extension"


@pytest.mark.parametrize("place,index", [(2, 0), (3, 1), (4, 2)])
def test_a_warehouse_fills_its_good_to_capacity(place: int, index: int) -> None:
    state, _ = _act(table(), place, mv.Act(), goods=(1, 1, 1, 0), extensions=1)
    assert state.players[0].goods[index] == 3
    assert sum(state.players[0].goods) == 3 + 2


def test_post_office_cycles_through_five_rows_of_gains() -> None:
    expected = [  # PO2: k down -> goods (fabric, spice, fruit, jewelry), Lira
        ((0, 1, 1, 0), 2),
        ((1, 0, 1, 0), 2),
        ((1, 0, 1, 0), 3),
        ((1, 0, 0, 1), 3),
        ((1, 0, 0, 1), 4),
    ]
    state = table()
    for down, (goods, lira) in enumerate(expected):
        assert state.mail == down
        state, events = _act(state, 5, mv.Act(), goods=(0, 0, 0, 0), money=0)
        change = _changes(events)[0]
        assert (change.goods, change.lira) == (goods, lira)
    assert state.mail == 0  # all four were down: back up


def test_caravansary_takes_two_cards_and_discards_one() -> None:
    state = replace(table(), deck=("lira5", "good"), discard=("stay",))
    state, events = _act(state, 6, mv.Act(), hand=("family",))
    assert state.phase == "caravan"
    state, events = play(state, 0, mv.TakeCard(source="discard"))
    assert events[0] == ev.CardDrawn(seat=0, source="discard", card="stay")
    state, _ = play(state, 0, mv.TakeCard(source="deck"))
    state, _ = play(state, 0, mv.DiscardCard(card="family"))
    assert state.players[0].hand == ("lira5", "stay")
    assert state.discard == ("family",) and state.deck == ("good",)


def test_fountain_returns_the_chosen_assistants_and_nobody_is_paid() -> None:
    state = with_player(table(), 1, merchant=3)
    state = with_player(state, 0, merchant=3, stack=1, assistants=(2, 5, 11))
    state = replace(state, phase="move")
    state, events = play(state, 0, mv.Move(to=7))
    assert state.phase == "action" and "MerchantPaid" not in names(events)
    state = with_player(state, 1, merchant=7)
    state, _ = play(state, 0, mv.Fountain(places=(2, 11)))
    assert state.players[0].stack == 3 and state.players[0].assistants == (5,)
    assert state.players[0].money == 2


@pytest.mark.parametrize(
    "dice,jewelry",
    [((1, 5), 0), ((3, 4), 1), ((4, 4), 1), ((4, 5), 2), ((5, 5), 2), ((5, 6), 3), ((6, 6), 3)],
)
def test_black_market_gives_a_good_and_rolls_for_jewelry(
    dice: tuple[int, int], jewelry: int
) -> None:
    state, _ = _act(table(), 8, mv.BlackMarket(good="spice"), Dice(*dice), extensions=3)
    assert state.players[0].goods == (0, 1, 0, jewelry)


def test_goods_above_capacity_are_lost() -> None:
    state, _ = _act(table(), 8, mv.BlackMarket(good="spice"), Dice(6, 6), goods=(0, 2, 0, 1))
    assert state.players[0].goods == (0, 2, 0, 2)


@pytest.mark.parametrize(
    "call,dice,won",
    [(8, (4, 5), 8), (8, (4, 4), 8), (10, (2, 3), 2), (3, (1, 2), 3), (12, (6, 6), 12)],
)
def test_tea_house_pays_the_call_when_the_roll_reaches_it_else_2(
    call: int, dice: tuple[int, int], won: int
) -> None:
    state, _ = _act(table(), 9, mv.TeaHouse(call=call), Dice(*dice), money=0)
    assert state.players[0].money == won


@pytest.mark.parametrize("count,lira", [(1, 3), (2, 7), (3, 12), (4, 18), (5, 25)])
def test_large_market_payouts(count: int, lira: int) -> None:
    state = replace(table(), large=(0, 1, 2, 3, 4))  # Large 1 shows 1, 1, 1, 2
    sale = [(1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (1, 1, 1, 1), (1, 1, 1, 2)][count - 1]
    state, events = _act(state, 10, mv.Sell(goods=sale), money=0, **{"goods": (2, 2, 2, 2)})
    assert state.players[0].money == lira
    assert ev.DemandRotated(market="large", top=1) in events
    assert state.large == (1, 2, 3, 4, 0)


@pytest.mark.parametrize("count,lira", [(1, 2), (2, 5), (3, 9), (4, 14), (5, 20)])
def test_small_market_payouts(count: int, lira: int) -> None:
    state = replace(table(), small=(4, 0, 1, 2, 3))  # Small 5 shows 1, 3, 1, 0
    sale = [(0, 1, 0, 0), (0, 2, 0, 0), (0, 3, 0, 0), (1, 3, 0, 0), (1, 3, 1, 0)][count - 1]
    state, _ = _act(state, 11, mv.Sell(goods=sale), money=0, extensions=3, goods=(5, 5, 5, 5))
    assert state.players[0].money == lira and state.small == (0, 1, 2, 3, 4)


def test_a_market_buys_only_the_goods_its_demand_tile_shows() -> None:
    from shared.games.istanbul import GAME
    from tests.gamekit import rejects

    state = at_place(
        with_player(replace(table(), small=(4, 0, 1, 2, 3)), 0, goods=(2, 2, 2, 2)), 0, 11
    )
    assert rejects(GAME, state, 0, mv.Sell(goods=(0, 0, 0, 1))) == "not_wanted"
    assert rejects(GAME, state, 0, mv.Sell(goods=(2, 0, 0, 0))) == "not_wanted"
    assert rejects(GAME, state, 0, mv.Sell(goods=(0, 0, 0, 0))) == "nothing_sold"


def test_police_station_sends_the_family_member_to_act_elsewhere_without_encounters() -> None:
    state = with_player(table(), 1, merchant=2)
    state = replace(state, governor=2)
    state, events = _act(state, 12, mv.SendFamily(to=2), money=2)
    assert state.phase == "action" and state.place == 2
    state, events = play(state, 0, mv.Act())
    assert state.players[0].family == 2 and state.players[0].goods[0] == 2
    assert "MerchantPaid" not in names(events) and state.players[1].money == 3


@pytest.mark.parametrize(
    "seats,costs",
    [
        (2, [5, 6, 7, 8, 9, 10]),
        (3, [5, 6, 7, 8, 9, 10]),
        (4, [4, 5, 6, 7, 8, 9, 10]),
        (5, [4, 5, 6, 7, 8, 9, 10]),
    ],
)
def test_sultans_palace_costs_grow_by_one_good_per_ruby(seats: int, costs: list[int]) -> None:
    from shared.games.istanbul import GAME
    from shared.games.istanbul.legal import sultan_cost

    state = table(seats)
    paid = []
    for _ in costs:
        here = at_place(with_player(state, 0, **FULL), 0, 13)
        anys = ("jewelry",) * sultan_cost(here).count("any")
        state, events = play(here, 0, mv.Sultan(any=anys))
        paid.append(-sum(_changes(events)[0].goods))
    assert paid == costs and state.players[0].rubies == len(costs)
    from tests.gamekit import rejects

    assert (
        rejects(
            GAME,
            at_place(with_player(state, 0, **FULL), 0, 13),
            0,
            mv.Sultan(any=("fabric", "fabric")),
        )
        == "no_ruby"
    )


def test_sultan_first_cost_with_four_players_is_one_of_each_good() -> None:
    state, events = _act(table(4), 13, mv.Sultan(), goods=(1, 1, 1, 1))
    assert _changes(events)[0].goods == (-1, -1, -1, -1) and state.players[0].rubies == 1


@pytest.mark.parametrize("seats,first,count", [(2, 15, 9), (3, 14, 10), (4, 12, 12), (5, 12, 12)])
def test_gemstone_dealer_prices_rise_by_one_up_to_23(seats: int, first: int, count: int) -> None:
    from shared.games.istanbul import GAME
    from tests.gamekit import rejects

    state = table(seats)
    prices = []
    for _ in range(count):
        state, events = _act(state, 16, mv.Act(), money=100)
        prices.append(-_changes(events)[0].lira)
    assert prices == list(range(first, 24))
    assert (
        rejects(GAME, at_place(with_player(state, 0, money=100), 0, 16), 0, mv.Act()) == "no_ruby"
    )


@pytest.mark.parametrize(
    "seats,values", [(2, (2, 4)), (3, (2, 3, 4)), (4, (2, 3, 4, 5)), (5, (2, 3, 4, 5))]
)
def test_mosque_stacks_per_player_count(seats: int, values: tuple[int, ...]) -> None:
    assert table(seats).stacks == (values,) * 4


def test_a_mosque_tile_needs_its_number_of_goods_and_costs_one() -> None:
    from shared.games.istanbul import GAME
    from tests.gamekit import rejects

    state = table(3)
    here = at_place(with_player(state, 0, goods=(1, 0, 0, 0)), 0, 14)
    assert rejects(GAME, here, 0, mv.TakeTile(good="fabric")) == "no_goods"
    assert rejects(GAME, here, 0, mv.TakeTile(good="fruit")) == "wrong_place"
    state, _ = _act(state, 14, mv.TakeTile(good="fabric"), goods=(2, 0, 0, 0))
    assert state.players[0].goods == (1, 0, 0, 0) and state.players[0].tiles == ("fabric",)
    assert state.stacks[0] == (3, 4)
    here = at_place(with_player(state, 0, goods=(5, 0, 0, 0), extensions=3), 0, 14)
    assert rejects(GAME, here, 0, mv.TakeTile(good="fabric")) == "owned"
    # the next player needs 3 fabric for the next tile
    state = replace(state, active=1)
    here = at_place(with_player(state, 1, goods=(2, 0, 0, 0)), 1, 14)
    assert rejects(GAME, here, 1, mv.TakeTile(good="fabric")) == "no_goods"


def test_the_second_tile_of_a_mosque_brings_its_ruby_once() -> None:
    state, events = _act(table(3), 14, mv.TakeTile(good="fabric"), goods=(2, 2, 0, 0))
    assert "RubyTaken" not in names(events)
    state, events = _act(state, 14, mv.TakeTile(good="spice"))
    assert ev.RubyTaken(seat=0, source="small_mosque") in events
    assert state.players[0].rubies == 1 and state.mosque_left == (2, 3)


def test_the_blue_tile_brings_the_fifth_assistant_at_once() -> None:
    state, events = _act(table(3), 15, mv.TakeTile(good="jewelry"), goods=(0, 0, 0, 2))
    assert ev.FifthAssistant(seat=0) in events
    assert state.players[0].stack == 5 and state.players[0].reserve == 0


def test_a_great_mosque_pair_brings_its_ruby() -> None:
    state, _ = _act(table(4), 15, mv.TakeTile(good="jewelry"), goods=(0, 0, 2, 2))
    state, events = _act(state, 15, mv.TakeTile(good="fruit"))
    assert ev.RubyTaken(seat=0, source="great_mosque") in events
