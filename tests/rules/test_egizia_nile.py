"""Phase 2 "Nil befahren": placing ships, the round fields, construction fields, the phase end."""

from __future__ import annotations

from msgspec.structs import replace

from shared.games.egizia import GAME
from shared.games.egizia import events as ev
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA, JOKER
from tests.gamekit import rejects
from tests.rules.test_egizia_fixtures import fresh, last_ship, of, on_site, play, player, turn

STOP = {name: DATA.stops.index(name) for name in DATA.stops if name != "card"}
SPHINX, OBELISK, PYRAMID = DATA.site_stops


def _first():
    state = fresh(4)
    return state, state.pending.seat


def test_players_place_in_order_tile_order() -> None:
    state, _ = _first()
    order = state.order()
    seen = []
    for i in range(4):
        seat = state.pending.seat
        seen.append(seat)
        state, _ = play(state, seat, mv.PlaceShip(stop=DATA.card_stops[i]))
    assert seen == order


def test_taking_a_card_field_gives_the_card_and_puts_the_ship_there() -> None:
    state, seat = _first()
    card = state.river_cards[0]
    state, events = play(state, seat, mv.PlaceShip(stop=DATA.card_stops[0]))
    assert ev.ShipPlaced(seat=seat, stop=DATA.card_stops[0]) in events
    assert of(events, ev.NileCardTaken)[0].card == card
    assert state.river_cards[0] is None
    assert state.occupancy[DATA.card_stops[0]] == (seat,)


def test_one_ship_per_field() -> None:
    state, seat = _first()
    state, _ = play(state, seat, mv.PlaceShip(stop=STOP["edfu"]))
    nxt = state.pending.seat
    assert rejects(GAME, state, nxt, mv.PlaceShip(stop=STOP["edfu"])) == "field_occupied"
    state, _ = play(state, nxt, mv.PlaceShip(stop=DATA.card_stops[0]))
    third = state.pending.seat
    assert rejects(GAME, state, third, mv.PlaceShip(stop=DATA.card_stops[0])) == "field_occupied"


def test_a_new_ship_must_go_further_downstream_than_the_last() -> None:
    state, seat = _first()
    state = player(state, seat, last_stop=10)
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=8)) == "must_place_downstream"
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=10)) == "must_place_downstream"
    assert all(m.stop > 10 for m in GAME.legal_moves(state, seat) if isinstance(m, mv.PlaceShip))


def test_only_the_seat_to_act_may_move() -> None:
    state, seat = _first()
    other = (seat + 1) % 4
    assert rejects(GAME, state, other, mv.PlaceShip(stop=STOP["edfu"])) == "not_your_turn"
    assert GAME.legal_moves(state, other) == []
    assert rejects(GAME, state, seat, mv.AssignCrew(crew=0)) == "move_not_expected_now"


def test_construction_site_berth_then_reserve_only_when_full() -> None:
    state, seat = _first()
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=SPHINX)) == "reserve_only_when_full"
    state = on_site(state, 0, (7, 8, 9))  # full (other colours)
    state, events = play(state, seat, mv.PlaceShip(stop=SPHINX))
    assert ev.ShipPlaced(seat=seat, stop=SPHINX, berth=None) in events
    assert state.sites[0].reserve == (seat,)


def test_one_ship_per_player_per_site() -> None:
    state, seat = _first()
    state = on_site(state, 1, (seat, None, None))
    state = player(state, seat, last_stop=0)
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=OBELISK, berth=1)) == "one_ship_per_site"


def test_a_taken_berth_cannot_be_used() -> None:
    state, seat = _first()
    state = on_site(state, 2, ((seat + 1) % 4, None, None))
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=PYRAMID, berth=0)) == "berth_taken"


def test_with_2_or_3_players_each_site_has_two_berths() -> None:
    for seats, berths in ((2, 2), (3, 2), (4, 3)):
        state = fresh(seats)
        assert all(len(site.berths) == berths for site in state.sites)


def test_phase_ends_when_nobody_can_place_and_ships_leave_except_on_sites() -> None:
    state = fresh(2)
    state = player(state, 1, ships=0)
    state = on_site(state, 1, (1, None))
    state = last_ship(state, 0)
    state = player(state, 1, ships=0)
    occupancy = list(state.occupancy)
    occupancy[STOP["thebae"]] = (1,)
    state = replace(state, occupancy=tuple(occupancy))
    state, events = play(state, 0, mv.PlaceShip(stop=STOP["edfu"]))
    assert of(events, ev.ShipsReturned)
    assert of(events, ev.FeedingBegan)
    # seat 1's ship at the obelisk stayed and was asked to build
    assert ev.BuildingTurnBegan(seat=1, site=1) in events


def test_a_player_who_cannot_place_is_skipped() -> None:
    state = fresh(3)
    order = state.order()
    state = player(state, order[1], ships=0)
    state, _ = play(state, order[0], mv.PlaceShip(stop=STOP["edfu"]))
    assert state.pending.seat == order[2]


def test_edfu_moves_both_markers_one_field_down() -> None:
    state, seat = _first()
    _, events = play(state, seat, mv.PlaceShip(stop=STOP["edfu"]))
    assert ev.MarkerMoved(seat=seat, track="stone_sale", position=1) in events
    assert ev.MarkerMoved(seat=seat, track="grain_market", position=1) in events


def test_thebae_selinon_beni_hasan_advance_their_two_pictured_crews() -> None:
    for city in ("thebae", "selinon", "beni_hasan"):
        state, seat = _first()
        _, events = play(state, seat, mv.PlaceShip(stop=STOP[city]))
        moved = sorted(e.crew for e in of(events, ev.CrewAdvanced))
        assert moved == sorted(DATA.city_crews[city])
        assert all(e.strength == 2 for e in of(events, ev.CrewAdvanced))


def test_passalon_advances_the_joker_and_may_move_the_ring_one_field() -> None:
    state, seat = _first()
    state, events = play(state, seat, mv.PlaceShip(stop=STOP["passalon"]))
    assert ev.CrewAdvanced(seat=seat, crew=JOKER, strength=3) in events
    assert state.pending.kind == "ring" and state.pending.seat == seat
    assert {m.direction for m in GAME.legal_moves(state, seat)} == {-1, 0, 1}
    assert rejects(GAME, state, seat, mv.MoveWaterRing(direction=2)) == "bad_direction"
    state, events = play(state, seat, mv.MoveWaterRing(direction=1))
    assert state.ring == 2
    assert state.pending.kind == "nile" and state.pending.seat != seat


def test_the_ring_must_stay_on_the_three_fields() -> None:
    state, seat = _first()
    state = replace(state, ring=0)
    state, _ = play(state, seat, mv.PlaceShip(stop=STOP["passalon"]))
    assert rejects(GAME, state, seat, mv.MoveWaterRing(direction=-1)) == "ring_off_the_board"
    state, events = play(state, seat, mv.MoveWaterRing(direction=0))
    assert state.ring == 0 and not of(events, ev.WaterRingMoved)


def test_alyi_advances_a_crew_of_choice_and_gives_2_stones() -> None:
    state, seat = _first()
    stones = state.players[seat].stones
    state, events = play(state, seat, mv.PlaceShip(stop=STOP["alyi"]))
    assert state.players[seat].stones == stones + 2
    assert state.pending.kind == "crew"
    state, events = play(state, seat, mv.AdvanceCrew(crew=1))
    assert ev.CrewAdvanced(seat=seat, crew=1, strength=2) in events


def test_heliopolis_works_like_passalon() -> None:
    state, seat = _first()
    state, events = play(state, seat, mv.PlaceShip(stop=STOP["heliopolis"]))
    assert ev.CrewAdvanced(seat=seat, crew=JOKER, strength=3) in events
    assert state.pending.kind == "ring"


def test_a_crew_at_the_end_of_its_track_does_not_move() -> None:
    state, seat = _first()
    state = player(state, seat, crews=(DATA.crew_max[0], 1, 1, 2))
    _, events = play(state, seat, mv.PlaceShip(stop=STOP["thebae"]))
    assert [e.crew for e in of(events, ev.CrewAdvanced)] == [1]


def test_crew_choice_rejects_a_crew_at_its_maximum() -> None:
    state, seat = _first()
    state = player(state, seat, crews=(DATA.crew_max[0], 1, 1, 2))
    state, _ = play(state, seat, mv.PlaceShip(stop=STOP["alyi"]))
    assert rejects(GAME, state, seat, mv.AdvanceCrew(crew=0)) == "crew_at_maximum"
    assert rejects(GAME, state, seat, mv.AdvanceCrew(crew=5)) == "no_such_crew"


def test_no_such_stop_and_no_ships_left() -> None:
    state, seat = _first()
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=20)) == "no_such_stop"
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=1, berth=0)) == "no_berth_here"
    state = player(state, seat, ships=0)
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=1)) == "no_ships_left"


def test_nile_cards_come_from_the_rounds_deck_and_leftovers_leave() -> None:
    state = fresh(2)
    decks = [len(d) for d in state.nile_decks]
    assert decks == [22 - 10, 21, 12]  # 2 players: the safe-build card (3/4) is removed
    assert all(DATA.nile[c].deck == 0 for c in state.river_cards)
    # round 2 again from 1/2, round 3 from 3/4
    for expected_deck in (0, 1):
        state = turn(last_ship(state, state.pending.seat), state.pending.seat)
        state, events = play(state, state.pending.seat, mv.PlaceShip(stop=STOP["edfu"]))
        while state.pending is not None and state.pending.kind != "nile":
            seat = state.pending.seat
            state, _ = play(state, seat, GAME.legal_moves(state, seat)[0])
        laid = of(events, ev.NileCardsLaid)
        if laid:
            assert all(DATA.nile[c].deck == expected_deck for c in laid[-1].cards)
