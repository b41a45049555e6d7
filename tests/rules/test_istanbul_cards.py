"""Istanbul bonus cards (all ten kinds, with their timing) and the mosque tiles' abilities."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.istanbul import GAME
from shared.games.istanbul import events as ev
from shared.games.istanbul import moves as mv
from tests.gamekit import rejects
from tests.rules.istanbul_fixtures import Dice, at_place, play, table, with_player


def _moving(**player: object):  # type: ignore[no-untyped-def]
    return with_player(replace(table(), phase="move"), 0, **player)


def test_lira5_gives_5_lira_any_time_on_the_own_turn() -> None:
    state, _ = play(_moving(hand=("lira5",)), 0, mv.PlayCard(card="lira5"))
    assert state.players[0].money == 7 and state.discard == ("lira5",)
    assert state.phase == "move"
    waiting = replace(_moving(hand=("lira5",)), active=1)
    assert rejects(GAME, waiting, 0, mv.PlayCard(card="lira5")) == "not_your_turn"


def test_good_card_gives_one_good_before_or_after_an_action_not_during_one() -> None:
    state, _ = play(_moving(hand=("good", "good")), 0, mv.PlayCard(card="good", good="jewelry"))
    assert state.players[0].goods == (0, 0, 0, 1)
    dice = replace(at_place(state, 0, 8), phase="dice")
    assert rejects(GAME, dice, 0, mv.PlayCard(card="good", good="fabric")) == "not_now"


def test_family_card_brings_the_family_member_home_for_3_lira_or_a_card() -> None:
    state = replace(_moving(hand=("family",), family=9), deck=("stay",))
    after, _ = play(state, 0, mv.PlayCard(card="family", take="lira"))
    assert after.players[0].family == 12 and after.players[0].money == 5
    after, _ = play(state, 0, mv.PlayCard(card="family", take="card"))
    assert after.players[0].hand == ("stay",)
    home = _moving(hand=("family",))
    assert rejects(GAME, home, 0, mv.PlayCard(card="family", take="lira")) == "at_police"


def test_stay_card_repeats_phases_2_to_4_at_the_current_place() -> None:
    state = _moving(hand=("stay",), merchant=2, stack=3, assistants=(2,))
    state, events = play(state, 0, mv.Stay())
    assert ev.MerchantMoved(seat=0, to=2, card="stay") in events
    state, events = play(state, 0, mv.Enter())
    assert ev.AssistantsReturned(seat=0, places=(2,), why="collect") in events
    assert state.phase == "action" and state.place == 2


def test_move34_card_moves_3_or_4_steps() -> None:
    state = _moving(hand=("move34",))  # from the Fountain (row 2, column 3) in short paths
    targets = sorted(m.to for m in GAME.legal_moves(state, 0) if isinstance(m, mv.MoveFar))
    assert targets == [8, 10, 13, 15, 16]
    assert rejects(GAME, state, 0, mv.MoveFar(to=2)) == "too_far"
    state, _ = play(state, 0, mv.MoveFar(to=16))
    assert state.players[0].merchant == 16 and state.players[0].hand == ()


def test_assistant_card_returns_one_assistant_in_phase_1_only() -> None:
    state, _ = play(_moving(hand=("assistant",), stack=3, assistants=(5,)), 0,
                    mv.PlayCard(card="assistant", place=5))  # fmt: skip
    assert state.players[0].stack == 4 and state.players[0].assistants == ()
    later = with_player(at_place(table(), 0, 2), 0, hand=("assistant",), assistants=(5,))
    assert rejects(GAME, later, 0, mv.PlayCard(card="assistant", place=5)) == "not_now"


def test_small_market_card_sells_any_goods_and_rotates_the_tile() -> None:
    state = with_player(replace(at_place(table(), 0, 11), small=(4, 0, 1, 2, 3)), 0,
                        hand=("small_market",), goods=(0, 0, 0, 2))  # fmt: skip
    assert rejects(GAME, state, 0, mv.Sell(goods=(0, 0, 0, 2))) == "not_wanted"
    state, _events = play(state, 0, mv.Sell(goods=(0, 0, 0, 2), card=True))
    assert state.players[0].money == 2 + 5 and state.small == (0, 1, 2, 3, 4)
    large = with_player(at_place(table(), 0, 10), 0, hand=("small_market",), goods=(1, 0, 0, 0))
    assert rejects(GAME, large, 0, mv.Sell(goods=(1, 0, 0, 0), card=True)) == "wrong_place"


def test_sultan2_repeats_the_purchase_at_the_new_cost_right_after() -> None:
    state = with_player(at_place(table(4), 0, 13), 0, hand=("sultan2",), extensions=3,
                        goods=(5, 5, 5, 5))  # fmt: skip
    state, _ = play(state, 0, mv.Sultan())
    state, _events = play(state, 0, mv.PlayCard(card="sultan2", any=("fruit",)))
    assert state.players[0].rubies == 2 and state.players[0].goods == (3, 3, 2, 3)


def test_post2_repeats_the_post_office_with_the_moved_indicator() -> None:
    state = with_player(at_place(table(), 0, 5), 0, hand=("post2",), money=0)
    state, _ = play(state, 0, mv.Act())
    state, _ = play(state, 0, mv.PlayCard(card="post2"))
    assert state.players[0].money == 2 + 2 and state.mail == 2
    assert state.players[0].goods == (1, 1, 2, 0)


def test_gemstone2_buys_a_second_ruby_at_the_next_price() -> None:
    state = with_player(at_place(table(4), 0, 16), 0, hand=("gemstone2", "gemstone2"), money=25)
    state, _ = play(state, 0, mv.Act())
    state, _ = play(state, 0, mv.PlayCard(card="gemstone2"))
    assert state.players[0].rubies == 2 and state.players[0].money == 0
    assert rejects(GAME, with_player(state, 0, money=99), 0, mv.PlayCard(card="gemstone2")) != ""


def test_a_double_card_must_follow_its_own_action() -> None:
    state = with_player(replace(at_place(table(), 0, 2), governor=2), 0, hand=("post2",))
    state, _ = play(state, 0, mv.Act())
    assert state.phase == "encounter"
    assert rejects(GAME, state, 0, mv.PlayCard(card="post2")) == "not_now"


def test_red_tile_turns_one_die_to_4_or_rerolls_both() -> None:
    state = with_player(at_place(table(), 0, 9), 0, tiles=("fabric",), money=0)
    rolled, _ = play(state, 0, mv.TeaHouse(call=8), Dice(1, 2))
    assert rolled.phase == "dice" and rolled.dice == (1, 2)
    four, _ = play(rolled, 0, mv.RedTile(die=0))
    assert four.players[0].money == 2  # 4 + 2 = 6 < 8
    again, _ = play(rolled, 0, mv.RedTile(), Dice(6, 5))
    assert again.players[0].money == 8
    kept, _ = play(rolled, 0, mv.KeepDice())
    assert kept.players[0].money == 2


def test_green_tile_buys_one_extra_good_after_a_warehouse() -> None:
    state = with_player(at_place(table(), 0, 2), 0, tiles=("spice",), money=4)
    state, _ = play(state, 0, mv.Act())
    state, _ = play(state, 0, mv.ExtraGood(good="jewelry"))
    assert state.players[0].goods == (2, 0, 0, 1) and state.players[0].money == 2
    assert state.active == 1  # once: nothing left, the turn ended


def test_yellow_tile_returns_an_assistant_for_2_lira_once_per_turn() -> None:
    state = _moving(tiles=("fruit",), money=6, stack=2, assistants=(3, 5))
    state, _ = play(state, 0, mv.BuyBack(place=3))
    assert state.players[0].stack == 3 and state.players[0].money == 4
    assert rejects(GAME, state, 0, mv.BuyBack(place=5)) == "used"


def test_a_lira5_drawn_from_the_governor_pays_him_with_0_lira() -> None:
    # Digest 2.10: "5 Lira" any time on one's own turn, between drawing and paying too.
    state = replace(at_place(table(), 0, 2), governor=2, deck=("lira5",))
    state = with_player(state, 0, money=0)
    state, _ = play(state, 0, mv.Act())  # fabric warehouse: no Lira
    state, _ = play(state, 0, mv.UseGovernor())
    assert state.phase == "governor" and state.players[0].hand == ("lira5",)
    assert mv.PlayCard(card="lira5") in GAME.legal_moves(state, 0)
    state, _ = play(state, 0, mv.PlayCard(card="lira5"))
    assert state.players[0].money == 5 and state.phase == "governor"
    state, events = play(state, 0, mv.PayGovernor(), Dice(3, 4))
    assert state.players[0].money == 3 and state.players[0].hand == ()
    assert state.discard == ("lira5",) and state.governor == 7
    assert ev.FigurePlaced(figure="governor", index=0, place=7, dice=(3, 4)) in events


def test_a_card_that_would_leave_nothing_to_pay_the_governor_with_waits() -> None:
    state = replace(at_place(table(), 0, 2), governor=2, deck=("good",))
    state = with_player(state, 0, money=1)
    state, _ = play(state, 0, mv.Act())
    state, _ = play(state, 0, mv.UseGovernor())
    assert rejects(GAME, state, 0, mv.PlayCard(card="good", good="fruit")) == "not_now"
    assert GAME.legal_moves(state, 0) == [mv.PayGovernor(card="good")]


def test_a_lira5_pays_the_merchants_met_on_arrival() -> None:
    state = with_player(_moving(hand=("lira5",)), 0, money=0, merchant=7)
    state = with_player(state, 1, merchant=3)  # seat 1's merchant waits at place 3
    state, _ = play(state, 0, mv.Move(to=3))
    assert state.phase == "arrive"
    assert rejects(GAME, state, 0, mv.Enter(pay=True)) == "no_money"
    state, _ = play(state, 0, mv.PlayCard(card="lira5"))
    state, _ = play(state, 0, mv.Enter(pay=True))
    assert state.players[0].money == 3 and state.players[1].money == 3 + 2


def test_the_family_card_may_be_played_during_a_roll_and_the_caravansary() -> None:
    rolling = replace(at_place(table(), 0, 8), phase="dice")
    rolling = with_player(rolling, 0, hand=("family", "good"), family=9)
    state, _ = play(rolling, 0, mv.PlayCard(card="family", take="lira"))
    assert state.players[0].money == 2 + 3 and state.players[0].family == 12
    assert state.phase == "dice"
    assert rejects(GAME, rolling, 0, mv.PlayCard(card="good", good="fabric")) == "not_now"
    caravan = with_player(replace(at_place(table(), 0, 6), phase="caravan"), 0,
                          hand=("lira5", "stay"))  # fmt: skip
    state, _ = play(caravan, 0, mv.PlayCard(card="lira5"))
    assert state.players[0].money == 2 + 5 and state.players[0].hand == ("stay",)
    last = with_player(caravan, 0, hand=("lira5",))  # the discard needs a card left
    assert rejects(GAME, last, 0, mv.PlayCard(card="lira5")) == "not_now"
