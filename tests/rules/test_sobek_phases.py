"""Sobek decision points: who acts when, and the codes for moves out of place."""

from __future__ import annotations

from shared.games.sobek import GAME
from shared.games.sobek.moves import (
    ChooseEvent,
    ChooseStartPlayer,
    DiscardCard,
    FinishLaying,
    LaySet,
    PlayCourtesan,
    PlayScribe,
    PlayThief,
    PlayVizier,
    TakeBribe,
    TakeCard,
)
from shared.games.sobek.state import LaidSet
from tests.gamekit import rejects
from tests.rules.test_sobek_kit import arrange, cards, chip, fresh, names, play

VIZIER = cards("vizier:cattle")[0]
SCRIBE = cards("scribe:fish")[0]
THIEF = cards("thief:cattle")[0]
COURTESAN = cards("courtesan:fish")[0]


def test_player_furthest_behind_chooses_any_start_player_including_themself() -> None:
    state = fresh(3)
    state = arrange(state, row=state.row[:1], pile=(), hands={0: (), 1: (), 2: ()}, active=0)
    state = arrange(state, scores=(20, 4, 9))
    state, _ = play(state, 0, TakeCard(position=0))
    assert state.phase == "choose_start" and GAME.to_act(state) == [1]
    assert GAME.prompt(state, 1) == "choose the start player"
    assert GAME.prompt(state, 0) == "wait"
    assert GAME.legal_moves(state, 1) == [ChooseStartPlayer(seat=s) for s in range(3)]
    assert rejects(GAME, state, 1, ChooseStartPlayer(seat=3)) == "no_such_seat"
    assert rejects(GAME, state, 1, TakeCard(position=0)) == "start_player_pending"
    assert rejects(GAME, state, 0, ChooseStartPlayer(seat=0)) == "not_your_turn"
    state, events = play(state, 1, ChooseStartPlayer(seat=1))
    assert names(events) == ["StartPlayerChosen", "TurnBegan"]
    assert GAME.to_act(state) == [1] and state.phase == "turn"


def test_vizier_pick_must_come_before_anything_else() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (VIZIER,)}, pots={1: cards("fish:1", 2)}, active=0)
    assert rejects(GAME, state, 0, PlayVizier(card=VIZIER, victim=0)) == "invalid_target"
    state, _ = play(state, 0, PlayVizier(card=VIZIER, victim=1))
    assert rejects(GAME, state, 0, TakeCard(position=0)) == "vizier_choice_pending"
    assert GAME.legal_moves(state, 0) == [TakeBribe(card=cards("fish:1")[0])]
    assert GAME.prompt(state, 0) == "take a card from the pot"


def test_scribe_discards_must_come_before_the_next_turn() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (SCRIBE,), 1: cards("fish:0", 5) + cards("fish:1", 2)})
    state = arrange(state, active=0)
    state, _ = play(state, 0, PlayScribe(card=SCRIBE))
    assert rejects(GAME, state, 1, TakeCard(position=0)) == "discard_pending"
    assert rejects(GAME, state, 1, DiscardCard(card=SCRIBE)) == "card_not_in_hand"
    assert rejects(GAME, state, 0, TakeCard(position=0)) == "not_your_turn"
    # Cards alike on both sides are offered once: plain fish with green and with beige
    # backs differ (the others see the back go to the pot), fish with value are alike.
    assert len(GAME.legal_moves(state, 1)) == 3
    assert GAME.prompt(state, 1) == "discard to 6 cards"


def test_thief_must_rob_an_opponent() -> None:
    state = fresh(3)
    state = arrange(state, hands={0: (THIEF, *cards("fish:1", 1)), 1: cards("wheat:1", 1)})
    state = arrange(state, active=0)
    assert rejects(GAME, state, 0, PlayThief(card=THIEF, victim=0, back="beige")) == (
        "invalid_target"
    )
    assert rejects(GAME, state, 0, PlayThief(card=THIEF)) == "target_required"


def test_courtesan_without_a_fitting_card_is_played_without_effect() -> None:
    state = fresh(3)
    laid = LaidSet(cards=cards("ivory:3", 3), goods="ivory")
    state = arrange(state, hands={0: (COURTESAN, *cards("fish:1", 2))}, sets={0: (laid,)})
    state = arrange(state, active=0)
    assert GAME.legal_moves(state, 0)[-1] == PlayCourtesan(card=COURTESAN)
    fish = cards("fish:1", 1)
    assert rejects(GAME, state, 0, PlayCourtesan(card=COURTESAN, onto=0, cards=fish)) == (
        "nothing_fits"
    )


def test_round_end_laying_waits_for_every_player_with_three_cards_at_once() -> None:
    state = fresh(3)
    state = arrange(
        state,
        row=state.row[:1],
        pile=(),
        hands={0: cards("fish:1", 3), 1: cards("wheat:1", 1), 2: cards("ivory:3", 3)},
        active=1,
    )
    state, _ = play(state, 1, TakeCard(position=0))
    assert GAME.to_act(state) == [0, 2]
    assert rejects(GAME, state, 0, TakeCard(position=0)) == "round_end_pending"
    state, events = play(state, 2, FinishLaying())
    assert names(events) == ["LayingFinished"] and GAME.to_act(state) == [0]
    state, events = play(state, 0, FinishLaying())
    assert names(events)[:3] == ["LayingFinished", "HandsBribed", "RoundScored"]


def test_chip_targets_are_checked() -> None:
    state = fresh(3)
    fish = cards("fish:1", 3)
    state = arrange(state, hands={0: fish}, active=0, chips=(chip("curse"),))
    state, _ = play(state, 0, LaySet(cards=fish))
    assert rejects(GAME, state, 0, ChooseEvent(chip=chip("curse"), target=1, onto=0)) == (
        "no_set_needed"
    )
    assert rejects(GAME, state, 0, ChooseEvent(chip=chip("curse"), target=7)) == "invalid_target"
    assert GAME.prompt(state, 0) == "choose an event chip"
