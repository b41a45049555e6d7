"""Helpers for the Egizia rules tests: build a given state, then play moves through the contract."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from shared.games.egizia import GAME
from shared.games.egizia import moves as mv
from shared.games.egizia.components import DATA, card_by_key
from shared.games.egizia.state import EgiziaState, Pending
from tests.gamekit import apply, start


def fresh(seats: int = 4, variant: bool = False, seed: int = 0) -> EgiziaState:
    """The state right after setup (round 1, tile 1 to place)."""
    state, _ = start(GAME, seats, {"variant": variant}, seed)
    return state


def cid(key: str) -> int:
    """The id of the first card with that key."""
    return card_by_key(key).id


def ids(key: str) -> list[int]:
    """The ids of every copy of a card."""
    return [c.id for c in DATA.nile if c.key == key]


def player(state: EgiziaState, seat: int, **changes: Any) -> EgiziaState:
    """Change one player's fields."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def give(state: EgiziaState, seat: int, *keys: str) -> EgiziaState:
    """Add cards (by key) to a player's hand."""
    cards = state.players[seat].cards + tuple(cid(k) for k in keys)
    return player(state, seat, cards=cards)


def turn(state: EgiziaState, seat: int, kind: str = "nile") -> EgiziaState:
    """Make it `seat`'s Nile turn."""
    return replace(state, pending=Pending(seat=seat, kind=kind))


def last_ship(state: EgiziaState, seat: int) -> EgiziaState:
    """Only `seat` has a ship left (one), so its placement ends the Nile phase."""
    for s in range(state.seats):
        state = player(state, s, ships=1 if s == seat else 0)
    return turn(state, seat)


def well_fed(state: EgiziaState) -> EgiziaState:
    """Every player's crews are fed by the start card (no feeding interferes with a test)."""
    for s in range(state.seats):
        state = player(state, s, crews=(1, 1, 1, 2))
    return state


def on_site(state: EgiziaState, site: int, berths: tuple, reserve: tuple = ()) -> EgiziaState:
    """Put ships on a construction site."""
    sites = list(state.sites)
    sites[site] = replace(sites[site], berths=berths, reserve=reserve)
    return replace(state, sites=tuple(sites))


def play(state: EgiziaState, seat: int, *moves: Any) -> tuple[EgiziaState, list]:
    """Apply moves of one seat in turn; returns the final state and all events."""
    events: list = []
    for move in moves:
        state, new = apply(GAME, state, seat, move)
        events += new
    return state, events


def of(events: list, kind: type) -> list:
    """The events of one type."""
    return [e for e in events if isinstance(e, kind)]


def builder(site: int, seat: int = 0, seats: int = 2, **changes: Any) -> EgiziaState:
    """`seat` places its last ship on berth 0 of `site` and gets its building turn (no quarries)."""
    state = well_fed(fresh(seats))
    changes.setdefault("cards", (DATA.start_grain,))
    state = player(state, seat, **changes)
    stop = DATA.site_stops[site]
    state, _ = play(last_ship(state, seat), seat, mv.PlaceShip(stop=stop, berth=0))
    assert state.pending == Pending(seat=seat, kind="build", site=site)
    return state


def with_card(state: EgiziaState, field: int, key: str) -> EgiziaState:
    """Lay a given card on a river card field."""
    river = list(state.river_cards)
    river[field] = cid(key)
    return replace(state, river_cards=tuple(river))
