"""Every Nile card: its effect, and when it may and may not be played online."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.egizia import GAME
from shared.games.egizia import events as ev
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA, JOKER
from shared.games.egizia.final import tomb_value
from shared.games.egizia.queries import grain
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
    turn,
    well_fed,
    with_card,
)

STOP = {name: DATA.stops.index(name) for name in DATA.stops if name != "card"}
SPHINX, OBELISK, PYRAMID = DATA.site_stops
FIELD0 = DATA.card_stops[0]


def _turn(seats: int = 4, *keys: str):
    state = fresh(seats)
    seat = state.pending.seat
    return give(state, seat, *keys), seat


def _take(key: str, **changes: object):
    state, seat = _turn()
    state = player(with_card(state, 0, key), seat, **changes)
    state, events = play(state, seat, mv.PlaceShip(stop=FIELD0))
    return state, seat, events


# --- grain fields, quarries ---------------------------------------------------------


def test_grain_fields_deliver_by_water_ring_green_always_yellow_middle_brown_right() -> None:
    state, seat = _turn(4, "green_2", "yellow_5", "brown_7")
    assert [grain(replace(state, ring=r), seat) for r in (0, 1, 2)] == [8, 13, 20]


def test_taking_a_grain_field_or_quarry_keeps_it_for_the_whole_game() -> None:
    for key in ("green_3", "green_4", "yellow_4", "quarry_3", "quarry_4"):
        state, seat, events = _take(key)
        assert of(events, ev.NileCardTaken)[0].kept
        assert cid(key) in state.players[seat].cards


def test_brown_fields_give_their_one_time_bonus() -> None:
    _, seat, events = _take("brown_6")
    assert ev.MarkerMoved(seat=seat, track="grain_market", position=1) in events
    _, seat, events = _take("brown_7")
    assert ev.MarkerMoved(seat=seat, track="stone_sale", position=1) in events
    state, seat, events = _take("brown_8")
    assert ev.PointsScored(seat=seat, points=3, reason="brown_field") in events
    state, seat, events = _take("brown_9", stones=3)
    assert state.players[seat].stones == 7


def test_grain_upgrade_improves_a_field_one_level_for_the_rest_of_the_game() -> None:
    state, seat = _turn(4, "grain_upgrade", "brown_7", "grain_upgrade")
    state = replace(state, ring=1)
    brown = cid("brown_7")
    before = grain(state, seat)
    state, events = play(state, seat, mv.PlayNileCard(card=cid("grain_upgrade"), field=brown))
    assert ev.GrainFieldImproved(seat=seat, field=brown) in events
    assert grain(state, seat) == before + 7  # now yellow-green, irrigated with the ring middle
    assert grain(replace(state, ring=0), seat) == 6
    upgrade2 = next(c for c in state.players[seat].cards if DATA.nile[c].key == "grain_upgrade")
    state, _ = play(state, seat, mv.PlayNileCard(card=upgrade2, field=brown))
    assert grain(replace(state, ring=0), seat) == 13  # twice: green
    code = rejects(GAME, state, seat, mv.PlayNileCard(card=upgrade2, field=brown))
    assert code == "card_not_held"


def test_grain_upgrade_cannot_improve_a_green_field() -> None:
    state, seat = _turn(4, "grain_upgrade")
    move = mv.PlayNileCard(card=cid("grain_upgrade"), field=DATA.start_grain)
    assert rejects(GAME, state, seat, move) == "field_cannot_be_improved"


def test_grain_upgrade_is_offered_in_feeding_when_it_helps() -> None:
    state = well_fed(fresh(2))
    state = player(state, 0, crews=(3, 3, 3, 2), cards=(DATA.start_grain, cid("yellow_5")))
    state = give(replace(state, ring=0), 0, "grain_upgrade")
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=PYRAMID, berth=0))
    assert ev.FeedingHelpOffered(seat=0) in events
    move = mv.PlayNileCard(card=cid("grain_upgrade"), field=cid("yellow_5"))
    assert move in GAME.legal_moves(state, 0)
    state, events = play(state, 0, move)
    assert ev.CrewsFed(seat=0, grain=11, strength=11) in events


# --- anytime cards ------------------------------------------------------------------


def test_plus_4_grain_is_only_for_feeding_not_in_the_nile_phase() -> None:
    state, seat = _turn(4, "grain_plus_4")
    move = mv.PlayNileCard(card=cid("grain_plus_4"))
    assert rejects(GAME, state, seat, move) == "card_not_playable_now"
    assert move not in GAME.legal_moves(state, seat)


def test_strength_cards_add_to_a_used_crew_only_in_the_crew_selection() -> None:
    for key, amount in (("strength_3", 3), ("strength_4", 4), ("strength_5", 5)):
        state, seat = _turn(4, key)
        move = mv.PlayNileCard(card=cid(key))
        assert rejects(GAME, state, seat, move) == "card_not_playable_now"
        state = builder(2, stones=20, crews=(2, 1, 1, 2))
        state = give(state, 0, key)
        assert rejects(GAME, state, 0, move) == "assign_a_crew_first"
        state, _ = play(state, 0, mv.AssignCrew(crew=0))
        state, events = play(state, 0, move)
        assert ev.CrewAssigned(seat=0, crew=None, card=cid(key), strength=2 + amount) in events
        assert rejects(GAME, state, 0, move) == "card_already_played"
        state, _ = play(state, 0, mv.BuildTemple(field=0))
        assert cid(key) in state.players[0].cards
        state, events = play(state, 0, mv.FinishBuild())
        assert cid(key) not in state.players[0].cards


def test_strength_card_is_not_playable_once_building_started() -> None:
    state = give(builder(2, stones=20, crews=(3, 1, 1, 2)), 0, "strength_3")
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.BuildTemple(field=0))
    code = rejects(GAME, state, 0, mv.PlayNileCard(card=cid("strength_3")))
    assert code == "card_not_playable_now"


def test_double_card_runs_a_round_field_twice_and_is_used_up() -> None:
    state, seat = _turn(4, "double_city")
    state, events = play(state, seat, mv.PlaceShip(stop=STOP["thebae"], doubled=True))
    crews = DATA.city_crews["thebae"]
    assert [(e.crew, e.strength) for e in of(events, ev.CrewAdvanced)] == [(c, 3) for c in crews]
    assert ev.CityVisited(seat=seat, city="thebae", doubled=True) in events
    assert cid("double_city") not in state.players[seat].cards


def test_double_card_on_passalon_moves_the_joker_2_and_the_ring_up_to_twice() -> None:
    state, seat = _turn(4, "double_city")
    state = replace(state, ring=0)
    state, events = play(state, seat, mv.PlaceShip(stop=STOP["passalon"], doubled=True))
    assert ev.CrewAdvanced(seat=seat, crew=JOKER, strength=4) in events
    state, _ = play(state, seat, mv.MoveWaterRing(direction=1))
    assert state.pending.kind == "ring"
    state, _ = play(state, seat, mv.MoveWaterRing(direction=1))
    assert state.ring == 2 and state.pending.seat != seat


def test_double_card_not_on_heliopolis_not_on_other_fields_not_without_the_card() -> None:
    state, seat = _turn(4, "double_city")
    heliopolis = mv.PlaceShip(stop=STOP["heliopolis"], doubled=True)
    assert rejects(GAME, state, seat, heliopolis) == "double_not_on_heliopolis"
    code = rejects(GAME, state, seat, mv.PlaceShip(stop=FIELD0, doubled=True))
    assert code == "double_only_on_round_field"
    state, seat = _turn(4)
    code = rejects(GAME, state, seat, mv.PlaceShip(stop=STOP["edfu"], doubled=True))
    assert code == "card_not_held"


def test_second_ship_is_played_after_placing_and_places_another_ship_at_once() -> None:
    state, seat = _turn(4, "second_ship")
    move = mv.PlayNileCard(card=cid("second_ship"))
    assert rejects(GAME, state, seat, move) == "card_not_playable_now"
    state, _ = play(state, seat, mv.PlaceShip(stop=STOP["edfu"]))
    assert state.pending.kind == "nile_after" and state.pending.seat == seat
    assert set(GAME.legal_moves(state, seat)) >= {move, mv.EndTurn()}
    state, events = play(state, seat, move)
    assert ev.NileTurnBegan(seat=seat, kind="nile", second=True) in events
    state, _ = play(state, seat, mv.PlaceShip(stop=STOP["thebae"]))
    assert state.pending.seat != seat
    assert state.players[seat].ships == DATA.ships - 2


def test_second_ship_holder_may_end_the_turn_instead() -> None:
    state, seat = _turn(4, "second_ship")
    state, _ = play(state, seat, mv.PlaceShip(stop=STOP["edfu"]), mv.EndTurn())
    assert state.pending.seat != seat
    assert cid("second_ship") in state.players[seat].cards


def test_two_crews_card_lets_two_unused_crews_build_together() -> None:
    state = builder(2, stones=20, crews=(3, 4, 1, 2))
    assert rejects(GAME, state, 0, mv.AssignCrew(crew=3)) == "joker_never_alone"
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert rejects(GAME, state, 0, mv.AssignCrew(crew=1)) == "one_crew_per_build"
    state = give(state, 0, "two_crews")
    state, events = play(state, 0, mv.AssignCrew(crew=1), mv.AssignCrew(crew=3))
    assert state.build.strength == 9
    assert rejects(GAME, state, 0, mv.AssignCrew(crew=2)) == "one_crew_per_build"
    state, events = play(
        state, 0, mv.BuildTemple(field=0), mv.BuildTemple(field=1), mv.FinishBuild()
    )
    assert ev.BuildFinished(seat=0, site=2, crews=(0, 1, 3)) in events
    assert cid("two_crews") not in state.players[0].cards


def _reserve_state(card: str | None):
    """3 players; seats 1 and 2 hold the Sphinx berths, seat 0 stands on reserve."""
    state = well_fed(fresh(3))
    for s in range(3):
        state = player(state, s, cards=(DATA.start_grain,), stones=10, crews=(2, 1, 1, 2))
    state = on_site(state, 0, (1, 2), (0,))
    if card:
        state = give(state, 0, card)
    return last_ship(state, 0)


def test_reserve_ship_builds_only_when_a_place_is_given_up() -> None:
    state, events = play(_reserve_state(None), 0, mv.PlaceShip(stop=STOP["edfu"]))
    assert state.pending.seat == 1
    state, _ = play(state, 1, mv.PassBuild())
    state, events = play(state, 2, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=1))
    state, events = play(state, 2, mv.KeepSphinxCards())
    assert ev.BuildingTurnBegan(seat=0, site=0, how="reserve", slot_used=True) in events


def test_reserve_ship_without_a_freed_place_does_not_build() -> None:
    state, _ = play(_reserve_state(None), 0, mv.PlaceShip(stop=STOP["edfu"]))
    for seat in (1, 2):
        state, _ = play(state, seat, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=1))
        state, events = play(state, seat, mv.KeepSphinxCards())
    assert ev.ReserveShipSkipped(seat=0, site=0) in events


def test_safe_build_is_played_in_the_nile_phase_and_the_reserve_ship_builds_last() -> None:
    state = _reserve_state("safe_build")
    move = mv.PlayNileCard(card=cid("safe_build"), site=0)
    assert rejects(GAME, state, 0, mv.PlayNileCard(card=cid("safe_build"), site=1)) == (
        "no_reserve_ship_there"
    )
    state, events = play(state, 0, move)
    assert state.sites[0].safe == (0,)
    state, _ = play(state, 0, mv.PlaceShip(stop=STOP["edfu"]))
    for seat in (1, 2):
        state, _ = play(state, seat, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=1))
        state, events = play(state, seat, mv.KeepSphinxCards())
    assert ev.BuildingTurnBegan(seat=0, site=0, how="safe") in events


def test_safe_build_card_is_not_used_with_2_players() -> None:
    state = fresh(2)
    all_cards = [c for deck in state.nile_decks for c in deck] + list(state.river_cards)
    assert cid("safe_build") not in all_cards
    assert cid("safe_build") in [c for deck in fresh(3).nile_decks for c in deck]


def test_first_place_moves_the_ship_to_the_first_berth() -> None:
    state = well_fed(fresh(3))
    state = on_site(state, 2, (1, 0))
    state = give(turn(state, 0), 0, "first_place")
    state, _events = play(state, 0, mv.PlayNileCard(card=cid("first_place")))
    assert state.sites[2].berths == (0, 1)


def test_first_place_on_reserve_builds_first_and_everyone_may_build() -> None:
    state = _reserve_state("first_place")
    state, _ = play(state, 0, mv.PlayNileCard(card=cid("first_place")))
    assert state.sites[0].first == 0
    state, events = play(state, 0, mv.PlaceShip(stop=STOP["edfu"]))
    assert ev.SiteOpened(site=0, queue=((0, "first"), (1, "berth"), (2, "berth"))) in events
    assert state.pending.seat == 0


def test_keep_two_sphinx_cards_with_the_card() -> None:
    state = builder(0, stones=5, crews=(3, 1, 1, 2))
    state, _ = play(state, 0, mv.AssignCrew(crew=0), mv.DrawSphinxCards(count=3))
    drawn = state.build.drawn
    assert rejects(GAME, state, 0, mv.KeepSphinxCards(cards=drawn[:2])) == "too_many_kept"
    state = give(state, 0, "keep_two_sphinx")
    state, events = play(state, 0, mv.KeepSphinxCards(cards=drawn[:2]))
    assert ev.SphinxCardsKept(seat=0, kept=drawn[:2], returned=drawn[2:], points=1) in events


def test_plus_2_sphinx_cards_draws_two_more_free_but_needs_a_stone() -> None:
    state = give(builder(0, stones=5, crews=(1, 1, 1, 2)), 0, "sphinx_plus_2")
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert [m.count for m in GAME.legal_moves(state, 0) if isinstance(m, mv.DrawSphinxCards)] == [1]
    state, events = play(state, 0, mv.DrawSphinxCards(count=1))
    drawn = of(events, ev.SphinxCardsDrawn)[0]
    assert len(drawn.cards) == 3 and drawn.paid == 1 and drawn.stones == 4


def test_plus_2_sphinx_cards_never_more_than_5() -> None:
    state = give(builder(0, stones=9, crews=(5, 1, 1, 2)), 0, "sphinx_plus_2")
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert rejects(GAME, state, 0, mv.DrawSphinxCards(count=4)) == "too_many_cards"
    state, events = play(state, 0, mv.DrawSphinxCards(count=3))
    assert len(of(events, ev.SphinxCardsDrawn)[0].cards) == 5


def test_sphinx_draw_without_stones_is_impossible() -> None:
    state = builder(0, stones=0, crews=(3, 1, 1, 2))
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    assert rejects(GAME, state, 0, mv.DrawSphinxCards(count=1)) == "not_enough_stones"
    assert mv.PassBuild() in GAME.legal_moves(state, 0)


def test_plus_6_stones_capped_at_25() -> None:
    state, seat = _turn(4, "stones_6")
    state = player(state, seat, stones=22)
    state, _events = play(state, seat, mv.PlayNileCard(card=cid("stones_6")))
    assert state.players[seat].stones == 25
    assert cid("stones_6") not in state.players[seat].cards
    assert state.pending.seat == seat  # the turn goes on: the ship is still to place


def test_sell_up_to_10_stones_for_a_point_each() -> None:
    state, seat = _turn(4, "sell_stones")
    state = player(state, seat, stones=12)
    card = cid("sell_stones")
    assert rejects(GAME, state, seat, mv.PlayNileCard(card=card, count=11)) == "bad_count"
    assert rejects(GAME, state, seat, mv.PlayNileCard(card=card)) == "bad_card_parameters"
    state, _events = play(state, seat, mv.PlayNileCard(card=card, count=10))
    assert state.players[seat].stones == 2 and state.players[seat].score == 10


def test_cards_can_be_played_at_the_start_and_end_of_a_build_not_during() -> None:
    state = give(builder(2, stones=3, crews=(3, 1, 1, 2)), 0, "stones_6", "sell_stones")
    state, _ = play(state, 0, mv.PlayNileCard(card=cid("stones_6")))
    assert state.players[0].stones == 9
    state, _ = play(state, 0, mv.AssignCrew(crew=0))
    move = mv.PlayNileCard(card=cid("sell_stones"), count=2)
    assert rejects(GAME, state, 0, move) == "card_not_playable_now"
    state, events = play(state, 0, mv.BuildTemple(field=0), mv.FinishBuild())
    assert ev.BuildTurnEnding(seat=0) in events
    state, events = play(state, 0, move, mv.EndTurn())
    assert ev.PointsScored(seat=0, points=2, reason="stones_sold") in events


# --- permanent cards ----------------------------------------------------------------


def test_join_card_puts_a_ship_on_an_occupied_round_field_once_a_round() -> None:
    state, seat = _turn(4, "join_city")
    occupancy = list(state.occupancy)
    for city in ("thebae", "selinon", "heliopolis"):
        occupancy[STOP[city]] = ((seat + 1) % 4,)
    state = replace(state, occupancy=tuple(occupancy))
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=STOP["heliopolis"])) == "field_occupied"
    state, events = play(state, seat, mv.PlaceShip(stop=STOP["thebae"]))
    assert of(events, ev.ShipPlaced)[0].joined
    assert len(of(events, ev.CrewAdvanced)) == 2
    state = turn(state, seat)
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=STOP["selinon"])) == "field_occupied"


def test_join_card_still_needs_a_field_further_downstream() -> None:
    state, seat = _turn(4, "join_city")
    occupancy = list(state.occupancy)
    occupancy[STOP["thebae"]] = ((seat + 1) % 4,)
    state = player(replace(state, occupancy=tuple(occupancy)), seat, last_stop=9)
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=STOP["thebae"])) == (
        "must_place_downstream"
    )


def test_crew_plus_one_once_a_round_at_a_time_of_choice() -> None:
    state, seat = _turn(4, "crew_plus_1")
    card = cid("crew_plus_1")
    assert rejects(GAME, state, seat, mv.PlayNileCard(card=card)) == "bad_card_parameters"
    state, events = play(state, seat, mv.PlayNileCard(card=card, crew=2))
    assert ev.CrewAdvanced(seat=seat, crew=2, strength=2) in events
    assert card in state.players[seat].cards  # permanent
    assert rejects(GAME, state, seat, mv.PlayNileCard(card=card, crew=1)) == "once_per_round"


def test_crew_plus_one_is_playable_at_the_start_of_a_build() -> None:
    state = give(builder(2, stones=5, crews=(1, 1, 1, 2)), 0, "crew_plus_1")
    state, _events = play(state, 0, mv.PlayNileCard(card=cid("crew_plus_1"), crew=0))
    assert state.players[0].crews[0] == 2


def test_pay_two_stones_for_a_crew_step_once_a_round() -> None:
    state, seat = _turn(4, "pay_crew")
    state = player(state, seat, stones=3)
    card = cid("pay_crew")
    state, _events = play(state, seat, mv.PlayNileCard(card=card, crew=JOKER))
    assert state.players[seat].stones == 1 and state.players[seat].crews[JOKER] == 3
    assert rejects(GAME, state, seat, mv.PlayNileCard(card=card, crew=0)) == "once_per_round"
    state = player(state, seat, flags=())
    assert rejects(GAME, state, seat, mv.PlayNileCard(card=card, crew=0)) == "not_enough_stones"


def test_stones_for_grain_trades_1_to_1_when_feeding() -> None:
    state = well_fed(fresh(2))
    state = player(state, 0, crews=(3, 3, 3, 2), stones=4, cards=(DATA.start_grain,))
    state = give(state, 0, "stones_for_grain")
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=PYRAMID, berth=0))
    assert ev.FeedingHelpOffered(seat=0) in events
    counts = [m.count for m in GAME.legal_moves(state, 0) if isinstance(m, mv.TradeStonesForGrain)]
    assert counts == [1, 2, 3, 4]
    assert rejects(GAME, state, 0, mv.TradeStonesForGrain(count=5)) == "bad_count"
    state, events = play(state, 0, mv.TradeStonesForGrain(count=2))
    assert ev.FeedingHelpOffered(seat=0, extra=2) in events
    state, events = play(state, 0, mv.TradeStonesForGrain(count=2))
    assert ev.CrewsFed(seat=0, grain=10, strength=11) not in events
    assert of(events, ev.FeedingHelpOffered) == []
    assert of(events, ev.FeedingPenalty)[0].missing == 1


def test_feeding_without_helping_card_is_automatic() -> None:
    state = well_fed(fresh(2))
    state = player(state, 0, crews=(3, 3, 3, 2), cards=(DATA.start_grain,))
    _, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=PYRAMID, berth=0))
    assert not of(events, ev.FeedingHelpOffered)
    assert of(events, ev.FeedingPenalty)[0].missing == 5


def test_upstream_card_once_a_round_then_on_downstream_of_that_ship() -> None:
    state, seat = _turn(4, "upstream")
    state = player(state, seat, last_stop=12)
    state, events = play(state, seat, mv.PlaceShip(stop=STOP["thebae"]))
    assert of(events, ev.ShipPlaced)[0].upstream
    state = turn(state, seat)
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=STOP["edfu"])) == "must_place_downstream"
    state, _ = play(state, seat, mv.PlaceShip(stop=STOP["passalon"]))


def test_leftover_card_holder_takes_a_remaining_card_in_a_separate_turn() -> None:
    state = well_fed(fresh(2))
    state = give(state, 1, "leftover")
    state = player(last_ship(state, 0), 1, ships=0)
    left = state.river_cards[3]
    state, events = play(state, 0, mv.PlaceShip(stop=STOP["edfu"]))
    assert ev.NileTurnBegan(seat=1, kind="leftover") in events
    assert not of(events, ev.FeedingBegan)
    assert rejects(GAME, state, 1, mv.TakeLeftoverCard(field=12)) == "no_card_there"
    state, events = play(state, 1, mv.TakeLeftoverCard(field=3))
    assert of(events, ev.NileCardTaken)[0].card == left
    assert of(events, ev.FeedingBegan)


def test_leftover_card_holder_may_take_nothing() -> None:
    state = well_fed(fresh(2))
    state = give(state, 0, "leftover")
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=STOP["edfu"]))
    assert ev.NileTurnBegan(seat=0, kind="leftover") in events
    state, events = play(state, 0, mv.TakeLeftoverCard())
    assert of(events, ev.FeedingBegan) and not of(events, ev.NileCardTaken)


def test_tombs_card_adds_8_to_the_tomb_value() -> None:
    state = player(fresh(2), 0, tombs=(2, 3))
    assert tomb_value(state, 0) == 5
    assert tomb_value(give(state, 0, "tombs_8"), 0) == 13


# --- instant cards ------------------------------------------------------------------


def test_stone_sale_and_grain_market_cards_move_the_marker_two_steps() -> None:
    state, seat, events = _take("stone_sale_2")
    assert state.players[seat].stone_sale == 2
    assert not of(events, ev.NileCardTaken)[0].kept
    state, seat, events = _take("grain_market_2")
    assert state.players[seat].grain_market == 2


def test_crew_choice_card_two_crews_one_step_or_one_crew_two_steps() -> None:
    state, seat, _events = _take("crews_choice")
    assert state.pending.kind == "crew" and state.pending.steps == 2
    state, _ = play(state, seat, mv.AdvanceCrew(crew=0))
    assert state.pending.kind == "crew" and state.pending.steps == 1
    state, _ = play(state, seat, mv.AdvanceCrew(crew=0))
    assert state.players[seat].crews[0] == 3
    assert state.pending.seat != seat


def test_pictured_crew_cards_advance_both_crews() -> None:
    for key in ("crews_a", "crews_b"):
        _state, _seat, events = _take(key)
        moved = sorted(e.crew for e in of(events, ev.CrewAdvanced))
        assert moved == sorted(DATA.nile[cid(key)].crews)


def test_building_points_cards_give_a_point_per_own_stone_in_the_pictured_buildings() -> None:
    state, seat = _turn()
    obelisk = (seat, seat, 9, None, *state.obelisk[4:])
    pyramid = ((seat, None, None, None, None), *state.pyramid[1:])
    state = replace(state, obelisk=obelisk, pyramid=pyramid)
    state = player(with_card(state, 0, "points_obelisk_pyramid"), seat, tombs=(3,))
    _, events = play(state, seat, mv.PlaceShip(stop=FIELD0))
    assert ev.PointsScored(seat=seat, points=3, reason="building_card") in events


def test_instant_cards_cannot_be_played_from_the_hand() -> None:
    state, seat = _turn(4, "stone_sale_2")
    code = rejects(GAME, state, seat, mv.PlayNileCard(card=cid("stone_sale_2")))
    assert code == "card_not_playable_now"
    code = rejects(GAME, state, seat, mv.PlayNileCard(card=cid("stones_6")))
    assert code == "card_not_held"


def test_temple_and_tombs_points_card() -> None:
    state, seat = _turn()
    state = replace(state, temple=(seat, seat, None, 9, *state.temple[4:]))
    state = player(with_card(state, 0, "points_temple_tombs"), seat, tombs=(3, 4))
    _, events = play(state, seat, mv.PlaceShip(stop=FIELD0))
    assert ev.PointsScored(seat=seat, points=4, reason="building_card") in events


def test_building_points_card_without_stones_gives_nothing() -> None:
    _, _, events = _take("points_temple_tombs")
    assert not of(events, ev.PointsScored)


def test_decide_is_deterministic_and_ignores_the_rng() -> None:
    from shared.games.rng import Rng

    state, seat = _turn()
    move = mv.PlaceShip(stop=FIELD0)
    assert GAME.decide(state, seat, move, Rng(1)) == GAME.decide(state, seat, move, Rng(2))
