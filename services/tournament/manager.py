"""The tournament manager: the process manager that runs tournaments from the event log.

It follows the tournament events of the store's notification log after its position (the
log read by topic: the table events are not read), in log order:
- a `RoundPaired`: has each match table of the round opened by the table worker
  (`OpenMatch` to the table's shard: everyone seated, game started, the tournament's
  timing chosen), then tells the tournament (`NoteTablesOpened`);
- any tournament event: rewrites that tournament's read-model rows (summary, standings).

And it follows the match tables: after a look at the log (the runner looks at every commit,
and every `SWEEP` seconds anyway), at most every `SWEEP` seconds, it looks up which
unfinished matches of the running tournaments are over in the tables read model
(`rm_tables`), and records each one's result with its tournament (`RecordResult`), whose
decider then pairs the next round (another `RoundPaired` in the log) or finishes the
tournament; and it starts the tournaments whose sign-up deadline passed.

And it follows the arbiters' verdicts (`Dispute.Settled` in the log): a verdict that changes
a result (annulled, replayed, forfeit) on a match table is sent to its tournament as a
`RescoreMatch` (command id `verdict:<dispute>`), which re-scores the match.

Exactly once, across restarts and SIGKILL: every effect is a command (sent through the one
`TableClient`) with a fixed id to an aggregate that remembers the ids it accepted, and a
match table's id is fixed by the pairing, so an effect done again (after a crash before
the position moved) is answered as a repeat and changes nothing; the position moves, with
the read-model rows, in one transaction after the batch's effects were all accepted. An
effect refused for a bug is logged and skipped; one that cannot reach the broker or the
store stops the batch, which is tried again.

It is a projection (`shared.projections.runner`) reading the log by topic, its position
(`tournaments`) in the consumers' tracking table; `manager_runner` runs it behind the lease
`<prefix>.tournaments.lease`: one manager per deployment.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import msgspec
import structlog
from eventsourcing.persistence import Notification

from shared.contracts.envelopes import Command, OpenMatch
from shared.contracts.errors import Unavailable
from shared.disputes.aggregate import SETTLED_TOPIC
from shared.disputes.bounds import CHANGES_RESULT
from shared.messaging.lease import lease_for
from shared.messaging.port import Broker
from shared.projections.runner import Batch, Projection, ProjectionRunner
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore
from shared.tables.client import TableClient
from shared.tables.outcome import table_result
from shared.tables.reader import load_state
from shared.tournaments import readmodel
from shared.tournaments.actions import (
    MANAGER,
    MATCH_OPENING,
    VERDICT_PREFIX,
    NoteTablesOpened,
    RecordResult,
    RescoreMatch,
    StartTournament,
    TournamentAction,
    TournamentCommand,
)
from shared.tournaments.aggregate import TOURNAMENT_TOPICS, Tournament
from shared.tournaments.state import TournamentState

log = structlog.get_logger("senet.tournament.manager")
TOURNAMENT_RECORDED = TOURNAMENT_TOPICS[1]
BATCH = 200
SWEEP = 0.5  # seconds between looks for finished match tables (and at a quiet log)
LINGER = 0.2  # seconds at least between two looks at the log while it moves


class _Named(msgspec.Struct):
    """The name of a stored Recorded event (table or tournament)."""

    name: str


_decode_named = msgspec.json.Decoder(_Named)


class TournamentManager(Projection):
    """Runs the tournaments of one store: match tables opened, results recorded, rows kept."""

    name = readmodel.CONSUMER
    size = BATCH
    topics = (*TOURNAMENT_TOPICS, SETTLED_TOPIC)  # the table events are not read

    def __init__(
        self,
        store: EventStore,
        broker: Broker,
        db: ReadModelDB,
        *,
        timeout: float = 15.0,
        pause: float = 0.0,
    ) -> None:
        """`pause`: seconds to wait after each effect (a test hook: a SIGKILL then lands
        between two effects of one batch)."""
        self.store = store
        self.broker = broker
        self.tables = TableClient(broker, timeout=timeout)
        self.db = db
        self.delay = pause
        self._swept = 0.0  # when the match tables were last looked at
        self._started: dict[str, int] = {}  # tried to start, with the players then

    def max_tracking_id(self) -> int:
        """The position in the tracking table (another manager may have moved it)."""
        return readmodel.position(self.db)

    async def process(self, batch: Batch) -> bool:
        """The batch's effects, then its tournaments' rows and the position, in one
        transaction; False when another manager moved the position first (its rows stand).

        The position moves past the table events too (up to the newest event when the batch
        is not full), so each look scans only what was stored since the last one."""
        touched: dict[str, int] = {}  # tournament -> position of its first event in batch
        for note in batch.items:
            assert isinstance(note, Notification)  # tournament and verdict topics only
            if note.topic == SETTLED_TOPIC:
                await self._rescore(note)
                continue
            tournament_id = str(note.originator_id)
            touched.setdefault(tournament_id, note.id)
            if note.topic == TOURNAMENT_RECORDED and self._name(note) == "RoundPaired":
                await self._open_round(tournament_id, note)
        states = {t: await asyncio.to_thread(self._state, t) for t in touched}
        return await asyncio.to_thread(self._commit, batch.after, batch.end, states, touched)

    async def caught_up(self) -> None:
        """Every `SWEEP` seconds: start due tournaments, record finished matches."""
        loop = asyncio.get_running_loop()
        if loop.time() - self._swept >= SWEEP:
            self._swept = loop.time()
            await self.sweep()

    async def sweep(self) -> int:
        """Start the tournaments whose sign-up deadline is past; record the result of every
        match table that is over and not yet recorded. How many commands it sent."""
        recorded = await self._start_due()
        for tournament_id in await asyncio.to_thread(readmodel.running, self.db):
            state = await asyncio.to_thread(self._state, tournament_id)
            if state is None:
                continue
            playing = [m.table_id for m in state.matches if not m.is_over]
            over = await asyncio.to_thread(readmodel.finished_tables, self.db, playing)
            for table_id in over:
                await self._record_result(table_id)
                recorded += 1
        return recorded

    async def _start_due(self) -> int:
        """Start each open tournament past its sign-up deadline (one with too few players
        stays open, and is tried again when someone else signs up)."""
        now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        due = await asyncio.to_thread(readmodel.due_to_start, self.db, now)
        fresh = [t for t, players in due if self._started.get(t) != players]
        self._started = dict(due)
        for tournament_id in fresh:
            await self._effect(
                _command(tournament_id, StartTournament(now=now),
                         f"deadline-start:{tournament_id}:{self._started[tournament_id]}"),
                "tournament_started_at_deadline", tournament_id=tournament_id,
            )  # fmt: skip
        return len(fresh)

    def _name(self, note: Notification) -> str:
        try:
            return _decode_named.decode(note.state).name
        except (msgspec.DecodeError, msgspec.ValidationError):
            return str(getattr(self.store.decode(note), "name", ""))

    def _state(self, tournament_id: str) -> TournamentState | None:
        found: Any = self.store.repository.get(_uuid(tournament_id))
        return found.tournament if isinstance(found, Tournament) else None

    def _commit(
        self, start: int, end: int, states: dict[str, TournamentState | None],
        touched: dict[str, int],
    ) -> bool:  # fmt: skip
        with self.db.transaction() as cur:
            if not readmodel.move(cur, start, end):
                return False  # another manager wrote this batch: its rows stand
            for tournament_id, state in states.items():
                if state is not None:
                    known = cur.fetchall(
                        "SELECT created_pos FROM rm_tournaments WHERE tournament_id = ?",
                        (tournament_id,),
                    )
                    created = int(known[0][0]) if known else touched[tournament_id]
                    readmodel.write(cur, state, created)
        return True

    async def _open_round(self, tournament_id: str, note: Notification) -> None:
        """Open every table of the round just paired, then note it with the tournament."""
        state = await asyncio.to_thread(self._state, tournament_id)
        if state is None:
            return
        number = _round_of(self.store, note)
        if number in state.opened:
            return  # done before a restart
        for match in state.round_matches(number):
            opening = Command(
                command_id=f"{MATCH_OPENING}{match.table_id}", table_id=match.table_id,
                player_id=MANAGER, action=OpenMatch(tournament=tournament_id),
            )  # fmt: skip
            await self._effect(
                opening,
                "match_table_opened",
                table_id=match.table_id,
                round=number,
            )
        await self._effect(
            _command(tournament_id, NoteTablesOpened(round=number),
                     f"tables-opened:{tournament_id}:{number}"),
            "round_opened", tournament_id=tournament_id, round=number,
        )  # fmt: skip

    async def _record_result(self, table_id: str) -> None:
        """Record a finished match table's result with its tournament."""
        loaded = await asyncio.to_thread(load_state, self.store, table_id)
        if loaded is None or not loaded.state.tournament:
            return
        result = table_result(loaded.state)
        if result is None:
            return
        action = RecordResult(
            table_id=table_id, ranks=list(result.ranks), forfeited=list(result.forfeited)
        )
        await self._effect(
            _command(loaded.state.tournament, action, f"result:{table_id}"),
            "match_result_recorded", table_id=table_id,
        )  # fmt: skip

    async def _rescore(self, note: Notification) -> None:
        """Send a verdict that changes a match table's result to its tournament."""
        settled = self.store.decode(note)
        if settled.verdict not in CHANGES_RESULT:
            return
        dispute_id = str(note.originator_id)
        case: Any = await asyncio.to_thread(self.store.repository.get, _uuid(dispute_id), version=1)
        loaded = await asyncio.to_thread(load_state, self.store, case.table_id)
        if loaded is None or not loaded.state.tournament:
            return  # not a match table
        action = RescoreMatch(
            table_id=case.table_id, dispute_id=dispute_id, verdict=settled.verdict,
            seat=settled.seat if settled.verdict == "forfeit" else None,
        )  # fmt: skip
        await self._effect(
            _command(loaded.state.tournament, action, f"{VERDICT_PREFIX}{dispute_id}"),
            "match_rescored", table_id=case.table_id, verdict=settled.verdict,
        )  # fmt: skip

    async def _effect(self, command: Command | TournamentCommand, what: str, **fields: Any) -> None:
        """Send one command; a refusal (not an outage) is logged and passed over."""
        outcome = await self.tables.send(command)
        if not outcome.accepted:
            assert outcome.error is not None
            if outcome.error.status == 503:  # the broker or the store is away: retried
                raise Unavailable(outcome.error.message, code=outcome.error.code)
            log.warning("tournament_effect_refused", what=what, code=outcome.error.code,
                        **fields)  # fmt: skip
            return
        log.info(what, replayed=outcome.replayed, **fields)
        if self.delay:
            await asyncio.sleep(self.delay)


def _command(tournament_id: str, action: TournamentAction, command_id: str) -> TournamentCommand:
    """The manager's command to a tournament (a fixed id per effect: exactly once)."""
    return TournamentCommand(
        command_id=command_id, tournament_id=tournament_id, player_id=MANAGER, action=action
    )


def _round_of(store: EventStore, note: Notification) -> int:
    """The round a stored RoundPaired pairs."""
    event = store.decode(note)
    return int(event.payload["round"])


def _uuid(value: str) -> UUID:
    return UUID(value)


def manager_runner(manager: TournamentManager, *, lease: bool = True) -> ProjectionRunner:
    """The manager behind the lease `<prefix>.tournaments.lease` (`lease=False`: none, for
    a test that drives it), woken by commits (two looks at least `LINGER` seconds apart)
    and looking every `SWEEP` seconds anyway."""
    broker = manager.broker
    return ProjectionRunner(
        manager.store, manager, signals=broker, poll=SWEEP, linger=LINGER,
        lease=lease_for(broker, "tournaments.lease") if lease else None,
    )  # fmt: skip
