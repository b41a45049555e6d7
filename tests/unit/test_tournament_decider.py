"""The tournament decider: worked examples (given events, when a command, then events or
an error code)."""

from __future__ import annotations

from shared.tournaments import decide as decider
from shared.tournaments.actions import (
    MANAGER,
    CancelTournament,
    CreateTournament,
    JoinTournament,
    NoteTablesOpened,
    RecordResult,
    StartTournament,
    WithdrawFromTournament,
)
from shared.tournaments.events import (
    MatchForfeited,
    MatchTablesOpened,
    PlayerWithdrew,
    ResultRecorded,
    RoundPaired,
    TournamentFinished,
    TournamentStarted,
)
from shared.tournaments.standings import standings
from shared.tournaments.state import FINISHED
from tests.harness.errors import refusal
from tests.tournamentkit import SEED, apply, record, signed_up, started


def test_a_knockout_at_three_seats_is_refused_with_bad_seat_count() -> None:
    action = CreateTournament(name="x", format="knockout", game="ra", seats=3)
    assert refusal(lambda: decider.new_tournament("host", action, SEED)) == "bad_seat_count"


def test_an_unknown_game_is_refused_with_unknown_game() -> None:
    action = CreateTournament(name="x", format="swiss", game="chess")
    assert refusal(lambda: decider.new_tournament("host", action, SEED)) == "unknown_game"


def test_joining_twice_is_refused_with_already_joined() -> None:
    state = signed_up("swiss", 2)
    join = JoinTournament(player_name="P0")
    assert refusal(lambda: decider.decide(state, "p0", join)) == "already_joined"


def test_a_full_tournament_refuses_with_tournament_full() -> None:
    state = signed_up("swiss", 2)  # max_players is 2 here
    join = JoinTournament(player_name="Late")
    assert refusal(lambda: decider.decide(state, "late", join)) == "tournament_full"


def test_only_the_creator_starts_before_the_deadline() -> None:
    state = signed_up("swiss", 4)
    assert refusal(lambda: decider.decide(state, "p0", StartTournament())) == "not_creator"


def test_start_needs_the_minimum_of_players() -> None:
    state = signed_up("swiss", 1)
    assert refusal(lambda: decider.decide(state, "host", StartTournament())) == "too_few_players"


def test_start_seeds_and_pairs_round_one_with_fixed_table_ids() -> None:
    state = signed_up("round-robin", 4)
    events = decider.decide(state, "host", StartTournament())
    assert isinstance(events[0], TournamentStarted) and events[0].rounds == 3
    assert isinstance(events[1], RoundPaired) and events[1].round == 1
    assert len(events[1].matches) == 2 and events[1].byes == []
    again = decider.decide(state, "host", StartTournament())
    assert again == events  # deterministic from the seed


def test_results_and_table_notes_come_only_from_the_manager() -> None:
    state = started(signed_up("swiss", 2))
    table = state.matches[0].table_id
    result = RecordResult(table_id=table, ranks=[1, 2])
    assert refusal(lambda: decider.decide(state, "p0", result)) == "not_manager"
    assert refusal(lambda: decider.decide(state, "p0", NoteTablesOpened(round=1))) == "not_manager"
    assert decider.decide(state, MANAGER, NoteTablesOpened(round=1)) == [MatchTablesOpened(round=1)]


def test_a_result_recorded_twice_changes_nothing_the_second_time() -> None:
    state = started(signed_up("swiss", 4, rounds=2))
    table = state.matches[0].table_id
    state = apply(state, decider.decide(state, MANAGER, RecordResult(table_id=table, ranks=[2, 1])))
    assert decider.decide(state, MANAGER, RecordResult(table_id=table, ranks=[2, 1])) == []


def test_the_last_result_of_a_round_pairs_the_next_one() -> None:
    state = started(signed_up("swiss", 4, rounds=2))
    first, second = state.matches
    state = apply(
        state, decider.decide(state, MANAGER, RecordResult(table_id=first.table_id, ranks=[1, 2]))
    )
    events = decider.decide(state, MANAGER, RecordResult(table_id=second.table_id, ranks=[1, 2]))
    assert isinstance(events[0], ResultRecorded) and isinstance(events[1], RoundPaired)
    winners = {first.players[0], second.players[0]}
    # Swiss: the two winners meet in round 2.
    assert any(set(m.players) == winners for m in events[1].matches)


def test_a_two_player_round_robin_finishes_with_the_winner_first() -> None:
    state = started(signed_up("round-robin", 2))
    (match,) = state.matches
    events = decider.decide(state, MANAGER, RecordResult(table_id=match.table_id, ranks=[2, 1]))
    assert isinstance(events[-1], TournamentFinished)
    assert events[-1].ranking == [match.players[1], match.players[0]]
    assert apply(state, events).status == FINISHED


def test_withdrawing_mid_match_forfeits_it_and_the_forfeit_ranks_last_by_default() -> None:
    state = started(signed_up("round-robin", 2))
    (match,) = state.matches
    quitter, stayer = match.players
    events = decider.decide(state, quitter, WithdrawFromTournament())
    assert events == [PlayerWithdrew(player_id=quitter),
                      MatchForfeited(table_id=match.table_id, player_id=quitter)]  # fmt: skip
    state = apply(state, events)
    # The game itself went the quitter's way (a bot played on), but "last" counts a forfeit.
    state = record(state, match.table_id, [1, 2])
    assert state.ranking == (stayer, quitter)


def test_the_as_played_policy_counts_a_forfeited_table_as_the_game_ended() -> None:
    state = started(signed_up("round-robin", 2, forfeits="as-played"))
    (match,) = state.matches
    first, second = match.players
    result = RecordResult(table_id=match.table_id, ranks=[1, 2], forfeited=[0])
    state = apply(state, decider.decide(state, MANAGER, result))
    assert state.ranking == (first, second)
    table = standings(state)
    assert [(s.player_id, s.points) for s in table] == [(first, 1.0), (second, 0.0)]


def test_the_last_policy_ranks_a_timeout_forfeit_below_the_others() -> None:
    state = started(signed_up("round-robin", 3, seats=3, game="ra"))
    (match,) = state.matches
    a, b, c = match.players
    result = RecordResult(table_id=match.table_id, ranks=[1, 2, 3], forfeited=[0])
    state = apply(state, decider.decide(state, MANAGER, result))
    assert [(s.player_id, s.points) for s in standings(state)] == [(b, 2.0), (c, 1.0), (a, 0.0)]


def test_cancel_is_the_creators_before_the_start() -> None:
    state = signed_up("swiss", 2)
    assert refusal(lambda: decider.decide(state, "p0", CancelTournament())) == "not_creator"
    state = started(state)
    assert (
        refusal(lambda: decider.decide(state, "host", CancelTournament())) == "tournament_not_open"
    )


def test_swiss_standings_break_ties_by_buchholz() -> None:
    # Four players, two rounds; results fixed so that two players end on one point each.
    state = started(signed_up("swiss", 4, rounds=2))
    for _ in range(2):
        for match in [m for m in state.round_matches(state.round) if not m.is_over]:
            ranks = [1, 2] if match.players[0] < match.players[1] else [2, 1]
            state = record(state, match.table_id, ranks)
    table = standings(state)
    assert [s.points for s in table] == sorted((s.points for s in table), reverse=True)
    level = [s for s in table if s.points == 1.0]
    assert [s.buchholz for s in level] == sorted((s.buchholz for s in level), reverse=True)


def test_anyone_may_start_once_the_sign_up_deadline_is_past() -> None:
    action = CreateTournament(
        name="x", format="swiss", game="cantstop", signup_deadline="2030-01-01T12:00:00+02:00"
    )
    created = decider.new_tournament("host", action, SEED)
    assert created.signup_deadline == "2030-01-01T10:00:00Z"
    from shared.tournaments.state import created as fresh

    state = fresh("t-2", created)
    for i in range(2):
        state = apply(state, decider.decide(state, f"p{i}", JoinTournament(player_name=f"P{i}")))
    early = StartTournament(now="2030-01-01T09:59:59Z")
    assert refusal(lambda: decider.decide(state, "p1", early)) == "not_creator"
    late = StartTournament(now="2030-01-01T10:00:00Z")
    assert isinstance(decider.decide(state, "p1", late)[0], TournamentStarted)
