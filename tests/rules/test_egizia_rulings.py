"""Egizia rules version 2: the join card on an own ship, and participation with idle ships."""

from __future__ import annotations

from msgspec.structs import replace

from shared.audit.verify import verify_record
from shared.games.egizia import GAME
from shared.games.egizia import events as ev
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA
from shared.games.egizia.state import EgiziaState
from shared.games.registry import known_versions, pinned_game
from shared.store import open_store
from tests.audit.kit import as_builtins, from_builtins, record
from tests.gamekit import rejects
from tests.rules.test_egizia_fixtures import (
    fresh,
    give,
    last_ship,
    of,
    on_site,
    play,
    player,
    well_fed,
)

THEBAE = DATA.stops.index("thebae")
HELIOPOLIS = DATA.stops.index("heliopolis")


def _joiner(rules: int) -> tuple[EgiziaState, int]:
    """A seat holding the join card, with its own ship already on Thebae and Heliopolis."""
    state = fresh(4)
    seat = state.pending.seat
    state = replace(give(state, seat, "join_city"), rules=rules)
    occupancy = list(state.occupancy)
    occupancy[THEBAE] = (seat,)
    occupancy[HELIOPOLIS] = (seat,)
    return replace(state, occupancy=tuple(occupancy)), seat


def test_the_join_card_may_join_a_field_holding_the_players_own_ship() -> None:
    state, seat = _joiner(2)
    assert mv.PlaceShip(stop=THEBAE) in GAME.legal_moves(state, seat)
    state, events = play(state, seat, mv.PlaceShip(stop=THEBAE))
    assert of(events, ev.ShipPlaced)[0].joined
    assert state.occupancy[THEBAE] == (seat, seat)


def test_the_join_card_still_never_joins_on_heliopolis() -> None:
    state, seat = _joiner(2)
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=HELIOPOLIS)) == "field_occupied"


def test_rules_version_1_refuses_joining_the_own_ship() -> None:
    state, seat = _joiner(1)
    assert rejects(GAME, state, seat, mv.PlaceShip(stop=THEBAE)) == "field_occupied"


def _idle_reserve_then_build(rules: int) -> list:
    """Seat 0 has a reserve ship at the Sphinx that finds no freed place, then builds a temple."""
    state = well_fed(fresh(2))
    state = replace(
        player(state, 0, cards=(DATA.start_grain,), stones=20, crews=(3, 1, 1, 2)), rules=rules
    )
    state = on_site(state, 0, (None, None, None), (0,))
    stop = DATA.site_stops[2]
    state, events = play(last_ship(state, 0), 0, mv.PlaceShip(stop=stop, berth=0))
    assert ev.ReserveShipSkipped(seat=0, site=0) in events
    _, more = play(state, 0, mv.AssignCrew(crew=0), mv.BuildTemple(field=0), mv.FinishBuild())
    assert of(more, ev.TurnOrderSet)  # the round ended
    return [e for e in of(more, ev.ParticipationBonus) if e.seat == 0]


def test_an_idle_reserve_ship_costs_the_participation_bonus() -> None:
    # Online: "an jedem Bauplatz, an dem ein Schiff von ihm steht, mindestens 1 Stein verbraucht"
    assert _idle_reserve_then_build(2) == []


def test_rules_version_1_counted_only_the_sites_built_on() -> None:
    assert _idle_reserve_then_build(1) == [ev.ParticipationBonus(seat=0, sites=1, points=1)]


def test_tables_of_rules_version_1_replay_with_version_1() -> None:
    assert GAME.rules_version == 2 and known_versions("egizia") == [1, 2]
    old = pinned_game("egizia", 1)
    assert old.rules_version == 1 and old.initial_state(3, None).rules == 1
    assert old.decide is GAME.decide and GAME.initial_state(3, None).rules == 2


def test_a_record_of_rules_version_1_verifies_with_version_1() -> None:
    # A table opened before the rulings: the live worker plays it by version 1 to the end.
    data = as_builtins(record(open_store("memory"), "egizia", 31, rules_version=1))
    assert data["rules_version"] == 1
    assert data["events"][0]["payload"]["rules_version"] == 1
    report = verify_record(from_builtins(data))
    assert report.ok, report.problem
