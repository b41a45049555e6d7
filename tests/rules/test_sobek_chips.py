"""Sobek event chips (Rules, Die Ereignis-Chips), chosen after laying a set."""

from __future__ import annotations

from typing import Any

from shared.games.sobek import GAME
from shared.games.sobek.components import symbol_at
from shared.games.sobek.events import KollegiumMoved, VillainyScored
from shared.games.sobek.moves import ChooseEvent, LaySet, TakeCard
from shared.games.sobek.state import LaidSet, SobekState
from shared.games.sobek.views import view
from tests.gamekit import rejects
from tests.rules.test_sobek_kit import arrange, cards, chip, fresh, names, play

KOLLEGIUM = chip("kollegium", "ankh")
FLOOD = chip("flood")
CURSE = chip("curse")
PROSPERITY = chip("prosperity")
EMBALMING = chip("embalming")
VILLAINY = chip("villainy")


def choosing(*chips: int, **fields: Any) -> SobekState:
    """Seat 0 has just laid a fish set and must choose one of the chips."""
    state = fresh(3)
    fish = cards("fish:1", 3)
    state = arrange(state, hands={0: fish}, active=0, chips=chips, **fields)
    state, _ = play(state, 0, LaySet(cards=fish))
    assert state.phase == "choose_event"
    return state


def test_track_fields_used_below_carry_the_assumed_symbols() -> None:
    assert [f for f in range(0, 21) if symbol_at(f) == "ankh"] == [2, 7, 11, 16, 20]


def test_kollegium_moves_to_the_next_symbol_field_and_an_opponent_back_to_one() -> None:
    state = choosing(KOLLEGIUM, scores=(10, 5, 30))
    state, events = play(state, 0, ChooseEvent(chip=KOLLEGIUM, target=1))
    moved = events[0]
    assert isinstance(moved, KollegiumMoved)
    assert (moved.score_from, moved.score_to, moved.target_from, moved.target_to) == (10, 11, 5, 2)
    assert state.scores == (11, 2, 30)
    assert names(events) == ["KollegiumMoved", "TurnBegan"]


def test_kollegium_may_not_pick_an_opponent_who_would_go_below_zero() -> None:
    # Rules, Kollegium: no player can have negative points; field 2 is the lowest ankh.
    state = choosing(KOLLEGIUM, scores=(10, 2, 30))
    assert rejects(GAME, state, 0, ChooseEvent(chip=KOLLEGIUM, target=1)) == "opponent_below_zero"
    assert rejects(GAME, state, 0, ChooseEvent(chip=KOLLEGIUM)) == "target_required"
    assert [m.target for m in GAME.legal_moves(state, 0) if isinstance(m, ChooseEvent)] == [2]


def test_kollegium_without_any_eligible_opponent_moves_only_the_player() -> None:
    state = choosing(KOLLEGIUM, scores=(10, 0, 1))
    assert [m for m in GAME.legal_moves(state, 0)] == [ChooseEvent(chip=KOLLEGIUM)]
    state, _ = play(state, 0, ChooseEvent(chip=KOLLEGIUM))
    assert state.scores == (11, 0, 1)
    assert (
        rejects(
            GAME, choosing(KOLLEGIUM, scores=(10, 0, 1)), 0, ChooseEvent(chip=KOLLEGIUM, target=2)
        )
        == "opponent_below_zero"
    )


def test_flood_gives_another_full_turn_that_may_lay_a_set_and_draw_a_chip() -> None:
    state = choosing(FLOOD, VILLAINY)
    wheat = cards("wheat:1", 3)
    state = arrange(state, hands={0: wheat})
    state, events = play(state, 0, ChooseEvent(chip=FLOOD))
    assert names(events) == ["FloodChosen", "TurnBegan"]
    assert events[-1].seat == 0 and events[-1].flood  # type: ignore[attr-defined]
    assert GAME.to_act(state) == [0]
    state, events = play(state, 0, LaySet(cards=wheat))
    assert state.phase == "choose_event"
    state, events = play(state, 0, ChooseEvent(chip=VILLAINY))
    assert names(events) == ["VillainyScored", "TurnBegan"] and state.active == 1


def test_flood_turn_may_simply_take_a_card() -> None:
    state = choosing(FLOOD)
    state, _ = play(state, 0, ChooseEvent(chip=FLOOD))
    state, _ = play(state, 0, TakeCard(position=0))
    assert state.active == 1


def test_curse_lies_before_an_opponent_for_the_round() -> None:
    state = choosing(CURSE)
    assert rejects(GAME, state, 0, ChooseEvent(chip=CURSE)) == "target_required"
    assert rejects(GAME, state, 0, ChooseEvent(chip=CURSE, target=0)) == "invalid_target"
    state, _ = play(state, 0, ChooseEvent(chip=CURSE, target=2))
    assert state.curses == (0, 0, 1) and state.bribes(2) == len(state.pots[2]) + 2


def test_prosperity_goes_on_a_fish_cattle_or_wheat_set() -> None:
    ivory = LaidSet(cards=cards("ivory:3", 3), goods="ivory")
    state = choosing(PROSPERITY, sets={0: (ivory,)})
    # The fish set just laid is set 1; the ivory set 0 may not take the chip.
    assert rejects(GAME, state, 0, ChooseEvent(chip=PROSPERITY, onto=0)) == "not_prosperity_set"
    assert rejects(GAME, state, 0, ChooseEvent(chip=PROSPERITY)) == "target_required"
    state, _ = play(state, 0, ChooseEvent(chip=PROSPERITY, onto=1))
    assert state.sets[0][1].prosperity == 1


def test_prosperity_without_a_fitting_set_is_just_set_aside() -> None:
    state = fresh(3)
    ivory = cards("ivory:3", 3)
    state = arrange(state, hands={0: ivory}, active=0, chips=(PROSPERITY,))
    state, _ = play(state, 0, LaySet(cards=ivory))
    assert GAME.legal_moves(state, 0) == [ChooseEvent(chip=PROSPERITY)]
    state, events = play(state, 0, ChooseEvent(chip=PROSPERITY))
    assert names(events) == ["ProsperityPlaced", "TurnBegan"] and state.chips == ()


def test_prosperity_on_an_all_amulet_set_then_accepts_only_fish_cattle_wheat() -> None:
    # Rules, Wohlstand: an all-amulet set with the chip takes only fish, wheat, cattle, amulets.
    state = fresh(3)
    amulets = cards("amulet", 3)
    ivory = cards("ivory:3", 3)
    cattle = cards("cattle:1", 3)
    state = arrange(state, hands={0: amulets + ivory + cattle}, active=0, chips=(PROSPERITY,))
    state, _ = play(state, 0, LaySet(cards=amulets))
    state, _ = play(state, 0, ChooseEvent(chip=PROSPERITY, onto=0))
    assert state.sets[0][0].prosperity == 1 and state.sets[0][0].goods is None
    state = arrange(state, active=0)
    assert rejects(GAME, state, 0, LaySet(cards=ivory, onto=0)) == "goods_mismatch"
    assert LaySet(cards=ivory, onto=0) not in GAME.legal_moves(state, 0)
    state, _ = play(state, 0, LaySet(cards=cattle, onto=0))
    assert state.sets[0][0].goods == "cattle"


def test_embalming_takes_the_whole_pot_into_the_hand() -> None:
    pot = cards("ivory:0", 2) + cards("queen:ivory")
    state = choosing(EMBALMING, pots={0: pot})
    state, _ = play(state, 0, ChooseEvent(chip=EMBALMING))
    assert state.pots[0] == () and state.hands[0] == pot


def test_embalming_an_empty_pot_is_allowed_and_does_nothing() -> None:
    state = choosing(EMBALMING, pots={0: ()})
    state, events = play(state, 0, ChooseEvent(chip=EMBALMING))
    assert names(events) == ["PotEmbalmed", "TurnBegan"] and state.hands[0] == ()


def test_villainy_scores_a_point_per_pot_card_and_the_cards_stay() -> None:
    pot = cards("wheat:0", 4)
    state = choosing(VILLAINY, pots={0: pot}, scores=(7, 0, 0))
    state, events = play(state, 0, ChooseEvent(chip=VILLAINY))
    assert events[0] == VillainyScored(seat=0, chip=VILLAINY, points=4, score_from=7, score_to=11)
    assert state.scores[0] == 11 and state.pots[0] == pot


def test_only_the_rounds_remaining_chips_can_be_chosen() -> None:
    state = choosing(VILLAINY)
    assert rejects(GAME, state, 0, ChooseEvent(chip=FLOOD)) == "chip_not_available"
    assert rejects(GAME, state, 0, ChooseEvent(chip=VILLAINY, target=1)) == "no_target_needed"


def test_only_the_chooser_sees_the_remaining_chips_in_the_original_variant() -> None:
    state = choosing(VILLAINY, FLOOD)
    assert [c.id for c in view(state, 0).chips or []] == sorted((VILLAINY, FLOOD))
    assert view(state, 1).chips is None and view(state, 1).chips_left == 2
