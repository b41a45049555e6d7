"""A tournament's record: its events and the game record of every match table, checked
offline (`senet export TOURNAMENT`, `senet verify FILE`).

Verification re-derives what the decider derives: the seeding and the number of rounds at
the start, every round's pairing and the final ranking are recomputed from the events before
them (sign-ups, withdrawals, results) and the public seed, and must equal the recorded ones.
Each result must be the one its table's own record gives (that record verified first, as any
game record), so a tampered result is named with its table; each re-scored match must follow
from a verdict its table's record carries (`verdict_missing` otherwise), and a re-scored
finished tournament's ranking is derived again.
"""

from __future__ import annotations

from typing import Any, Literal
from uuid import UUID

import msgspec
from eventsourcing.application import AggregateNotFoundError

from shared.audit.export import export_table
from shared.audit.record import GameRecord
from shared.audit.redecide import redecide
from shared.audit.verify import header_of, verify_record
from shared.contracts.errors import BadRequest, NotFound, SenetError
from shared.store import EventStore
from shared.tables.outcome import table_result
from shared.tournaments import decide as decider
from shared.tournaments import state as tstate
from shared.tournaments.aggregate import Tournament
from shared.tournaments.events import (
    MatchRescored,
    ResultRecorded,
    RoundPaired,
    TournamentCreated,
    TournamentFinished,
    TournamentStarted,
)
from shared.tournaments.state import TournamentState

FORMAT = "senet-tournament-record/1"
ProblemKind = Literal[
    "not_a_tournament", "derived_differs", "result_differs", "table_missing", "table_invalid",
    "players_differ", "unreplayable", "verdict_missing",
]  # fmt: skip


class TournamentEventRecord(msgspec.Struct, frozen=True, kw_only=True):
    """One stored tournament event."""

    version: int
    name: str
    command_id: str
    payload: dict[str, Any]


class TournamentRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A tournament's events and the records of its finished match tables."""

    format: str = FORMAT
    tournament_id: str
    events: list[TournamentEventRecord]
    tables: list[GameRecord]


class Problem(msgspec.Struct, frozen=True, kw_only=True):
    """The first thing in the record that does not follow, in plain words."""

    kind: ProblemKind
    version: int | None
    table_id: str | None
    expected: str
    recorded: str
    message: str


class TournamentReport(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of a verification."""

    tournament_id: str
    events: int
    tables: int
    ok: bool
    problem: Problem | None = None


def is_tournament_record(raw: bytes) -> bool:
    """True for the JSON of a tournament record (else: a game record, or not a record)."""
    try:
        head = msgspec.json.decode(raw, type=dict[str, Any])
    except (msgspec.DecodeError, msgspec.ValidationError):
        return False
    return head.get("format") == FORMAT


def decode_tournament_record(raw: bytes) -> TournamentRecord:
    """A record from its JSON; BadRequest when it is not one."""
    try:
        return msgspec.json.decode(raw, type=TournamentRecord)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise BadRequest(f"not a tournament record: {exc}", code="bad_record") from exc


def is_tournament(store: EventStore, aggregate_id: str) -> bool:
    """True when the id names a tournament in the store (else a table, or nothing)."""
    try:
        return isinstance(store.repository.get(UUID(aggregate_id)), Tournament)
    except (ValueError, AggregateNotFoundError):
        return False


def export_tournament(store: EventStore, tournament_id: str) -> TournamentRecord:
    """The record of a tournament (its finished match tables with it)."""
    try:
        key = UUID(tournament_id)
    except ValueError as exc:
        raise BadRequest("a tournament id is a UUID", code="bad_id") from exc
    stored = list(store.repository.event_store.get(key))
    events: list[TournamentEventRecord] = []
    for event in stored:
        if isinstance(event, Tournament.Created):
            events.append(TournamentEventRecord(
                version=event.originator_version, name="TournamentCreated",
                command_id=event.command_id, payload=dict(event.payload),
            ))  # fmt: skip
        elif isinstance(event, Tournament.Recorded):
            events.append(TournamentEventRecord(
                version=event.originator_version, name=event.name,
                command_id=event.command_id, payload=dict(event.payload),
            ))  # fmt: skip
    if not events:
        raise NotFound(f"no tournament {tournament_id} in this store", code="unknown_tournament")
    state = _fold(tournament_id, events)
    tables = [export_table(store, m.table_id) for m in state.matches if m.is_over or m.ruling]
    return TournamentRecord(tournament_id=tournament_id, events=events, tables=tables)


def state_at(record: TournamentRecord, at: int | None = None) -> TournamentState:
    """The tournament after its event `at` (None: the last), folded from its record."""
    events = [e for e in record.events if at is None or e.version <= at]
    if not events:
        raise BadRequest(f"a tournament has events 1-{len(record.events)}", code="bad_version")
    return _fold(record.tournament_id, events)


def _fold(tournament_id: str, events: list[TournamentEventRecord]) -> TournamentState:
    decoded = [_decode(e) for e in events]
    return tstate.fold(tournament_id, decoded)


def _decode(event: TournamentEventRecord) -> Any:
    if event.name == "TournamentCreated":
        return msgspec.convert(event.payload, type=TournamentCreated)
    return tstate.decode_event(event.name, event.payload)


def verify_tournament(record: TournamentRecord) -> TournamentReport:
    """Check every derived event and every result against the tables' own records."""
    problem = _check(record)
    return TournamentReport(
        tournament_id=record.tournament_id, events=len(record.events),
        tables=len(record.tables), ok=problem is None, problem=problem,
    )  # fmt: skip


def _check(record: TournamentRecord) -> Problem | None:
    tables = {t.table_id: t for t in record.tables}
    for table in record.tables:
        report = verify_record(table)
        if report.problem is not None:
            return Problem(
                kind="table_invalid", version=None, table_id=table.table_id,
                expected="a sound game record", recorded=report.problem.kind,
                message=f"table {table.table_id}: {report.problem.message}",
            )  # fmt: skip
    state: TournamentState | None = None
    for entry in record.events:
        try:
            event = _decode(entry)
        except (msgspec.ValidationError, KeyError, SenetError) as exc:
            return _problem("unreplayable", entry.version, None, "a known event", entry.name,
                            f"event {entry.version} cannot be read: {exc}")  # fmt: skip
        if state is None:
            if not isinstance(event, TournamentCreated):
                return _problem("not_a_tournament", entry.version, None, "TournamentCreated",
                                entry.name, "the record does not open a tournament")  # fmt: skip
            state = tstate.created(record.tournament_id, event)
            continue
        derived = _derived(state, event)
        if derived is not None and derived != event:
            want, got = msgspec.to_builtins(derived), msgspec.to_builtins(event)
            return _problem("derived_differs", entry.version, None, str(want), str(got),
                            f"event {entry.version} ({entry.name}) does not follow from the"
                            " events before it and the seed")  # fmt: skip
        if isinstance(event, ResultRecorded):
            found = _result_problem(state, event, tables, entry.version)
            if found is not None:
                return found
        if isinstance(event, MatchRescored):
            found = _verdict_problem(event, tables, entry.version)
            if found is not None:
                return found
        state = tstate.evolve(state, event)
    return None


def _derived(state: TournamentState, event: Any) -> Any:
    """What the decider derives in place of a derived event (None: the event is a fact)."""
    if isinstance(event, TournamentStarted):
        return decider.start_of(state)
    if isinstance(event, RoundPaired | TournamentFinished):
        return decider.next_round(state)
    if isinstance(event, MatchRescored) and state.match(event.table_id) is not None:
        return decider.rescored(state, event.table_id, event.dispute_id, event.verdict, event.seat)
    return None


def _verdict_problem(
    event: MatchRescored, tables: dict[str, GameRecord], version: int
) -> Problem | None:
    """A re-scored match must follow from a verdict its table's record carries."""
    table = tables.get(event.table_id)
    given = [(v.dispute_id, v.verdict, v.seat) for v in table.verdicts] if table else []
    seat = event.seat if event.verdict == "forfeit" else None
    if (event.dispute_id, event.verdict, seat) in [(d, v, s if v == "forfeit" else None)
                                                   for d, v, s in given]:  # fmt: skip
        return None
    return _problem("verdict_missing", version, event.table_id,
                    f"a {event.verdict} verdict on dispute {event.dispute_id}", str(given),
                    f"table {event.table_id}: re-scored {event.verdict}, but its record has"
                    " no such verdict")  # fmt: skip


def _result_problem(
    state: TournamentState, event: ResultRecorded, tables: dict[str, GameRecord], version: int
) -> Problem | None:
    """A result must be what its table's record gives, and the table the pairing's."""
    match = state.match(event.table_id)
    table = tables.get(event.table_id)
    if match is None or table is None:
        return _problem("table_missing", version, event.table_id, "the match table's record",
                        "none", f"table {event.table_id}: no record of it")  # fmt: skip
    if [s.player_id for s in sorted(table.players, key=lambda s: s.seat)] != list(match.players):
        return _problem("players_differ", version, event.table_id, str(list(match.players)),
                        str([s.player_id for s in table.players]),
                        f"table {event.table_id}: not the players the pairing seated")  # fmt: skip
    replayed = redecide(header_of(table), table.commands, table.events).state
    result = table_result(replayed) if replayed is not None else None
    if result is None:
        return _problem("table_invalid", version, event.table_id, "a finished game",
                        "unfinished", f"table {event.table_id}: the game is not over")  # fmt: skip
    want = (list(result.ranks), sorted(result.forfeited))
    got = (list(event.ranks), sorted(event.forfeited))
    if want != got:
        return _problem("result_differs", version, event.table_id, str(want), str(got),
                        f"table {event.table_id}: the tournament recorded ranks {got[0]}"
                        f" (forfeits {got[1]}), its game record gives {want[0]}"
                        f" (forfeits {want[1]})")  # fmt: skip
    return None


def _problem(
    kind: ProblemKind, version: int | None, table_id: str | None, expected: str,
    recorded: str, message: str,
) -> Problem:  # fmt: skip
    return Problem(kind=kind, version=version, table_id=table_id, expected=expected,
                   recorded=recorded, message=message)  # fmt: skip
