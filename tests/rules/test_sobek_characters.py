"""Sobek characters (Rules, Die Figuren), each played for its power."""

from __future__ import annotations

from shared.games.sobek import GAME
from shared.games.sobek.events import CardStolen, CharacterPlayed
from shared.games.sobek.moves import (
    DiscardCard,
    LaySet,
    PlayCourtesan,
    PlayHighPriest,
    PlayMerchant,
    PlayQueen,
    PlayScribe,
    PlayThief,
    PlayVizier,
    TakeBribe,
    TakeCard,
)
from shared.games.sobek.state import LaidSet, SobekState
from shared.games.sobek.views import view
from tests.gamekit import rejects
from tests.rules.test_sobek_kit import arrange, cards, fresh, names, play, where

QUEEN = cards("queen:ivory")[0]
PRIEST = cards("high_priest:ebony")[0]
PRIESTESS = cards("high_priestess:marble")[0]
VIZIER = cards("vizier:cattle")[0]
SCRIBE = cards("scribe:fish")[0]
SCRIBE2 = cards("scribe:wheat")[0]
THIEF = cards("thief:cattle")[0]
COURTESAN = cards("courtesan:fish")[0]
MERCHANT = cards("merchant:wheat")[0]


def test_queen_draws_three_cards_face_down_from_the_pile() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (QUEEN,)}, active=0)
    top = state.pile[:3]
    state, events = play(state, 0, PlayQueen(card=QUEEN))
    assert names(events) == ["CharacterPlayed", "CardsDrawn", "TurnBegan"]
    assert state.hands[0] == top and QUEEN in state.played
    assert sorted(where(state)) == list(range(63))


def test_queen_with_an_empty_pile_draws_nothing() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (QUEEN,)}, pile=(), active=0)
    state, events = play(state, 0, PlayQueen(card=QUEEN))
    assert names(events) == ["CharacterPlayed", "TurnBegan"]


def test_character_used_for_its_power_must_be_in_hand_and_the_right_one() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (QUEEN, THIEF)}, active=0)
    assert rejects(GAME, state, 0, PlayQueen(card=THIEF)) == "wrong_character"
    assert rejects(GAME, state, 0, PlayQueen(card=VIZIER)) == "card_not_in_hand"


def test_character_used_as_goods_loses_its_power() -> None:
    # Rules, Die Figurenkarten: never both; once in a set it is no longer in hand.
    state = fresh(3)
    hand = (THIEF, *cards("cattle:1", 2))
    state = arrange(state, hands={0: hand}, active=0, chips=())
    state, _ = play(state, 0, LaySet(cards=hand))
    state = arrange(state, active=0)
    assert rejects(GAME, state, 0, PlayThief(card=THIEF)) == "card_not_in_hand"


def test_high_priest_removes_a_goods_type_with_its_character_but_not_amulets() -> None:
    state = fresh(3)
    pot = cards("ebony:2", 2) + cards("high_priest:ebony") + cards("amulet", 1) + cards("fish:1", 1)
    state = arrange(state, hands={0: (PRIESTESS,)}, pots={0: pot}, active=0)
    state, events = play(state, 0, PlayHighPriest(card=PRIESTESS, goods="ebony"))
    assert names(events) == ["CharacterPlayed", "BribesRemoved", "TurnBegan"]
    assert state.pots[0] == cards("amulet", 1) + cards("fish:1", 1)
    assert set(pot[:3]) <= set(state.out)


def test_high_priest_on_a_type_not_in_the_pot_does_nothing() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (PRIEST,)}, pots={0: cards("fish:1", 1)}, active=0)
    state, events = play(state, 0, PlayHighPriest(card=PRIEST, goods="ivory"))
    assert names(events) == ["CharacterPlayed", "TurnBegan"]
    assert rejects(GAME, fresh_with(PRIEST), 0, PlayHighPriest(card=PRIEST, goods="gold")) == (
        "unknown_goods"
    )


def fresh_with(*hand: int) -> SobekState:
    """Seat 0 to move with that hand."""
    return arrange(fresh(3), hands={0: hand}, active=0)


def test_vizier_looks_through_an_opponents_pot_and_takes_one_card() -> None:
    state = fresh(3)
    pot = cards("ivory:3", 1) + cards("fish:0", 2)
    state = arrange(state, hands={0: (VIZIER,)}, pots={1: (), 2: pot}, active=0)
    assert [m.victim for m in GAME.legal_moves(state, 0) if isinstance(m, PlayVizier)] == [2]
    assert rejects(GAME, state, 0, PlayVizier(card=VIZIER, victim=1)) == "empty_pot"
    assert rejects(GAME, state, 0, PlayVizier(card=VIZIER)) == "target_required"
    state, events = play(state, 0, PlayVizier(card=VIZIER, victim=2))
    assert names(events) == ["CharacterPlayed"] and state.phase == "vizier"
    # The vizier sees the whole pot in the view, the others do not.
    assert [c.id for c in view(state, 0).vizier_pot or []] == list(pot)
    assert view(state, 1).vizier_pot is None
    assert rejects(GAME, state, 0, TakeBribe(card=QUEEN)) == "not_in_pot"
    state, events = play(state, 0, TakeBribe(card=pot[0]))
    assert names(events) == ["BribeTaken", "TurnBegan"]
    assert state.hands[0] == pot[:1] and state.pots[2] == pot[1:]


def test_vizier_with_every_pot_empty_is_played_without_effect() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (VIZIER,)}, pots={1: (), 2: ()}, active=0)
    assert [m for m in GAME.legal_moves(state, 0) if isinstance(m, PlayVizier)] == [
        PlayVizier(card=VIZIER)
    ]
    assert rejects(GAME, state, 0, PlayVizier(card=VIZIER, victim=1)) == "empty_pot"
    state, events = play(state, 0, PlayVizier(card=VIZIER))
    assert names(events) == ["CharacterPlayed", "TurnBegan"]


def test_scribe_makes_every_other_player_discard_to_six_at_once() -> None:
    state = fresh(4)
    big = cards("fish:0", 5) + cards("fish:1", 3)  # 8 cards
    seven = cards("wheat:0", 5) + cards("wheat:1", 2)
    state = arrange(
        state,
        hands={
            0: (SCRIBE, *cards("cattle:1", 5), *cards("cattle:0", 4)),
            1: big,
            2: seven,
            3: cards("ivory:3", 3),
        },
        active=0,
    )
    state, events = play(state, 0, PlayScribe(card=SCRIBE))
    assert names(events) == ["CharacterPlayed"]
    # Simultaneous: both players over 6 must act; the Scribe's owner keeps 9 cards.
    assert GAME.to_act(state) == [1, 2]
    assert rejects(GAME, state, 3, DiscardCard(card=big[0])) == "not_your_turn"
    state, events = play(state, 2, DiscardCard(card=seven[0]))
    assert names(events) == ["CardDiscarded"] and GAME.to_act(state) == [1]
    state, _ = play(state, 1, DiscardCard(card=big[0]))
    assert GAME.to_act(state) == [1]
    state, events = play(state, 1, DiscardCard(card=big[7]))
    assert names(events) == ["CardDiscarded", "TurnBegan"] and state.active == 1
    assert state.pots[1] == (big[0], big[7]) and state.pots[2] == (seven[0],)
    assert len(state.hands[0]) == 9


def test_scribe_when_every_hand_holds_at_most_six_ends_the_turn() -> None:
    state = fresh(3)
    state = arrange(
        state, hands={0: (SCRIBE2,), 1: cards("fish:0", 5) + cards("ivory:0", 1)}, active=0
    )
    state, events = play(state, 0, PlayScribe(card=SCRIBE2))
    assert names(events) == ["CharacterPlayed", "TurnBegan"]


def test_thief_takes_a_card_of_the_chosen_back_from_an_opponents_hand() -> None:
    state = fresh(3)
    victim_hand = cards("fish:0", 1, back="green") + cards("ivory:3", 1)
    state = arrange(state, hands={0: (THIEF,), 1: (), 2: victim_hand}, active=0)
    moves = [m for m in GAME.legal_moves(state, 0) if isinstance(m, PlayThief)]
    assert moves == [
        PlayThief(card=THIEF, victim=2, back="beige"),
        PlayThief(card=THIEF, victim=2, back="green"),
    ]
    assert rejects(GAME, state, 0, PlayThief(card=THIEF, victim=1, back="beige")) == "empty_hand"
    assert rejects(GAME, state, 0, PlayThief(card=THIEF, victim=2, back="orange")) == (
        "no_card_with_back"
    )
    state, events = play(state, 0, PlayThief(card=THIEF, victim=2, back="green"))
    stolen = events[1]
    assert isinstance(stolen, CardStolen) and stolen.card.id == victim_hand[0]
    assert state.hands[0] == victim_hand[:1] and state.hands[2] == victim_hand[1:]


def test_thief_when_every_opponent_hand_is_empty_is_played_without_effect() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (THIEF,), 1: (), 2: ()}, active=0)
    assert [m for m in GAME.legal_moves(state, 0) if isinstance(m, PlayThief)] == [
        PlayThief(card=THIEF)
    ]
    state, events = play(state, 0, PlayThief(card=THIEF))
    assert names(events) == ["CharacterPlayed", "TurnBegan"]


def test_courtesan_adds_one_or_two_hand_cards_to_a_laid_set() -> None:
    state = fresh(3)
    laid = LaidSet(cards=cards("wheat:1", 3), goods="wheat")
    hand = (COURTESAN, *cards("wheat:0", 2), *cards("amulet", 1), *cards("fish:1", 1))
    state = arrange(state, hands={0: hand}, sets={0: (laid,)}, active=0)
    wheat = cards("wheat:0", 2)
    assert rejects(GAME, state, 0, PlayCourtesan(card=COURTESAN, onto=0, cards=())) == (
        "courtesan_one_or_two"
    )
    three = (*wheat, cards("amulet", 1)[0])
    assert rejects(GAME, state, 0, PlayCourtesan(card=COURTESAN, onto=0, cards=three)) == (
        "courtesan_one_or_two"
    )
    fish = cards("fish:1", 1)
    assert rejects(GAME, state, 0, PlayCourtesan(card=COURTESAN, onto=0, cards=fish)) == (
        "goods_mismatch"
    )
    assert rejects(GAME, state, 0, PlayCourtesan(card=COURTESAN)) == "target_required"
    state, events = play(state, 0, PlayCourtesan(card=COURTESAN, onto=0, cards=wheat))
    assert names(events) == ["CharacterPlayed", "CardsAdded", "TurnBegan"]
    assert state.sets[0][0].cards == laid.cards + wheat
    # The Courtesan adds without drawing a chip: only laying a set does.
    assert state.phase == "turn"


def test_courtesan_without_a_laid_set_is_played_without_effect() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (COURTESAN, *cards("wheat:0", 2))}, active=0)
    assert [m for m in GAME.legal_moves(state, 0) if isinstance(m, PlayCourtesan)] == [
        PlayCourtesan(card=COURTESAN)
    ]
    state, events = play(state, 0, PlayCourtesan(card=COURTESAN))
    assert names(events) == ["CharacterPlayed", "TurnBegan"]


def test_merchant_takes_any_quay_card_without_bribery() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (MERCHANT,)}, active=0)
    row = state.row
    state, events = play(state, 0, PlayMerchant(card=MERCHANT, position=7))
    assert names(events) == ["CharacterPlayed", "CardTaken", "TurnBegan"]
    # Ohne Bestechung: the cards before it stay on the quays.
    assert state.hands[0] == (row[7],) and state.pots[0] == ()
    assert state.row == row[:7] + row[8:]
    assert (
        rejects(
            GAME,
            arrange(state, hands={1: (MERCHANT,)}, active=1),
            1,
            PlayMerchant(card=MERCHANT, position=8),
        )
        == "not_on_quays"
    )


def test_merchant_taking_the_last_card_of_the_last_delivery_ends_the_round() -> None:
    state = fresh(3)
    state = arrange(
        state, hands={0: (MERCHANT,), 1: (), 2: ()}, row=cards("fish:1", 1), pile=(), active=0
    )
    state, events = play(state, 0, PlayMerchant(card=MERCHANT, position=0))
    assert "RoundEnded" in names(events) and state.round == 2


def test_merchant_with_the_quays_empty_is_played_without_effect() -> None:
    # Cannot arise in play (an empty row is refilled or ends the round); handled anyway.
    state = fresh(3)
    state = arrange(state, hands={0: (MERCHANT,)}, row=(), active=0)
    assert [m for m in GAME.legal_moves(state, 0) if isinstance(m, PlayMerchant)] == [
        PlayMerchant(card=MERCHANT)
    ]
    assert rejects(GAME, state, 0, PlayMerchant(card=MERCHANT, position=0)) == "quays_empty"
    state, events = play(state, 0, PlayMerchant(card=MERCHANT))
    assert names(events) == ["CharacterPlayed", "TurnBegan"]


def test_a_character_taken_from_the_quays_is_in_hand_and_playable() -> None:
    state = fresh(3)
    state = arrange(state, row=(QUEEN, *state.row[1:]), hands={0: ()}, active=0)
    state, _ = play(state, 0, TakeCard(position=0))
    state = arrange(state, active=0)
    assert PlayQueen(card=QUEEN) in GAME.legal_moves(state, 0)
    _, events = play(state, 0, PlayQueen(card=QUEEN))
    assert isinstance(events[0], CharacterPlayed) and events[0].character == "queen"
