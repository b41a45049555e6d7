"""Pairings: round robin, Swiss and single-elimination knockout, pure and deterministic.

Every function takes what the record holds (the seeding, the rounds so far, the tournament's
public seed) and nothing else, so the audit re-derives each round exactly. Randomness (seat
order ties, the search among balanced schedules) comes from `rng_for(seed, round)`.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from uuid import NAMESPACE_URL, uuid5

Table = tuple[str, ...]
Meetings = Counter[frozenset[str]]
SEARCH_TRIES = 48  # random restarts of the balanced schedule's greedy search
SWISS_STEPS = 200_000  # backtracking steps before Swiss accepts a repeat pairing


def rng_for(seed: str, round_number: int, purpose: str = "pairing") -> random.Random:
    """A generator private to one round of one tournament (from its public seed)."""
    digest = hashlib.sha256(f"{seed}:{purpose}:{round_number}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def table_id_for(tournament_id: str, round_number: int, index: int) -> str:
    """The id of a round's match table: fixed by the pairing, so opening it twice cannot
    make two tables."""
    return str(uuid5(NAMESPACE_URL, f"senet:tournament:{tournament_id}:{round_number}:{index}"))


def meetings(tables: Iterable[Sequence[str]]) -> Meetings:
    """How often each pair of players sat at one table."""
    met: Meetings = Counter()
    for table in tables:
        for a, b in combinations(table, 2):
            met[frozenset((a, b))] += 1
    return met


def seat_counts(tables: Iterable[Sequence[str]]) -> Counter[tuple[str, int]]:
    """How often each player sat at each seat."""
    return Counter((player, seat) for table in tables for seat, player in enumerate(table))


def order_seats(
    table: Sequence[str], seats: Counter[tuple[str, int]], rng: random.Random, first: int = 0
) -> Table:
    """The table's players in seat order, balancing who sits first: seat by seat, the
    player who sat there least often (then: least compared with the other seats; then the
    round's generator). With `first`, the players take the seats from that one on."""
    left = list(table)
    rng.shuffle(left)
    ordered: list[str] = []
    width = first + len(table)

    def excess(player: str, seat: int) -> tuple[int, int]:
        here = seats[(player, seat)]
        return here, width * here - sum(seats[(player, s)] for s in range(width))

    for seat in range(first, width):
        chosen = min(left, key=lambda p: excess(p, seat))
        left.remove(chosen)
        ordered.append(chosen)
    return tuple(ordered)


def table_sizes(players: int, seats: int) -> list[int]:
    """Tables for a round: as few as hold everyone at `seats` a table, their sizes as equal
    as they can be (10 players at 4 seats: 4, 3, 3)."""
    count = -(-players // seats)
    base, extra = divmod(players, count)
    return [base + 1] * extra + [base] * (count - extra)


# ---- round robin -------------------------------------------------------------------


def round_robin_rounds(players: int, seats: int) -> int:
    """Rounds of a round robin: everyone meets everyone once at 2 seats (the circle
    method); at more seats, the fewest rounds in which each player could meet every other."""
    if seats == 2:
        return players - 1 if players % 2 == 0 else players
    return max(1, -(-(players - 1) // (seats - 1)))


def round_robin(
    seeding: Sequence[str], seats: int, round_number: int, previous: Sequence[Table], seed: str
) -> tuple[list[Table], list[str]]:
    """The tables and byes of a round-robin round (1-based)."""
    rng = rng_for(seed, round_number)
    if seats == 2:
        return _circle(seeding, round_number)
    sizes = table_sizes(len(seeding), seats)
    counts = seat_counts(previous)
    # The first seats go to those who sat first least (so the counts never differ by more
    # than one), one to a table; the tables are then filled to balance the meetings.
    drawn = rng.sample(list(seeding), len(seeding))
    starters = sorted(drawn, key=lambda p: counts[(p, 0)])[: len(sizes)]
    tables = balanced_tables(starters, [p for p in drawn if p not in starters], sizes,
                             meetings(previous), rng)  # fmt: skip
    return [(t[0], *order_seats(t[1:], counts, rng, first=1)) for t in tables], []


def _circle(seeding: Sequence[str], round_number: int) -> tuple[list[Table], list[str]]:
    """The circle method (Berger tables): the first slot stays, the others turn one place a
    round. Who sits first: the upper row, and the fixed slot every other round, so everyone
    sits first about as often as second (the difference is at most 1)."""
    slots: list[str | None] = [*seeding, None] if len(seeding) % 2 else list(seeding)
    n = len(slots)
    turn = (round_number - 1) % (n - 1)
    rest = slots[1:]
    circle = [slots[0], *rest[-turn:], *rest[:-turn]] if turn else slots
    tables: list[Table] = []
    byes: list[str] = []
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if i == 0 and round_number % 2 == 0:
            a, b = b, a
        if a is None or b is None:
            byes += [p for p in (a, b) if p is not None]
        else:
            tables.append((a, b))
    return tables, byes


def balanced_tables(
    starters: list[str], others: list[str], sizes: list[int], met: Meetings, rng: random.Random
) -> list[Table]:
    """Tables of the given sizes, each opened by one of `starters`, that repeat as few
    meetings as the search finds: a greedy fill (each next player the one who met the table
    least) from the given order and from `SEARCH_TRIES` shuffles of it, keeping the one
    with the fewest repeated meetings (squared, so that repeats spread)."""
    best: list[Table] = []
    best_cost = -1
    for attempt in range(SEARCH_TRIES + 1):
        if attempt:
            starters = rng.sample(starters, len(starters))
            others = rng.sample(others, len(others))
        tables = _greedy(starters + others, sizes, met, openers=len(starters))
        cost = sum(met[frozenset(pair)] ** 2 + met[frozenset(pair)] for t in tables
                   for pair in combinations(t, 2))  # fmt: skip
        if best_cost < 0 or cost < best_cost:
            best, best_cost = tables, cost
        if cost == 0:
            break
    return best


def _greedy(
    order: list[str], sizes: list[int], met: Meetings, window: int = 0, openers: int = 0
) -> list[Table]:
    """Fill tables one by one: the next in `order` opens a table (or the table's own opener,
    the first `openers` of `order`), then the player (among the next `window`, or all) who
    met its players least joins, and so on."""
    left = list(order[openers:])
    tables: list[Table] = []
    for index, size in enumerate(sizes):
        table = [order[index] if index < openers else left.pop(0)]
        while len(table) < size:
            pool = left[:window] if window else left
            chosen = min(pool, key=lambda p: sum(met[frozenset((p, q))] for q in table))
            left.remove(chosen)
            table.append(chosen)
        tables.append(tuple(table))
    return tables


# ---- Swiss ----------------------------------------------------------------------------


def swiss_rounds(players: int, asked: int) -> int:
    """Rounds of a Swiss tournament: as asked (default ceil(log2 players)), at most
    players - 1 so that nobody needs a second bye and repeats can be avoided."""
    default = max(1, (players - 1).bit_length())
    return max(1, min(asked or default, players - 1))


def swiss(
    ranked: Sequence[str],
    seats: int,
    round_number: int,
    previous: Sequence[Table],
    had_bye: set[str],
    seed: str,
) -> tuple[list[Table], list[str]]:
    """A Swiss round: players in standings order meet players near them, nobody meets an
    opponent again while a pairing without repeats exists, and the bye (odd fields, 2 seats)
    goes to the lowest-ranked player without one."""
    rng = rng_for(seed, round_number)
    met = meetings(previous)
    counts = seat_counts(previous)
    if seats > 2:
        tables = _greedy(list(ranked), table_sizes(len(ranked), seats), met, window=2 * seats)
        return [order_seats(t, counts, rng) for t in tables], []
    pairs, bye = swiss_pairs(list(ranked), met, had_bye)
    return [order_seats(p, counts, rng) for p in pairs], [bye] if bye else []


def swiss_pairs(
    ranked: list[str], met: Meetings, had_bye: set[str]
) -> tuple[list[Table], str | None]:
    """Pairs (and the bye) for a 2-seat Swiss round; see `swiss`."""
    if len(ranked) % 2 == 0:
        pairs = _no_repeats(ranked, met)
        return (pairs if pairs is not None else _fewest_repeats(ranked, met)), None
    eligible = [p for p in reversed(ranked) if p not in had_bye] or list(reversed(ranked))
    for bye in eligible:
        pairs = _no_repeats([p for p in ranked if p != bye], met)
        if pairs is not None:
            return pairs, bye
    bye = eligible[0]
    return _fewest_repeats([p for p in ranked if p != bye], met), bye


def _no_repeats(ranked: list[str], met: Meetings) -> list[Table] | None:
    """Backtracking, top of the standings first, each player's opponent as near as can be."""
    steps = [0]

    def solve(left: list[str]) -> list[Table] | None:
        if not left:
            return []
        steps[0] += 1
        if steps[0] > SWISS_STEPS:
            return None
        first, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            if met[frozenset((first, other))]:
                continue
            found = solve(rest[:i] + rest[i + 1 :])
            if found is not None:
                return [(first, other), *found]
        return None

    return solve(ranked)


def _fewest_repeats(ranked: list[str], met: Meetings) -> list[Table]:
    """When every pairing repeats a meeting: each next player meets the nearest player it
    met least."""
    left = list(ranked)
    pairs: list[Table] = []
    while left:
        first = left.pop(0)
        other = min(left, key=lambda p: met[frozenset((first, p))])
        left.remove(other)
        pairs.append((first, other))
    return pairs


# ---- knockout ---------------------------------------------------------------------------


def bracket_size(players: int) -> int:
    """The smallest power of two that holds the field."""
    return 1 << max(1, (players - 1).bit_length())


def knockout_rounds(players: int) -> int:
    """Rounds of a single-elimination bracket (byes fill it up to a power of two)."""
    return bracket_size(players).bit_length() - 1


def bracket_order(size: int) -> list[int]:
    """Seed numbers in bracket order (1 and 2 can meet only in the final; 8: 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def first_slots(seeding: Sequence[str]) -> list[str | None]:
    """The first round's bracket: players by seed in bracket order, None for a bye."""
    size = bracket_size(len(seeding))
    return [seeding[s - 1] if s <= len(seeding) else None for s in bracket_order(size)]


def knockout(
    slots: Sequence[str | None], round_number: int, previous: Sequence[Table], seed: str
) -> tuple[list[Table], list[str]]:
    """A knockout round from the bracket's current slots: neighbours meet; a player whose
    neighbour slot is empty advances with a bye."""
    rng = rng_for(seed, round_number)
    counts = seat_counts(previous)
    tables: list[Table] = []
    byes: list[str] = []
    for i in range(0, len(slots), 2):
        a, b = slots[i], slots[i + 1]
        if a is not None and b is not None:
            tables.append(order_seats((a, b), counts, rng))
        else:
            byes += [p for p in (a, b) if p is not None]
    return tables, byes
