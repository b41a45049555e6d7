"""An arbiter's verdict on a match table's dispute re-scores the match (`RescoreMatch`):
worked examples with exact points, the bracket rule of a knockout, idempotency, refusals."""

from __future__ import annotations

import pytest

from shared.tournaments import decide as decider
from shared.tournaments.actions import MANAGER, RescoreMatch
from shared.tournaments.events import MatchRescored
from shared.tournaments.standings import standings
from shared.tournaments.state import FINISHED, TournamentState
from shared.tournaments.views import view_of
from tests.harness.errors import refusal
from tests.tournamentkit import apply, record, signed_up, started


def rescore(state: TournamentState, table_id: str, dispute: str, verdict: str,
            seat: int | None = None, by: str = MANAGER) -> TournamentState:  # fmt: skip
    action = RescoreMatch(table_id=table_id, dispute_id=dispute, verdict=verdict, seat=seat)
    return apply(state, decider.decide(state, by, action))


def points(state: TournamentState) -> dict[str, float]:
    return {s.player_id: s.points for s in standings(state)}


def swiss_round_one() -> tuple[TournamentState, list[str]]:
    """Four players, Swiss, round 1 played: the first seat of each table won."""
    state = started(signed_up("swiss", 4, rounds=2))
    tables = [m.table_id for m in state.round_matches(1)]
    for table in tables:
        state = record(state, table, [1, 2])
    return state, tables


def test_an_annulled_match_counts_for_no_one() -> None:
    state, tables = swiss_round_one()
    first = state.match(tables[0])
    assert first is not None
    winner, loser = first.players
    assert points(state)[winner] == 1.0
    after = rescore(state, tables[0], "d-1", "annulled")
    assert points(after)[winner] == 0.0 and points(after)[loser] == 0.0
    line = {s.player_id: s for s in standings(after)}
    assert line[winner].played == 0 and line[winner].wins == 0
    match = view_of(after).rounds[0].matches[0]
    assert match.ruling == "annulled" and match.ruled_out == []


def test_a_forfeit_makes_the_named_seat_lose_whatever_the_policy() -> None:
    state = started(signed_up("swiss", 2, rounds=1, forfeits="as-played"))
    table = state.matches[0].table_id
    state = record(state, table, [1, 2])
    assert state.status == FINISHED
    first, second = state.matches[0].players
    assert state.ranking[0] == first
    after = rescore(state, table, "d-1", "forfeit", seat=0)
    assert points(after) == {first: 0.0, second: 1.0}
    assert after.ranking == (second, first)  # the final ranking is derived again
    assert view_of(after).rounds[0].matches[0].ruled_out == [first]


def test_the_same_dispute_applies_once_and_the_latest_ruling_wins() -> None:
    state, tables = swiss_round_one()
    once = rescore(state, tables[0], "d-1", "annulled")
    action = RescoreMatch(table_id=tables[0], dispute_id="d-1", verdict="annulled")
    assert decider.decide(once, MANAGER, action) == []
    later = rescore(once, tables[0], "d-2", "forfeit", seat=0)
    match = later.match(tables[0])
    assert match is not None and match.ruling == "forfeit"
    assert points(later)[match.players[1]] == 1.0


def test_a_ruling_before_the_result_applies_when_the_result_comes() -> None:
    state = started(signed_up("swiss", 4, rounds=2))
    table = state.round_matches(1)[0].table_id
    state = rescore(state, table, "d-1", "forfeit", seat=0)
    state = record(state, table, [1, 2])
    match = state.match(table)
    assert match is not None
    assert points(state)[match.players[0]] == 0.0 and points(state)[match.players[1]] == 1.0


def test_a_knockout_bracket_follows_a_ruling_only_before_the_next_round() -> None:
    state = started(signed_up("knockout", 4))
    first, second = (m.table_id for m in state.round_matches(1))
    state = record(state, first, [1, 2])  # round 2 not paired yet: one match left
    winner = state.match(first).players[0]  # type: ignore[union-attr]
    state = rescore(state, first, "d-1", "forfeit", seat=0)
    state = record(state, second, [1, 2])
    final = state.round_matches(2)[0]
    assert winner not in final.players  # the ruling came in time: the other went through
    # After the final is paired, a ruling on round 1 re-scores points but not the bracket.
    again = rescore(state, second, "d-2", "annulled")
    assert again.round_matches(2)[0].players == final.players
    done = record(again, final.table_id, [1, 2])
    assert done.status == FINISHED and done.ranking[0] == final.players[0]
    assert standings(done)[0].reached == 3


def test_a_void_final_sends_no_one_through() -> None:
    state = started(signed_up("knockout", 2))
    table = state.matches[0].table_id
    state = record(state, table, [1, 2])
    assert state.status == FINISHED
    after = rescore(state, table, "d-1", "replayed")
    assert {s.reached for s in standings(after)} == {1}  # nobody won the final
    assert after.ranking == tuple(state.seeding)  # level: the seeding orders them


@pytest.mark.parametrize(
    ("by", "table", "verdict", "seat", "code"),
    [
        ("p0", None, "annulled", None, "not_manager"),
        (MANAGER, "no-such-table", "annulled", None, "unknown_match"),
        (MANAGER, None, "stands", None, "bad_verdict"),
        (MANAGER, None, "forfeit", None, "bad_seat"),
        (MANAGER, None, "forfeit", 2, "bad_seat"),
        (MANAGER, None, "annulled", 0, "bad_seat"),
    ],
)
def test_bad_rescores_are_refused_with_a_stable_code(
    by: str, table: str | None, verdict: str, seat: int | None, code: str
) -> None:
    state, tables = swiss_round_one()
    action = RescoreMatch(table_id=table or tables[0], dispute_id="d", verdict=verdict, seat=seat)
    assert refusal(lambda: decider.decide(state, by, action)) == code


def test_a_rescore_of_a_running_tournament_carries_no_ranking() -> None:
    state, tables = swiss_round_one()
    events = decider.decide(state, MANAGER, RescoreMatch(
        table_id=tables[0], dispute_id="d", verdict="annulled"))  # fmt: skip
    assert events == [MatchRescored(table_id=tables[0], dispute_id="d", verdict="annulled")]
