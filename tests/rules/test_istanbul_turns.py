"""Istanbul turns: movement and the assistant step (FAQ ruling 1), paying merchants, the
2-player neutral merchants, family members, governor and smuggler (FAQ rulings 2 and 3)."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.istanbul import GAME
from shared.games.istanbul import events as ev
from shared.games.istanbul import moves as mv
from tests.gamekit import rejects
from tests.rules.istanbul_fixtures import Dice, at_place, names, play, table, with_player


def test_setup_money_assistants_family_and_figures() -> None:
    from tests.gamekit import start

    state, events = start(GAME, 4, {"layout": "long"}, seed=5)
    first = state.start
    assert [state.players[(first + i) % 4].money for i in range(4)] == [2, 3, 4, 5]  # S04
    for p in state.players:
        assert (p.merchant, p.stack, p.reserve, p.family, len(p.hand)) == (7, 4, 1, 12, 1)
        assert p.capacity == 2
    assert 2 <= state.governor <= 12 and 2 <= state.smuggler <= 12  # FAQ rulings 2, 3
    placed = [e for e in events if isinstance(e, ev.FigurePlaced)]
    assert [e.place for e in placed] == [sum(e.dice) for e in placed]
    assert state.grid == (16, 2, 8, 11, 15, 7, 6, 4, 3, 5, 12, 1, 10, 9, 14, 13)
    assert len(state.deck) == 26 - 4


def test_the_merchant_moves_one_or_two_orthogonal_steps() -> None:
    state = replace(table(3, "short"), phase="move")  # the Fountain is at row 2, column 3
    targets = sorted(m.to for m in GAME.legal_moves(state, 0) if isinstance(m, mv.Move))
    assert targets == [1, 2, 3, 4, 5, 6, 9, 11, 12, 14]
    assert rejects(GAME, state, 0, mv.Move(to=15)) == "too_far"
    assert rejects(GAME, state, 0, mv.Move(to=7)) == "too_far"


def test_leaving_an_assistant_opens_the_action() -> None:
    state = replace(table(), phase="move")
    state, _ = play(state, 0, mv.Move(to=2))
    assert state.phase == "arrive"
    state, events = play(state, 0, mv.Enter())
    assert ev.AssistantLeft(seat=0, place=2) in events and state.phase == "action"
    assert state.players[0].stack == 3 and state.players[0].assistants == (2,)


def test_faq_1_collecting_an_own_assistant_also_opens_the_action() -> None:
    state = with_player(
        replace(table(), phase="move"), 0, stack=0, assistants=(11,), goods=(1, 1, 1, 1)
    )
    state, _ = play(state, 0, mv.Move(to=11))
    state, events = play(state, 0, mv.Enter())
    assert ev.AssistantsReturned(seat=0, places=(11,), why="collect") in events
    assert state.phase == "action" and state.players[0].stack == 1


def test_with_no_assistant_to_leave_or_collect_the_turn_ends_at_once() -> None:
    state = with_player(replace(table(), phase="move"), 0, stack=0, assistants=(11,))
    state, events = play(state, 0, mv.Move(to=2))
    assert names(events)[-2:] == ["TurnFinished", "TurnBegan"] and state.active == 1


def test_declining_the_assistant_step_ends_the_turn() -> None:
    state = replace(table(), phase="move")
    state, _ = play(state, 0, mv.Move(to=2))
    state, _events = play(state, 0, mv.EndTurn())
    assert state.active == 1 and state.players[0].stack == 4


def test_each_other_merchant_is_paid_2_lira() -> None:
    state = with_player(with_player(table(), 1, merchant=2), 2, merchant=2)
    state = with_player(replace(state, phase="move"), 0, money=5)
    state, _ = play(state, 0, mv.Move(to=2))
    state, events = play(state, 0, mv.Enter(pay=True))
    assert [e.lira for e in events if isinstance(e, ev.MerchantPaid)] == [2, 2]
    assert [p.money for p in state.players] == [1, 5, 6]


def test_a_merchant_who_cannot_or_will_not_pay_leaves_the_assistant_and_ends_the_turn() -> None:
    state = with_player(table(), 1, merchant=2)
    state = with_player(replace(state, phase="move"), 0, money=1)
    state, _ = play(state, 0, mv.Move(to=2))
    assert rejects(GAME, state, 0, mv.Enter(pay=True)) == "no_money"
    state, events = play(state, 0, mv.Enter(pay=False))
    assert state.players[0].assistants == (2,) and state.active == 1
    assert "MerchantPaid" not in names(events)


def test_two_players_pay_a_neutral_merchant_to_the_bank_and_it_moves_by_dice() -> None:
    state = replace(table(2), phase="move")
    assert state.neutrals == (14, 15, 16)
    state, _ = play(state, 0, mv.Move(to=14))  # two steps from the Fountain
    state, events = play(state, 0, mv.Enter(), Dice(3, 4))
    assert ev.MerchantPaid(seat=0, lira=2) in events
    assert ev.FigurePlaced(figure="neutral", index=0, place=7, dice=(3, 4)) in events
    assert state.players[0].money == 0 and state.players[1].money == 3
    assert state.neutrals == (7, 15, 16)


def test_caught_family_members_go_home_for_3_lira_or_a_card() -> None:
    state = with_player(with_player(table(), 1, family=2), 2, family=2)
    state = replace(at_place(state, 0, 2), deck=("lira5",))
    state, events = play(state, 0, mv.Act())
    assert ev.CatchesFound(seats=(1, 2)) in events and state.phase == "encounter"
    assert rejects(GAME, state, 0, mv.EndTurn()) == "catch_first"
    state, _ = play(state, 0, mv.Reward(take="lira"))
    state, _ = play(state, 0, mv.Reward(take="card"))
    assert state.players[1].family == 12 and state.players[2].family == 12
    assert state.players[0].money == 5 and state.players[0].hand == ("lira5",)


def test_family_members_at_the_police_station_are_safe() -> None:
    state = with_player(at_place(table(), 0, 12), 0, family=2)
    state, events = play(state, 0, mv.Skip())
    assert "CatchesFound" not in names(events)


def test_the_family_member_meets_no_one() -> None:
    state = with_player(table(), 1, family=3)
    state, events = play(at_place(state, 0, 12), 0, mv.SendFamily(to=3))
    state, events = play(state, 0, mv.Act())
    assert "CatchesFound" not in names(events) and state.players[1].family == 3


def test_the_governor_gives_a_card_for_2_lira_or_a_card_then_moves_by_dice() -> None:
    state = replace(at_place(table(), 0, 2), governor=2, deck=("post2", "good"))
    state, _ = play(state, 0, mv.Act())
    state, events = play(state, 0, mv.UseGovernor())
    assert state.phase == "governor" and state.players[0].hand == ("post2",)
    state, events = play(state, 0, mv.PayGovernor(card="post2"), Dice(5, 6))
    assert ev.FigurePlaced(figure="governor", index=0, place=11, dice=(5, 6)) in events
    assert state.governor == 11 and state.discard == ("post2",)


def test_the_smuggler_gives_a_good_for_2_lira_or_a_good_then_moves_by_dice() -> None:
    state = replace(at_place(table(), 0, 2), smuggler=2, governor=3)
    state, _ = play(state, 0, mv.Act())  # fabric 2
    state, events = play(state, 0, mv.UseSmuggler(good="jewelry", pay="fabric"), Dice(1, 1))
    assert state.players[0].goods == (1, 0, 0, 1) and state.smuggler == 2
    assert ev.FigurePlaced(figure="smuggler", index=0, place=2, dice=(1, 1)) in events


def test_governor_and_smuggler_both_may_be_used_each_once() -> None:
    state = with_player(
        replace(at_place(table(), 0, 2), smuggler=2, governor=2, deck=("post2",)), 0, money=9
    )
    state, _ = play(state, 0, mv.Act())
    state, _ = play(state, 0, mv.UseSmuggler(good="spice", pay="lira"), Dice(4, 4))
    assert state.phase == "encounter" and state.smuggler == 8
    state, _ = play(state, 0, mv.UseGovernor())
    state, _events = play(state, 0, mv.PayGovernor(), Dice(6, 6))
    assert state.governor == 12 and state.players[0].money == 5
    assert state.active == 1  # nothing left to do: the turn ended by itself


def test_faq_3_figures_only_reach_places_2_to_12() -> None:
    from tests.gamekit import play_random

    played = play_random(GAME, 2, {"layout": "number"}, seed=3)
    places = {e.place for e in played.events if isinstance(e, ev.FigurePlaced)}
    assert places <= set(range(2, 13))


def test_a_catch_with_no_card_left_still_waits_for_the_lira_reward() -> None:
    state = with_player(table(), 1, family=2)
    state = at_place(state, 0, 2)  # deck and discard pile are empty
    state, _ = play(state, 0, mv.Act())
    assert state.phase == "encounter" and state.catches == (1,)
    assert GAME.legal_moves(state, 0) == [mv.Reward(take="lira")]
    state, _ = play(state, 0, mv.Reward(take="lira"))
    assert state.players[1].family == 12 and state.active == 1


def test_faq_2_dice_name_the_place_number_not_a_grid_position() -> None:
    state = replace(at_place(table(3, "long"), 0, 2), governor=2, deck=("good",))
    state, _ = play(state, 0, mv.Act())
    state, _ = play(state, 0, mv.UseGovernor())
    state, _ = play(state, 0, mv.PayGovernor(card="good"), Dice(5, 6))
    seen = GAME.view(state, None)
    (where,) = [p for p in seen.places if p.governor]
    assert where.number == 11 and state.grid.index(11) == 3  # long paths: top row, 4th place
