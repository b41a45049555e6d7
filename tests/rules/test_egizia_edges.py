"""Edge cases: freed places passing on, a short Sphinx deck, when extra decisions are offered."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.egizia import GAME
from shared.games.egizia import events as ev
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA
from tests.gamekit import rejects
from tests.rules.test_egizia_fixtures import (
    builder,
    cid,
    fresh,
    give,
    last_ship,
    of,
    on_site,
    play,
    player,
    well_fed,
)

STOP = {name: DATA.stops.index(name) for name in DATA.stops if name != "card"}


def _four_at_sphinx():
    """4 players: seats 1, 2, 3 on the Sphinx berths, seat 0 on reserve."""
    state = well_fed(fresh(4))
    for s in range(4):
        state = player(state, s, cards=(DATA.start_grain,), stones=10, crews=(2, 1, 1, 2))
    state = on_site(state, 0, (1, 2, 3), (0,))
    state, _ = play(last_ship(state, 0), 0, mv.PlaceShip(stop=STOP["edfu"]))
    return state


def test_a_freed_place_given_up_again_by_the_reserve_ship_is_not_lost() -> None:
    state = well_fed(fresh(3))
    for s in range(3):
        state = player(state, s, cards=(DATA.start_grain,), stones=10, crews=(2, 1, 1, 2))
    state = on_site(state, 0, (1, 2), (0,))
    state, _ = play(last_ship(state, 0), 0, mv.PlaceShip(stop=STOP["edfu"]))
    state, _ = play(state, 1, mv.PassBuild())
    state, _ = play(state, 2, mv.PassBuild())
    # the reserve ship uses one of the two freed places
    assert state.pending.seat == 0 and state.build.slot_used and state.free_slots == 1
    state, events = play(state, 0, mv.PassBuild())
    assert ev.BuildDeclined(seat=0, site=0, frees_place=True) in events


def test_berth_ships_build_in_berth_order_and_the_reserve_waits() -> None:
    state = _four_at_sphinx()
    seen = []
    for _ in range(3):
        seat = state.pending.seat
        seen.append(seat)
        state, _ = play(state, seat, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=1))
        state, events = play(state, seat, mv.KeepSphinxCards())
    assert seen == [1, 2, 3]
    assert ev.ReserveShipSkipped(seat=0, site=0) in events


def test_sphinx_draws_never_exceed_the_deck() -> None:
    state = builder(0, stones=10, crews=(4, 1, 1, 2))
    state = replace(state, sphinx_deck=state.sphinx_deck[:2])
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert rejects(GAME, state, 0, mv.DrawSphinxCards(count=3)) == "too_many_cards"
    state, events = play(state, 0, mv.DrawSphinxCards(count=2))
    assert len(of(events, ev.SphinxCardsDrawn)[0].cards) == 2
    assert state.sphinx_deck == ()


def test_sphinx_plus_2_with_a_short_deck_draws_what_is_left() -> None:
    state = give(builder(0, stones=10, crews=(4, 1, 1, 2)), 0, "sphinx_plus_2")
    state = replace(state, sphinx_deck=state.sphinx_deck[:2])
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=1))
    assert len(state.build.drawn) == 2


def test_sphinx_keep_moves_offer_every_subset_up_to_the_limit() -> None:
    state = builder(0, stones=10, crews=(3, 1, 1, 2))
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=3))
    keeps = GAME.legal_moves(state, 0)
    assert len(keeps) == 1 + 3
    assert all(isinstance(m, mv.KeepSphinxCards) for m in keeps)
    assert rejects(GAME, state, 0, mv.KeepSphinxCards(cards=(99,))) == "card_not_drawn"


def test_no_open_nile_turn_without_a_phase_2_card() -> None:
    state = fresh(4)
    seat = state.pending.seat
    state, events = play(state, seat, mv.PlaceShip(stop=STOP["edfu"]))
    assert ev.NileTurnBegan(seat=seat, kind="nile_after") not in events
    assert state.pending.seat != seat


def test_first_place_keeps_the_nile_turn_open_only_with_a_ship_at_a_site() -> None:
    state = fresh(4)
    seat = state.pending.seat
    state = give(state, seat, "first_place")
    state, _ = play(state, seat, mv.PlaceShip(stop=STOP["edfu"]))
    assert state.pending.seat != seat
    state = fresh(4)
    state = give(state, seat, "first_place")
    state, _ = play(state, seat, mv.PlaceShip(stop=DATA.site_stops[0], berth=1))
    assert state.pending.kind == "nile_after" and state.pending.seat == seat
    state, _ = play(state, seat, mv.PlayNileCard(card=cid("first_place")))
    assert state.sites[0].berths[0] == seat
    assert state.pending.seat != seat


def test_end_of_build_step_only_when_a_turn_card_can_be_played() -> None:
    state = builder(2, stones=10, crews=(3, 1, 1, 2))
    state, events = play(state, 0, mv.AssignCrew(crew=0), mv.BuildTemple(field=0))
    state, events = play(state, 0, mv.FinishBuild())
    assert not of(events, ev.BuildTurnEnding)


def test_feeding_upgrade_that_would_not_help_does_not_stop_the_game() -> None:
    # ring left: improving a brown field only makes it yellow-green, still dry
    state = well_fed(fresh(2))
    state = player(state, 0, crews=(3, 3, 3, 2), cards=(DATA.start_grain, cid("brown_7")))
    state = give(replace(state, ring=0), 0, "grain_upgrade")
    _, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=DATA.site_stops[2], berth=0))
    assert not of(events, ev.FeedingHelpOffered)
    assert of(events, ev.FeedingPenalty)[0].seat == 0


def test_prompts_name_the_decision() -> None:
    state = builder(0, stones=10, crews=(3, 1, 1, 2))
    assert GAME.prompt(state, 0) == "build at the site or give up your place"
    assert GAME.prompt(state, 1) == "wait for the other players"
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=2))
    assert GAME.prompt(state, 0) == "choose the Sphinx cards to keep"


def test_leftover_turn_comes_even_when_the_holder_placed_the_last_ship() -> None:
    state = well_fed(fresh(3))
    state = give(state, 2, "leftover")
    state, events = play(last_ship(state, 2), 2, mv.PlaceShip(stop=STOP["edfu"]))
    assert ev.NileTurnBegan(seat=2, kind="leftover") in events
    assert GAME.to_act(state) == [2]


def test_a_move_of_the_wrong_kind_is_rejected_in_every_decision() -> None:
    state = builder(2, stones=10, crews=(3, 1, 1, 2))
    assert rejects(GAME, state, 0, mv.PlaceShip(stop=1)) == "move_not_expected_now"
    assert rejects(GAME, state, 0, mv.AdvanceCrew(crew=0)) == "move_not_expected_now"
    assert rejects(GAME, state, 0, mv.EndTurn()) == "move_not_expected_now"
    assert rejects(GAME, state, 0, mv.AcceptFeeding()) == "move_not_expected_now"


def test_stones_are_produced_in_tile_order() -> None:
    state = well_fed(fresh(4))
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=STOP["edfu"]))
    produced = [e.seat for e in of(events, ev.StonesProduced)]
    tiles = of(events, ev.TurnOrderSet)
    assert produced == sorted(range(4), key=lambda s: fresh(4).players[s].tile)
    assert tiles  # the round ran through to the new order tiles


def test_participation_bonus_goes_in_score_order() -> None:
    state = well_fed(fresh(3))
    for s in range(3):
        state = player(state, s, cards=(DATA.start_grain,), stones=10, crews=(2, 1, 1, 2))
    state = player(state, 2, score=9, stamp=3)
    state = player(state, 1, score=5, stamp=2)
    state = on_site(state, 2, (1, 2))
    state, _ = play(last_ship(state, 0), 0, mv.PlaceShip(stop=STOP["edfu"]))
    for seat, field in ((1, 0), (2, 3)):
        state, events = play(state, seat, mv.AssignCrew(crew=0), mv.BuildTemple(field=field))
        state, events = play(state, seat, mv.FinishBuild())
    bonus = [e.seat for e in of(events, ev.ParticipationBonus)]
    assert bonus == [2, 1]


def test_a_crew_choice_from_the_remaining_card_is_resolved_before_feeding() -> None:
    state = well_fed(fresh(2))
    state = give(state, 0, "leftover")
    river = list(state.river_cards)
    river[5] = cid("crews_choice")
    state = replace(state, river_cards=tuple(river))
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=STOP["edfu"]))
    state, events = play(state, 0, mv.TakeLeftoverCard(field=5))
    assert state.pending.kind == "crew" and not of(events, ev.FeedingBegan)
    state, events = play(state, 0, mv.AdvanceCrew(crew=1), mv.AdvanceCrew(crew=2))
    assert of(events, ev.FeedingBegan)
