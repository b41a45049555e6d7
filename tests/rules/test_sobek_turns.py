"""Sobek set-up, taking cards with bribery, deliveries and laying sets."""

from __future__ import annotations

from collections import Counter

import pytest

from shared.games.rng import Rng
from shared.games.sobek import GAME
from shared.games.sobek.components import CARDS, RULES
from shared.games.sobek.events import CardTaken, GoodsDelivered, RoundPrepared, SetLaid
from shared.games.sobek.moves import ChooseEvent, LaySet, PlayQueen, TakeCard
from shared.games.sobek.state import LaidSet
from tests.gamekit import play_random, rejects, start
from tests.rules.test_sobek_kit import arrange, cards, chip, fresh, names, play, where


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_setup_deals_two_green_cards_each_and_nine_quay_cards(seats: int) -> None:
    state, events = start(GAME, seats, {}, seed=5)
    prepared = events[0]
    assert isinstance(prepared, RoundPrepared)
    assert all(len(h) == 2 and all(CARDS[c].back == "green" for c in h) for h in state.hands)
    assert len(state.row) == 9 and len(state.chips) == RULES.chips_per_round
    # Rules, Spielvorbereitung 5: with 2 players the first 9 pile cards stay out.
    assert len(state.pile) == (45 - 9 if seats == 2 else 54 - 9)
    assert len(state.out) == 9 - 2 * seats + (9 if seats == 2 else 0)
    assert sorted(where(state)) == list(range(63))
    assert GAME.to_act(state) == [prepared.start_player]


def test_round_one_start_player_is_random() -> None:
    starts = {start(GAME, 4, {}, seed=s)[0].active for s in range(20)}
    assert starts == {0, 1, 2, 3}


@pytest.mark.parametrize(("seats", "deliveries"), [(2, 5), (3, 6), (4, 6)])
def test_a_round_has_six_deliveries_five_with_two_players(seats: int, deliveries: int) -> None:
    played = play_random(GAME, seats, {}, seed=2, check=False)
    per_round: Counter[int] = Counter()
    current = 0
    for e in played.events:
        if isinstance(e, RoundPrepared):
            current = e.round
        if isinstance(e, GoodsDelivered):
            per_round[current] += 1
    assert set(per_round.values()) == {deliveries}


def test_taking_the_first_card_costs_no_bribe() -> None:
    state = fresh(3)
    seat, first = state.active, state.row[0]
    state2, events = play(state, seat, TakeCard(position=0))
    assert first in state2.hands[seat] and state2.pots[seat] == ()
    assert names(events) == ["CardTaken", "TurnBegan"]
    assert state2.active == (seat + 1) % 3


def test_skipped_cards_go_under_the_takers_pot() -> None:
    # Rules, Bestechung: taking card 3 puts cards 1 and 2 under one's pot.
    state = fresh(3)
    seat, row = state.active, state.row
    state2, events = play(state, seat, TakeCard(position=2))
    taken = events[0]
    assert isinstance(taken, CardTaken)
    assert state2.pots[seat] == row[:2] and row[2] in state2.hands[seat]
    assert state2.row == row[3:]


def test_only_the_four_cards_nearest_field_zero_are_available() -> None:
    state = fresh(3)
    assert rejects(GAME, state, state.active, TakeCard(position=4)) == "not_available"
    assert rejects(GAME, state, state.active, TakeCard(position=-1)) == "not_available"
    assert len([m for m in GAME.legal_moves(state, state.active) if isinstance(m, TakeCard)]) == 4


def test_out_of_turn_move_is_rejected_with_not_your_turn() -> None:
    state = fresh(3)
    other = (state.active + 1) % 3
    assert rejects(GAME, state, other, TakeCard(position=0)) == "not_your_turn"
    assert GAME.legal_moves(state, other) == []


def test_moves_after_the_game_are_rejected_with_game_over() -> None:
    played = play_random(GAME, 2, {}, seed=1, check=False)
    assert rejects(GAME, played.state, 0, TakeCard(position=0)) == "game_over"


def test_taker_of_the_last_row_card_lays_the_next_nine() -> None:
    state = fresh(3)
    state = arrange(state, row=state.row[-1:], active=1)
    pile = state.pile
    state2, events = play(state, 1, TakeCard(position=0))
    assert names(events) == ["CardTaken", "GoodsDelivered", "TurnBegan"]
    # Laid from the temple end: the first card drawn lies farthest from field zero.
    assert state2.row == tuple(reversed(pile[:9]))
    assert state2.deliveries == 2 and state2.active == 2


def test_queen_leaves_six_cards_for_the_last_delivery() -> None:
    # Rules, Königin: the last delivery then holds only 6 cards.
    state = fresh(3)
    queen = cards("queen:ivory")
    state = arrange(state, hands={1: queen}, pile=state.pile[:9], active=1)
    state, _ = play(state, 1, PlayQueen(card=queen[0]))
    assert len(state.hands[1]) == 3 and len(state.pile) == 6
    state = arrange(state, row=state.row[-1:], active=2)
    state, _ = play(state, 2, TakeCard(position=0))
    assert len(state.row) == 6


def test_round_ends_at_once_in_the_middle_of_the_turn_order() -> None:
    # Rules, Ende der Runde: the round ends when the last card of the last delivery goes,
    # whoever takes it; the other players get no further turn.
    state = fresh(4)
    state = arrange(state, row=state.row[:1], pile=(), active=1, hands={0: (), 1: (), 2: (), 3: ()})
    state, events = play(state, 1, TakeCard(position=0))
    assert "RoundEnded" in names(events) and "RoundScored" in names(events)
    assert state.round == 2 and state.phase == "choose_start"


def test_lay_a_set_of_three_with_an_amulet_and_a_character() -> None:
    # Rules, Einen Satz auslegen: amulets are wild, a character counts as its goods.
    state = fresh(3)
    hand = cards("cattle:1", 1) + cards("amulet", 1) + cards("thief:cattle")
    state = arrange(state, hands={0: hand}, active=0, chips=())
    state, events = play(state, 0, LaySet(cards=hand))
    assert isinstance(events[0], SetLaid) and events[0].goods == "cattle"
    assert state.sets[0] == (LaidSet(cards=hand, goods="cattle"),)
    assert names(events) == ["SetLaid", "TurnBegan"]


def test_a_set_needs_three_cards_of_one_goods() -> None:
    state = fresh(3)
    hand = cards("fish:1", 2) + cards("wheat:1", 1) + cards("fish:0", 1)
    state = arrange(state, hands={0: hand}, active=0)
    assert rejects(GAME, state, 0, LaySet(cards=cards("fish:1", 2))) == "set_too_small"
    assert rejects(GAME, state, 0, LaySet(cards=hand[:3])) == "mixed_goods"
    assert rejects(GAME, state, 0, LaySet(cards=cards("ivory:3", 3))) == "card_not_in_hand"
    twice = (hand[0], hand[0], hand[1])
    assert rejects(GAME, state, 0, LaySet(cards=twice)) == "duplicate_card"


def test_adding_to_a_laid_set_needs_three_new_cards_of_its_goods() -> None:
    state = fresh(3)
    laid = LaidSet(cards=cards("fish:1", 3), goods="fish")
    more = cards("fish:0", 2) + cards("amulet", 1)
    wheat = cards("wheat:1", 3)
    state = arrange(state, hands={0: more + wheat}, sets={0: (laid,)}, active=0, chips=())
    assert rejects(GAME, state, 0, LaySet(cards=wheat, onto=0)) == "goods_mismatch"
    assert rejects(GAME, state, 0, LaySet(cards=more[:2], onto=0)) == "set_too_small"
    assert rejects(GAME, state, 0, LaySet(cards=more, onto=3)) == "no_such_set"
    state, _ = play(state, 0, LaySet(cards=more, onto=0))
    assert state.sets[0][0].cards == laid.cards + more


def test_amulet_only_set_takes_the_goods_of_the_first_addition() -> None:
    state = fresh(3)
    amulets = cards("amulet", 3)
    ivory = cards("ivory:3", 3)
    state = arrange(state, hands={0: amulets + ivory}, active=0, chips=())
    state, _ = play(state, 0, LaySet(cards=amulets))
    assert state.sets[0][0].goods is None
    state = arrange(state, active=0)
    state, _ = play(state, 0, LaySet(cards=ivory, onto=0))
    assert state.sets[0][0].goods == "ivory" and len(state.sets[0][0].cards) == 6


def test_laying_a_set_draws_a_chip_while_chips_remain() -> None:
    # Rules, Ereignis-Chips: while chips remain, every set laid makes the player choose one.
    state = fresh(3)
    hand = cards("fish:1", 3)
    state = arrange(state, hands={0: hand}, active=0, chips=(chip("villainy"),))
    state, events = play(state, 0, LaySet(cards=hand))
    assert names(events) == ["SetLaid"] and state.phase == "choose_event"
    assert GAME.to_act(state) == [0]
    assert rejects(GAME, state, 0, TakeCard(position=0)) == "event_choice_pending"
    state, events = play(state, 0, ChooseEvent(chip=chip("villainy")))
    assert names(events) == ["VillainyScored", "TurnBegan"] and state.chips == ()
    # No chip left: the next set draws nothing.
    hand2 = cards("wheat:1", 3)
    state = arrange(state, hands={0: hand2}, active=0)
    state, events = play(state, 0, LaySet(cards=hand2))
    assert names(events) == ["SetLaid", "TurnBegan"]


def test_every_legal_turn_move_is_accepted() -> None:
    state = fresh(3)
    hand = cards("fish:1", 3) + cards("amulet", 2) + cards("merchant:wheat") + cards("queen:ivory")
    state = arrange(state, hands={0: hand}, active=0)
    moves = GAME.legal_moves(state, 0)
    assert any(isinstance(m, LaySet) for m in moves)
    for move in moves:
        assert GAME.decide(state, 0, move, Rng(0))
