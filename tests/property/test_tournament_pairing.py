"""Tournament pairing properties: whole tournaments with random results, checked round by
round (round robin meets everyone once or balances meetings, Swiss never repeats while it
can and gives at most one bye each, knockout halves the field)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.tournaments import pairing
from shared.tournaments.state import TournamentState
from tests.tournamentkit import play_out, random_ranks, signed_up, started, tables_of

rng_seeds = st.integers(min_value=0, max_value=2**32)
hex_seeds = st.binary(min_size=32, max_size=32).map(bytes.hex)


def _every_player_once_a_round(state: TournamentState) -> None:
    for number in range(1, state.round + 1):
        seated = [p for t in tables_of(state, number) for p in t]
        byes = [p for r, p in state.byes if r == number]
        assert sorted(seated + byes) == sorted(state.seeding)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 12), seed=hex_seeds, draw=rng_seeds)
def test_two_seat_round_robin_meets_everyone_exactly_once(
    players: int, seed: str, draw: int
) -> None:
    state = play_out(started(signed_up("round-robin", players, seed=seed)),
                     random_ranks(random.Random(draw)))  # fmt: skip
    met = pairing.meetings(m.players for m in state.matches)
    assert set(met) == {frozenset(pair) for pair in combinations(state.seeding, 2)}
    assert set(met.values()) == {1}
    _every_player_once_a_round(state)
    byes = Counter(p for _, p in state.byes)
    assert all(byes[p] == (players % 2) for p in state.seeding)  # one bye each when odd
    first = Counter(m.players[0] for m in state.matches)
    second = Counter(m.players[1] for m in state.matches)
    assert all(abs(first[p] - second[p]) <= 1 for p in state.seeding)  # who sits first


@settings(max_examples=40, deadline=None)
@given(players=st.integers(4, 10), seats=st.integers(3, 4), seed=hex_seeds, draw=rng_seeds)
def test_multi_seat_round_robin_balances_meetings_and_first_seats(
    players: int, seats: int, seed: str, draw: int
) -> None:
    state = play_out(
        started(signed_up("round-robin", players, seats=seats, game="ra", seed=seed)),
        random_ranks(random.Random(draw)),
    )
    _every_player_once_a_round(state)
    met = pairing.meetings(m.players for m in state.matches)
    counts = [met[frozenset(pair)] for pair in combinations(state.seeding, 2)]
    assert max(counts) - min(counts) <= 2, counts
    first = Counter(m.players[0] for m in state.matches)
    firsts = [first[p] for p in state.seeding]
    assert max(firsts) - min(firsts) <= 1, firsts


def _repeat_free_pairing_exists(players: list[str], met: Counter, had_bye: set[str]) -> bool:
    """Brute force: some bye (to a player without one) and pairs with no repeat."""

    def pairs_ok(left: list[str]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        return any(
            not met[frozenset((first, o))] and pairs_ok(rest[:i] + rest[i + 1 :])
            for i, o in enumerate(rest)
        )

    if len(players) % 2 == 0:
        return pairs_ok(players)
    eligible = [p for p in players if p not in had_bye] or players
    return any(pairs_ok([p for p in players if p != bye]) for bye in eligible)


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 11), rounds=st.integers(0, 10), seed=hex_seeds, draw=rng_seeds)
def test_swiss_never_repeats_while_it_can_and_gives_at_most_one_bye(
    players: int, rounds: int, seed: str, draw: int
) -> None:
    checked: list[int] = []

    def check(state: TournamentState) -> None:
        number = state.round
        before = pairing.meetings(m.players for m in state.matches if m.round < number)
        had_bye = {p for r, p in state.byes if r < number}
        repeats = [t for t in tables_of(state, number) if before[frozenset(t)]]
        if repeats:
            assert not _repeat_free_pairing_exists(list(state.seeding), before, had_bye)
        checked.append(number)

    state = play_out(
        started(signed_up("swiss", players, rounds=rounds, seed=seed)),
        random_ranks(random.Random(draw)), on_round=check,
    )  # fmt: skip
    assert checked == list(range(1, state.rounds + 1))
    _every_player_once_a_round(state)
    byes = Counter(p for _, p in state.byes)
    assert all(n <= 1 for n in byes.values())
    assert len(state.ranking) == players


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 20),
    ratings=st.lists(st.floats(0, 50), min_size=20, max_size=20),
    seed=hex_seeds,
    draw=rng_seeds,
)
def test_knockout_halves_the_field_and_gives_byes_to_the_top_seeds(
    players: int, ratings: list[float], seed: str, draw: int
) -> None:
    size = pairing.bracket_size(players)
    state = signed_up("knockout", players, ratings=ratings[:players], seed=seed)
    state = play_out(started(state), random_ranks(random.Random(draw)))
    by_rating = sorted(state.seeding, key=lambda p: -state.entrant(p).rating)  # type: ignore[union-attr]
    assert [state.entrant(p).rating for p in state.seeding] == [  # type: ignore[union-attr]
        state.entrant(p).rating
        for p in by_rating  # type: ignore[union-attr]
    ]
    assert state.rounds == size.bit_length() - 1
    fields = [
        2 * len(tables_of(state, n)) + sum(1 for r, _ in state.byes if r == n)
        for n in range(1, state.rounds + 1)
    ]
    assert fields == [players] + [size >> n for n in range(1, state.rounds)]
    assert all(r == 1 for r, _ in state.byes)  # byes only fill the first round's bracket
    assert {p for _, p in state.byes} == set(state.seeding[: size - players])  # top seeds
    assert len(state.round_matches(state.rounds)) == 1  # one final
    champion = state.ranking[0]
    assert champion in state.round_matches(state.rounds)[0].players
