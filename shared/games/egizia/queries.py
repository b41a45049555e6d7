"""Pure questions about an Egizia state: grain, strength, where a ship may go, what may be built."""

from __future__ import annotations

from shared.games.egizia.components import DATA
from shared.games.egizia.state import EgiziaState, Player


def holds(p: Player, effect: str) -> int | None:
    """The id of a held card with that effect, or None."""
    for card_id in p.cards:
        if DATA.nile[card_id].effect == effect:
            return card_id
    return None


def colour(p: Player, field: int) -> int:
    """A grain field's colour after upgrades (0 green, 1 yellow-green, 2 brown)."""
    return max(0, DATA.nile[field].colour - p.upgrades.count(field))


def grain_fields(p: Player) -> list[int]:
    """The grain field cards of a player."""
    return [c for c in p.cards if DATA.nile[c].effect == "grain"]


def grain(state: EgiziaState, seat: int) -> int:
    """Rules, water ring: left only green, middle also yellow-green, right all fields deliver."""
    p = state.players[seat]
    return sum(DATA.nile[f].amount for f in grain_fields(p) if colour(p, f) <= state.ring)


def strength(p: Player) -> int:
    """The total strength of the four crews (joker included), which must be fed."""
    return sum(p.crews)


def production(p: Player) -> int:
    """Stones the quarries deliver each round."""
    return sum(DATA.nile[c].amount for c in p.cards if DATA.nile[c].effect == "quarry")


def can_advance(p: Player, crew: int) -> bool:
    """A crew below the end of its track."""
    return p.crews[crew] < DATA.crew_max[crew]


def at_site(state: EgiziaState, seat: int, site: int) -> bool:
    """The seat has a ship at that site (berth or reserve)."""
    s = state.sites[site]
    return seat in s.berths or seat in s.reserve


def placements(state: EgiziaState, seat: int) -> list[tuple[int, int | None, bool, bool]]:
    """Every (stop, berth, upstream, joined) where the seat may put a ship now."""
    p = state.players[seat]
    if p.ships <= 0:
        return []
    can_upstream = "upstream" not in p.flags and holds(p, "upstream") is not None
    can_join = "join" not in p.flags and holds(p, "join_city") is not None
    out: list[tuple[int, int | None, bool, bool]] = []
    first = 0 if can_upstream else p.last_stop + 1
    for stop in range(first, len(DATA.stops)):
        # Rules phase 2: always further downstream than the last ship (upstream card once a round).
        if stop == p.last_stop:
            continue
        upstream = stop < p.last_stop
        field = DATA.field_at[stop]
        site_index = DATA.site_at[stop]
        if field is not None:
            if state.river_cards[field] is not None and not state.occupancy[stop]:
                out.append((stop, None, upstream, False))
        elif site_index is not None:
            site = state.sites[site_index]
            if seat in site.berths or seat in site.reserve:
                continue  # one ship per player per site
            free = [i for i, s in enumerate(site.berths) if s is None]
            if free:
                out.extend((stop, i, upstream, False) for i in free)
            else:
                out.append((stop, None, upstream, False))  # "auf Reserve"
        else:
            occupants = state.occupancy[stop]
            if not occupants:
                out.append((stop, None, upstream, False))
            elif can_join and DATA.stops[stop] != "heliopolis" and joinable(state, seat, stop):
                # Online: the join card works on round fields only, never on Heliopolis.
                out.append((stop, None, upstream, True))
    return out


def joinable(state: EgiziaState, seat: int, stop: int) -> bool:
    """Ruling (rules 2): the join card's occupied field may hold the player's own ship.

    Printed rules: "auf ein Feld ..., auf dem bereits ein Schiff steht (auch ein eigenes)".
    """
    return state.rules >= 2 or seat not in state.occupancy[stop]


def took_part(state: EgiziaState, seat: int) -> bool:
    """Ruling (rules 2), online: "an jedem Bauplatz, an dem ein Schiff von ihm steht,
    mindestens 1 Stein verbraucht"; a reserve ship left without a freed place counts."""
    built = state.players[seat].built
    return state.rules < 2 or all(
        i in built for i in range(len(state.sites)) if at_site(state, seat, i)
    )


def can_place(state: EgiziaState, seat: int) -> bool:
    """The seat has a ship and somewhere to put it."""
    return bool(placements(state, seat))


def next_obelisk(state: EgiziaState) -> int | None:
    """Rules: the obelisk is built bottom-up; the lowest free field."""
    for i, s in enumerate(state.obelisk):
        if s is None:
            return i
    return None


def pyramid_spot(state: EgiziaState, row: int) -> int | None:
    """The leftmost free field of a pyramid row, if the two fields below it are built."""
    cells = state.pyramid[row]
    if None not in cells:
        return None
    pos = cells.index(None)
    if row > 0:
        below = state.pyramid[row - 1]
        if below[pos] is None or below[pos + 1] is None:
            return None
    return pos


def temple_ready(state: EgiziaState, field: int) -> bool:
    """Temple: pillars bottom-up each, columns after both pillars, the top after the columns."""
    if state.temple[field] is not None:
        return False
    n = len(DATA.temple_pillar)
    cols = len(DATA.temple_columns)
    if field < 2 * n:
        base = 0 if field < n else n
        return all(state.temple[i] is not None for i in range(base, field))
    pillars_done = all(state.temple[i] is not None for i in range(2 * n))
    if field < 2 * n + cols:
        # the first free column only: the columns are interchangeable
        return pillars_done and field == _first_free(state, 2 * n, 2 * n + cols)
    columns_done = all(state.temple[i] is not None for i in range(2 * n, 2 * n + cols))
    return columns_done and field == _first_free(state, 2 * n + cols, len(state.temple))


def _first_free(state: EgiziaState, lo: int, hi: int) -> int:
    for i in range(lo, hi):
        if state.temple[i] is None:
            return i
    return -1


def open_tombs(state: EgiziaState) -> tuple[int, ...]:
    """The face-up tomb tiles, first one first (4 while enough remain)."""
    return state.tombs[state.tombs_taken : state.tombs_taken + DATA.tombs_open]


def own_stones(state: EgiziaState, seat: int, building: str) -> int:
    """A seat's stones in a building ("tombs": tomb places taken)."""
    if building == "obelisk":
        return sum(1 for s in state.obelisk if s == seat)
    if building == "pyramid":
        return sum(1 for row in state.pyramid for s in row if s == seat)
    if building == "temple":
        return sum(1 for s in state.temple if s == seat)
    return len(state.players[seat].tombs)
