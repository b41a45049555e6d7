"""Hera und Zeus: setup, the opening row, action points, draw, play, the figure, turn ends."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from shared.games.herazeus import GAME
from shared.games.herazeus import moves as mv
from shared.games.herazeus.components import CARDS, DECKS, HOSTAGES, N
from shared.games.herazeus.events import GameWon, HostageShown, TurnBegan
from shared.games.herazeus.flow import EMPTY_FIELD, STUCK
from shared.games.rng import Rng
from tests.gamekit import rejects, start
from tests.rules.herazeus_fixtures import (
    FIGURE,
    HERA,
    ZEUS,
    col,
    fresh,
    names,
    num,
    play,
    position,
    take,
)


@pytest.fixture(autouse=True)
def _fresh() -> None:
    fresh()


def test_each_deck_holds_43_cards_of_the_same_composition_and_its_own_hostage() -> None:
    assert len(CARDS) == 86 and [len(d) for d in DECKS] == [43, 43]
    types = [sorted((CARDS[c].type, CARDS[c].strength or -1) for c in d) for d in DECKS]
    assert types[0] == types[1]
    assert CARDS[HOSTAGES[HERA]].name == "Io" and CARDS[HOSTAGES[ZEUS]].name == "Argus"


def _seed_dealing_hostage() -> int:
    for seed in range(500):
        rng = Rng(seed)
        if HOSTAGES[HERA] in rng.shuffled(DECKS[HERA])[: N.hand_size]:
            return seed
    raise AssertionError("no seed deals Io")


def test_a_dealt_hostage_is_shown_replaced_and_shuffled_back() -> None:
    seed = _seed_dealing_hostage()
    state, events = start(GAME, 2, {}, seed)
    shown = [e for e in events if isinstance(e, HostageShown)]
    assert shown and shown[0].seat == HERA and shown[0].card == HOSTAGES[HERA]
    assert len(state.hands[HERA]) == 9 and HOSTAGES[HERA] not in state.hands[HERA]
    assert HOSTAGES[HERA] in state.decks[HERA] and len(state.decks[HERA]) == 34
    assert names(events).count("DeckShuffled") >= 3


def test_both_place_three_face_down_then_hera_begins_with_three_ap() -> None:
    state, _ = start(GAME, 2, {}, 3)
    assert GAME.to_act(state) == [0, 1]
    for seat in (ZEUS, HERA):
        cards = tuple(c for c in state.hands[seat] if CARDS[c].on_field)[:3]
        state, events = play(state, seat, mv.PlaceOpening(cards=cards))
    assert isinstance(events[-1], TurnBegan) and events[-1].seat == HERA and events[-1].ap == 3
    assert all(col[0][1] is False for col in state.fields[ZEUS])
    assert len(state.hands[ZEUS]) == 6


def test_the_loser_of_the_last_contest_may_start_as_zeus() -> None:
    state, _ = start(GAME, 2, {"first": "zeus"}, 3)
    for seat in (HERA, ZEUS):
        cards = tuple(c for c in state.hands[seat] if CARDS[c].on_field)[:3]
        state, _ = play(state, seat, mv.PlaceOpening(cards=cards))
    assert state.active == ZEUS


def test_the_opening_row_takes_three_different_field_cards() -> None:
    state, _ = start(GAME, 2, {}, 3)
    field = [c for c in state.hands[HERA] if CARDS[c].on_field]
    assert rejects(GAME, state, HERA, mv.PlaceOpening(cards=tuple(field[:2]))) == "opening_size"
    dup = (field[0], field[0], field[1])
    assert rejects(GAME, state, HERA, mv.PlaceOpening(cards=dup)) == "duplicate_card"
    assert rejects(GAME, state, HERA, mv.Draw()) == "move_not_expected_now"


def test_action_points_are_the_columns_at_the_start_of_the_turn() -> None:
    hera = (col(num(0, 5)), (), ())
    zeus = (col(num(1, 5)), col(num(1, 6)), ())
    state = position(fields=(hera, zeus), ap=1)
    state, events = play(state, HERA, mv.Draw())
    assert events[-1] == TurnBegan(seat=ZEUS, turn=3, ap=2)


def test_the_own_figure_in_row_1_gives_four_ap() -> None:
    zeus = (col(FIGURE, num(1, 5)), (), ())
    state = position(fields=((col(num(0, 5)), (), ()), zeus), ap=1)
    _, events = play(state, HERA, mv.Draw())
    assert events[-1] == TurnBegan(seat=ZEUS, turn=3, ap=4)


def test_a_turn_ends_only_when_every_point_is_spent() -> None:
    state = position(ap=2)
    state, events = play(state, HERA, mv.Draw())
    assert state.active == HERA and state.ap_left == 1 and "TurnBegan" not in names(events)
    state, events = play(state, HERA, mv.Draw())
    assert state.active == ZEUS


def test_draw_stops_at_twelve_cards_and_an_empty_deck() -> None:
    hand = tuple(num(0, s) for s in (3, 3, 3, 3, 5, 5, 5, 5, 6, 6, 6, 7))
    state = position(hands=(hand, ()))
    assert rejects(GAME, state, HERA, mv.Draw()) == "hand_full"
    state = position(decks=((), (num(1, 3),)))
    assert rejects(GAME, state, HERA, mv.Draw()) == "deck_empty"


def test_a_card_goes_face_down_anywhere_in_a_column_and_the_rest_shift_back() -> None:
    a, b, new = num(0, 3), num(0, 4), num(0, 7)
    state = position(hands=((new,), ()), fields=((col(a, b), (), ()), (col(num(1, 3)), (), ())))
    state, _ = play(state, HERA, mv.PlayCard(card=new, column=0, position=1))
    assert state.fields[HERA][0] == ((a, False), (new, False), (b, False))


def test_a_fifth_card_a_myth_card_or_a_place_before_the_figure_is_refused() -> None:
    full = col(num(0, 3), num(0, 3), num(0, 4), num(0, 4))
    card, sirens = num(0, 7), take(0, "sirens")
    state = position(
        hands=((card, sirens), ()),
        fields=((full, col(FIGURE, num(0, 5)), ()), (col(num(1, 3)), (), ())),
    )
    assert rejects(GAME, state, HERA, mv.PlayCard(card=card, column=0, position=4)) == "column_full"
    assert rejects(GAME, state, HERA, mv.PlayCard(card=sirens, column=2, position=0)) == "myth_only"
    before_figure = mv.PlayCard(card=card, column=1, position=0)
    assert rejects(GAME, state, HERA, before_figure) == "figure_fixed"
    assert play(state, HERA, mv.PlayCard(card=card, column=1, position=1))[0]


def test_the_god_card_costs_nothing_and_tops_the_turn_up_to_four() -> None:
    god, a, b = take(0, "hera_zeus"), num(0, 3), num(0, 5)
    state = position(hands=((god,), ()), fields=((col(a, b), (), ()), (col(num(1, 3)), (), ())))
    state = replace(state, ap_total=3, ap_left=1)
    state, _ = play(state, HERA, mv.PlayHeraZeus(card=god, column=0))
    assert (state.ap_total, state.ap_left) == (4, 2)  # 2 of 3 were spent: 4 - 2 left
    assert state.fields[HERA][0] == ((FIGURE, True), (a, False), (b, False))
    assert god in state.discards[HERA]


def test_the_figure_never_enters_an_empty_or_full_column_and_blocks_challenges() -> None:
    god = take(0, "hera_zeus")
    full = col(num(0, 3), num(0, 3), num(0, 4), num(0, 4))
    state = position(hands=((god,), ()), fields=((full, (), ()), (col(num(1, 3)), (), ())))
    assert rejects(GAME, state, HERA, mv.PlayHeraZeus(card=god, column=0)) == "column_full"
    assert rejects(GAME, state, HERA, mv.PlayHeraZeus(card=god, column=1)) == "empty_column"
    blocked = position(fields=((col(num(0, 5)), (), ()), (col(FIGURE, num(1, 3)), (), ())))
    assert rejects(GAME, blocked, HERA, mv.Challenge(column=0)) == "figure_blocks"


def test_the_own_figure_leaves_for_one_ap_or_under_the_option_with_a_pegasus() -> None:
    card = num(0, 5)
    state = position(fields=((col(FIGURE, card), (), ()), (col(num(1, 3)), (), ())), ap=4)
    state, _ = play(state, HERA, mv.RemoveFigure())
    assert state.fields[HERA][0] == ((card, False),) and state.ap_left == 3
    peg = take(0, "pegasus")
    option = position(
        hands=((peg,), ()),
        figure_removal="pegasus",
        fields=((col(FIGURE, num(0, 6)), (), ()), (col(num(1, 3)), (), ())),
        ap=4,
    )
    assert rejects(GAME, option, HERA, mv.RemoveFigure()) == "needs_pegasus"
    option, _ = play(option, HERA, mv.RemoveFigure(pegasus=peg))
    assert not option.has_figure(HERA) and option.discards[HERA] == (peg,)


def test_challenges_wait_for_the_players_second_turn() -> None:
    state = position(turns=(1, 1))
    assert rejects(GAME, state, HERA, mv.Challenge(column=0)) == "first_turn"
    peg = take(0, "pegasus")
    state = position(hands=((peg,), (num(1, 3),)), turns=(1, 1))
    assert rejects(GAME, state, HERA, mv.PegasusHand(card=peg)) == "first_turn"
    assert rejects(GAME, state, HERA, mv.PegasusRow(card=peg, column=0)) == "first_turn"


def test_a_player_who_cannot_spend_his_points_loses() -> None:
    # Zeus: empty hand and deck, only Medusa in row 1 (she never challenges): no action.
    zeus = (col(take(1, "medusa")), (), ())
    state = position(fields=((col(num(0, 5)), (), ()), zeus), decks=((num(0, 3),), ()), ap=1)
    _, events = play(state, HERA, mv.Draw())
    assert events[-1] == GameWon(winner=HERA, reason=STUCK)


def test_a_player_stuck_in_the_middle_of_his_turn_loses() -> None:
    # Hera draws her last card, Sirens, with nothing on Zeus' pile: her 2nd point is lost.
    state = position(decks=((take(0, "sirens"),), (num(1, 3),)), ap=2, turns=(1, 1))
    _, events = play(state, HERA, mv.Draw())
    assert events[-1] == GameWon(winner=ZEUS, reason=STUCK)


def test_a_player_beginning_his_turn_with_an_empty_field_loses() -> None:
    zeus = (col(FIGURE), (), ())  # the figure is not a card
    state = position(fields=((col(num(0, 5)), (), ()), zeus), ap=1)
    _, events = play(state, HERA, mv.Draw())
    assert events[-1] == GameWon(winner=HERA, reason=EMPTY_FIELD)
    assert GAME.result(play(state, HERA, mv.Draw())[0]).winners == [HERA]
