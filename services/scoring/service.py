"""The scoring service: keeps the persisted read models current and audits finished games.

Results, standings and ratings are rows of the read models (`shared.readmodels`), kept by
the projector this service runs (the gateways run one too; any number may, see
`shared.readmodels.projector`). So the service starts in time independent of history and
holds only the states of tables being played.

After every step of the projector it verifies the finished tables that have no audit
verdict yet, oldest first (`shared.audit.verify`), and saves each outcome as a durable
verdict, one per table, those of one look in one transaction (`shared.audit.verdicts`): a
mismatch is logged (`audit_mismatch`), counted in `senet_audit_verifications_total{outcome}`
and listed by `/api/admin/flagged`.
A game is verified once: a verdict saved twice (a restart, two instances) keeps the first.
It records its position (`scoring`) in the consumers' tracking table
(`shared.projections.tracking`): everything before it is
scored and verified. It reads the log only through that projection's runner
(`shared.projections.runner`), after whose batches its audits run.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from functools import partial

import structlog

from shared.audit.export import fold, record_of, stored_events
from shared.audit.verdicts import MISMATCH, Verdict, new_verdict, save_verdicts
from shared.audit.verify import Report, verify_record
from shared.messaging.port import Broker
from shared.observability import metrics as prometheus
from shared.projections.tracking import Positions, Tracking
from shared.readmodels import ReadModels, queries
from shared.readmodels.db import DB_OUTAGES
from shared.standings.board import Result
from shared.standings.fold import result_of
from shared.store import STORE_OUTAGES, EventStore
from shared.tasks import stop_tasks

log = structlog.get_logger("senet.scoring")
POLL = 1.0  # seconds between looks for unverified games without a wake-up
RECENT = 10_000  # verified tables remembered until their verdict reaches the read model


class ScoringService:
    """Runs the read-model projector and verifies every finished game once."""

    consumer = "scoring"

    def __init__(
        self,
        store: EventStore,
        broker: Broker | None,
        *,
        verify: bool = True,
        readmodels: ReadModels | None = None,
    ) -> None:
        self.store = store
        self.verify = verify
        self.readmodels = readmodels if readmodels is not None else ReadModels(store, broker)
        self.metrics: Counter[str] = Counter()
        self._recent: dict[str, None] = {}  # verified here, verdict maybe not projected yet
        self._kick = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._recorded = 0
        self.positions = Positions(self.readmodels.db)

    @property
    def position(self) -> int:
        """Everything up to this event-log position is in the read models."""
        return self.readmodels.runner.position

    @property
    def verdicts(self) -> VerdictRows:
        """The verdicts in the read model (`table_id in service.verdicts`)."""
        return VerdictRows(self.readmodels)

    @property
    def flagged(self) -> list[Verdict]:
        """The finished tables whose record does not verify, in the order they ended (all of
        them: for tests and the start-up line; the API pages them)."""
        found: list[Verdict] = []
        cursor = None
        while True:
            page = queries.flagged(self.readmodels.db, cursor, queries.MAX_LIMIT)
            found.extend(page.items)
            if page.next is None:
                return found
            cursor = page.next

    async def start(self) -> None:
        """Start the projector (it builds missing read models first), then the audits."""
        await self.readmodels.start()
        old = self.store.position_of  # an old store kept it in eventsourcing's tracking
        await asyncio.to_thread(self.positions.ensure, self.consumer, lambda: old(self.consumer))
        await self.catch_up()
        self.readmodels.runner.listeners.append(self._kick.set)
        self._task = asyncio.create_task(self._run(), name="scoring-audit")
        log.info("scoring_ready", position=self.position, flagged=len(self.flagged))

    async def stop(self) -> None:
        """Stop auditing and following."""
        if self._task is not None:
            await stop_tasks([self._task])  # re-cancels: a cancellation can be lost in a wait
            self._task = None
        await self.readmodels.stop()

    async def catch_up(self) -> None:
        """Bring the read models up to the store, then verify what waits (store permitting)."""
        await self.readmodels.runner.catch_up()
        with contextlib.suppress(*STORE_OUTAGES, *DB_OUTAGES):
            if await self.verify_pending():
                await self.readmodels.runner.catch_up()  # the new verdicts

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._kick.wait(), POLL)
            self._kick.clear()
            try:
                await self.verify_pending()
            except (*STORE_OUTAGES, *DB_OUTAGES) as exc:
                log.warning("audit_deferred", error=repr(exc))

    async def verify_pending(self) -> int:
        """Verify the finished games without a verdict; record the position; how many."""
        runner = self.readmodels.runner
        upto = runner.position
        done = 0
        while self.verify:
            pending = await asyncio.to_thread(queries.unverified, self.readmodels.db, 200)
            todo = [p for p in pending if p[0] not in self._recent]
            if not todo:
                break
            for table_id, game, result, saved in await asyncio.to_thread(self._verified, todo):
                self._settled(table_id, game, result, saved)
            done += len(todo)
            runner.wake()  # the verdicts are new events for the `verdicts` model
        if upto > self._recorded:
            await asyncio.to_thread(self.positions.record, Tracking(self.consumer, upto))
            self._recorded = upto
        return done

    def _verified(
        self, todo: list[tuple[str, str, int]]
    ) -> list[tuple[str, str, Result | None, tuple[Verdict, bool]]]:
        """Verify each finished table and save the verdicts in one transaction (blocking):
        (table, game, result, (the stored verdict, whether new)) each."""
        checked, drafts = [], []
        for table_id, game, ended_at in todo:
            report, result = verify_stored(self.store, table_id, ended_at)
            checked.append((table_id, game, result))
            drafts.append(partial(new_verdict, table_id, game, ended_at, report.problem))
        saved = save_verdicts(self.store, drafts)
        return [(*done, verdict) for done, verdict in zip(checked, saved, strict=True)]

    def _settled(
        self, table_id: str, game: str, result: Result | None, saved: tuple[Verdict, bool]
    ) -> None:
        """Log and count a table's verdict (once: a verdict saved before is not new)."""
        if result is not None:  # one line per game scored (again if verified again)
            log.info(
                "game_scored", table_id=table_id, game=game, position=result.position,
                scores=result.scores, ranks=result.ranks, winners=result.winners,
            )  # fmt: skip
        verdict, new = saved
        self._recent[table_id] = None
        if len(self._recent) > RECENT:
            self._recent.pop(next(iter(self._recent)))
        self.metrics["games_verified"] += 1
        if not new:
            return  # saved before a restart (or by another instance): counted and logged then
        prometheus.GAMES_FINISHED.inc()
        prometheus.AUDIT_VERIFICATIONS.labels(outcome=verdict.outcome).inc()
        if verdict.outcome == MISMATCH and verdict.divergence is not None:
            log.warning(
                "audit_mismatch",
                table_id=verdict.table_id,
                game=verdict.game,
                kind=verdict.divergence.kind,
                version=verdict.divergence.version,
                message=verdict.divergence.message,
            )
        else:
            log.info("audit_verified", table_id=verdict.table_id, game=verdict.game)


class VerdictRows:
    """Membership test over the `verdicts` read model."""

    def __init__(self, readmodels: ReadModels) -> None:
        self.db = readmodels.db

    def __contains__(self, table_id: object) -> bool:
        rows = self.db.query("SELECT 1 FROM rm_verdicts WHERE table_id = ?", (str(table_id),))
        return bool(rows)


def verify_stored(
    store: EventStore, table_id: str, ended_at: int = 0
) -> tuple[Report, Result | None]:
    """Verify a finished table's record as read from the store (blocking); its result."""
    events = stored_events(store, table_id)
    return verify_record(record_of(table_id, events)), result_of(fold(table_id, events), ended_at)
