"""Sobek round end, scoring, the bribery penalty and the end of the game."""

from __future__ import annotations

from typing import Any

from shared.games.sobek import GAME
from shared.games.sobek.events import BriberyPenalty, GameEnded, RoundScored
from shared.games.sobek.moves import FinishLaying, LaySidewaysSet, TakeCard
from shared.games.sobek.rounds import most_corrupt, penalty
from shared.games.sobek.sets import score
from shared.games.sobek.state import LaidSet, SobekState
from tests.gamekit import rejects
from tests.rules.test_sobek_kit import arrange, cards, fresh, names, play, where

IVORY_SET = LaidSet(cards=cards("ivory:3", 2) + cards("ivory:0", 1, back="beige"), goods="ivory")
CATTLE_SET = LaidSet(cards=cards("cattle:1", 1) + cards("cattle:0", 4), goods="cattle")


def last_card_state(**fields: Any) -> SobekState:
    """Round 1, seat 0 to move, one card left on the quays and none in the pile."""
    state = fresh(3)
    return arrange(
        state,
        row=cards("wheat:1", 1),
        pile=(),
        hands={0: (), 1: (), 2: ()},
        active=0,
        phase="turn",
        **fields,
    )


def test_bribery_example_38_plus_23_to_61_ankh_back_two_ankh_fields_to_52() -> None:
    # Rules, Minuspunkte wegen Bestechung, example: 38 + 23 = 61 (ankh), 2 tens, back to 52.
    assert score(IVORY_SET) + score(CATTLE_SET) == 23
    state = last_card_state(scores=(38, 10, 10))
    state = arrange(
        state,
        sets={0: (IVORY_SET, CATTLE_SET)},
        pots={0: cards("fish:0", 5), 1: cards("wheat:0", 2), 2: ()},
    )
    state = arrange(state, active=1)
    state, events = play(state, 1, TakeCard(position=0), seed=3)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points[0] == 23 and scored.scores[0] == 61
    fines = [e for e in events if isinstance(e, BriberyPenalty)]
    assert fines == [
        BriberyPenalty(seat=0, round_points=23, tens=2, symbol="ankh", score_from=61, score_to=52)
    ]
    assert state.scores[0] == 52
    assert sorted(where(state)) == list(range(63))


def test_set_scores_its_scarabs_times_its_cards() -> None:
    # Rules, Abrechnung: 2 ivory value cards (3 scarabs each) + 1 plain ivory: 6 x 3 = 18.
    assert score(IVORY_SET) == 18
    assert score(CATTLE_SET) == 5


def test_sideways_set_scores_its_scarabs_only() -> None:
    # Rules, Abrechnung: sideways sets count one point per scarab, no multiplication.
    assert score(LaidSet(cards=IVORY_SET.cards, goods="ivory", sideways=True)) == 6


def test_prosperity_adds_two_scarabs_before_multiplying() -> None:
    # Rules, Wohlstand: the set counts 2 more scarabs: (1 + 2) x 5 = 15.
    assert score(LaidSet(cards=CATTLE_SET.cards, goods="cattle", prosperity=1)) == 15


def test_hand_cards_go_under_the_pot_at_round_end_and_count_as_bribes() -> None:
    # Rules, Ende der Runde: cards left in hand go under the pot.
    state = last_card_state()
    state = arrange(state, hands={2: cards("fish:0", 2)}, pots={0: cards("wheat:0", 1)})
    state, events = play(state, 0, TakeCard(position=0))
    scored = next(e for e in events if isinstance(e, RoundScored))
    # seat 0 took the last card (1 in hand + 1 in pot), seat 2 had 2 in hand: tied at 2,
    # seat 0's wheat value card breaks the tie (more scarabs in the pot).
    assert scored.bribes == (2, 0, 2)
    assert [e.seat for e in events if isinstance(e, BriberyPenalty)] == [0]


def test_round_ends_with_sideways_laying_for_players_holding_three_cards() -> None:
    state = last_card_state()
    fish = cards("fish:1", 3)
    state = arrange(state, hands={1: fish, 2: cards("wheat:0", 1)})
    state, events = play(state, 0, TakeCard(position=0))
    assert names(events)[-1] == "RoundEnded"
    assert GAME.to_act(state) == [1]
    assert GAME.legal_moves(state, 1)[-1] == FinishLaying()
    state, events = play(state, 1, LaySidewaysSet(cards=fish))
    # Sideways: 3 scarabs, not 3 x 3.
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points == (0, 3, 0)


def test_sideways_set_needs_three_cards_of_one_goods() -> None:
    state = last_card_state()
    state = arrange(state, hands={1: cards("fish:1", 2) + cards("wheat:1", 1, skip=1)})
    state, _ = play(state, 0, TakeCard(position=0))
    assert rejects(GAME, state, 1, LaySidewaysSet(cards=cards("fish:1", 2))) == "set_too_small"
    mixed = cards("fish:1", 2) + cards("wheat:1", 1, skip=1)
    assert rejects(GAME, state, 1, LaySidewaysSet(cards=mixed)) == "mixed_goods"


def test_bribery_tie_broken_by_more_scarabs_in_the_pot() -> None:
    state = last_card_state()
    state = arrange(
        state,
        pots={0: (), 1: cards("ivory:3", 1) + cards("fish:0", 2), 2: cards("fish:0", 3, skip=2)},
    )
    state = arrange(state, row=cards("amulet", 1), active=0)
    state, events = play(state, 0, TakeCard(position=0))
    assert [e.seat for e in events if isinstance(e, BriberyPenalty)] == [1]


def test_bribery_full_tie_penalises_every_tied_player() -> None:
    # Rules, Hinweise: still tied after scarabs: all of them lose points.
    state = last_card_state()
    state = arrange(
        state, row=cards("amulet", 1), pots={1: cards("fish:1", 3), 2: cards("wheat:1", 3)}
    )
    state, events = play(state, 0, TakeCard(position=0))
    assert [e.seat for e in events if isinstance(e, BriberyPenalty)] == [1, 2]


def test_curse_counts_as_two_more_bribery_cards() -> None:
    state = last_card_state(curses=(0, 0, 1))
    state = arrange(
        state, row=cards("amulet", 1), pots={1: cards("fish:1", 3), 2: cards("wheat:0", 2)}
    )
    state, events = play(state, 0, TakeCard(position=0))
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.bribes == (1, 3, 4)  # seat 0 holds the card it took
    assert [e.seat for e in events if isinstance(e, BriberyPenalty)] == [2]


def test_nobody_is_penalised_without_bribery_cards() -> None:
    # Assumed (docs): "most bribery cards" needs at least one.
    assert most_corrupt((0, 0, 0), (0, 0, 0)) == []
    assert most_corrupt((0, 1, 0), (0, 0, 0)) == [1]


def test_penalty_never_takes_a_score_below_zero() -> None:
    # Field 0..7: the landing symbol of field 7 (ankh) has field 2 below it, then nothing.
    fine = penalty(seat=0, round_points=30, landing=7)
    assert (fine.tens, fine.symbol, fine.score_to) == (3, "ankh", 0)


def test_penalty_above_100_uses_the_symbol_of_the_wrapped_field() -> None:
    # Rules, Hinweise: above 100 field 0 counts as 100, so 161 lies on field 61 (ankh).
    fine = penalty(seat=0, round_points=23, landing=161)
    assert (fine.symbol, fine.score_to) == ("ankh", 152)


def test_fewer_than_ten_points_cost_nothing() -> None:
    fine = penalty(seat=0, round_points=9, landing=40)
    assert (fine.tens, fine.score_to) == (0, 40)


def test_game_ends_early_after_round_two_when_someone_has_more_than_100() -> None:
    state = last_card_state(round=2, scores=(101, 5, 7))
    state, events = play(state, 0, TakeCard(position=0))
    assert isinstance(events[-1], GameEnded) and events[-1].winners == (0,)
    result = GAME.result(state)
    assert result is not None and result.ranks == [1, 3, 2]
    assert GAME.to_act(state) == []


def test_game_goes_on_after_round_two_at_exactly_100() -> None:
    state = last_card_state(round=2, scores=(100, 5, 7))
    state, events = play(state, 0, TakeCard(position=0))
    assert "GameEnded" not in names(events)
    assert state.round == 3 and state.phase == "choose_start"
    # Rules, Neue Runde: the player furthest behind chooses the start player.
    assert state.chooser == 1 and GAME.to_act(state) == [1]


def test_game_ends_after_round_one_never_early() -> None:
    state = last_card_state(round=1, scores=(150, 5, 7))
    state, events = play(state, 0, TakeCard(position=0))
    assert state.round == 2 and "GameEnded" not in names(events)


def test_tied_leaders_share_the_win_after_round_three() -> None:
    state = last_card_state(round=3, scores=(40, 40, 12))
    state, events = play(state, 0, TakeCard(position=0))
    assert events[-1] == GameEnded(scores=(40, 40, 12), winners=(0, 1))
    result = GAME.result(state)
    assert result is not None and result.winners == [0, 1] and result.ranks == [1, 1, 3]


def test_tied_last_players_get_a_random_chooser_among_them() -> None:
    choosers = set()
    for seed in range(12):
        state = last_card_state(round=1, scores=(9, 3, 3))
        state, _ = play(state, 0, TakeCard(position=0), seed=seed)
        choosers.add(state.chooser)
    assert choosers == {1, 2}
