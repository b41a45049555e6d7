"""The scoring service: results, standings and ratings of finished games, and their audit.

It consumes the events exchange through its own durable queue (`scoring`), applies each
envelope once (duplicates are skipped by position, gaps are filled from the store) and
records its position in the store. When a game ends it verifies the table's record
(`shared.audit.verify`): a mismatch is logged (`audit_mismatch`), counted in `metrics` and
listed in `flagged`. Its scoreboard is in memory and rebuilt from the store at start, so a
rebuild equals live consumption; tables that ended at or before the recorded position were
verified before a restart and are not verified again.
"""

from __future__ import annotations

import asyncio
from collections import Counter

import structlog

from shared.audit.export import record_of, stored_events
from shared.audit.redecide import Divergence
from shared.audit.verify import verify_record
from shared.contracts.envelopes import EventEnvelope
from shared.messaging.port import Broker
from shared.observability import metrics as prometheus
from shared.standings.board import Result, Scoreboard
from shared.standings.fold import ResultFold
from shared.store import STORE_OUTAGES, EventStore
from shared.tables.follower import LogFollower

log = structlog.get_logger("senet.scoring")


class ScoringService(LogFollower):
    """Folds finished games into the scoreboard and verifies each of them."""

    consumer = "scoring"

    def __init__(self, store: EventStore, broker: Broker | None, *, verify: bool = True) -> None:
        super().__init__(store)
        self.broker = broker
        self.verify = verify
        self.fold = ResultFold()
        self.verified_upto = 0
        self.unverified: list[Result] = []  # finished games whose audit waits for the store
        self.flagged: dict[str, Divergence] = {}
        self.metrics: Counter[str] = Counter()

    @property
    def board(self) -> Scoreboard:
        """Results, standings and ratings so far."""
        return self.fold.board

    async def start(self) -> None:
        """Subscribe with the named queue, then rebuild from the store."""
        self.verified_upto = await asyncio.to_thread(self.store.position_of, self.consumer)
        if self.broker is not None:
            exchange = self.broker.topology.events_exchange
            await self.broker.subscribe(exchange, "#", self.on_delivery, queue=f"{self.consumer}")
        await self.catch_up()
        log.info("scoring_ready", position=self.position, games=len(self.board.results))

    async def applied(self, table_ids: set[str]) -> None:
        """Record the position once what it covers is applied; retry deferred audits."""
        await asyncio.to_thread(self.store.record_position, self.consumer, self.position)
        await self._verify_pending()

    async def apply(self, envelope: EventEnvelope) -> None:
        """Fold one envelope; verify the game it finishes."""
        result = self.fold.apply(envelope)
        if result is None:
            return
        self.metrics["games_finished"] += 1
        prometheus.GAMES_FINISHED.inc()
        # One line per finished game (again for every game after a restart, from the rebuild).
        log.info(
            "game_scored",
            table_id=result.table_id,
            game=result.game,
            position=result.position,
            scores=result.scores,
            ranks=result.ranks,
            winners=result.winners,
        )
        if self.verify and result.position > self.verified_upto:
            self.unverified.append(result)
        await self._verify_pending()

    async def _verify_pending(self) -> None:
        """Verify the finished games not yet verified; a store outage defers them."""
        while self.unverified:
            try:
                await self._verify(self.unverified[0])
            except STORE_OUTAGES as exc:
                # The fold has moved past the game: dropping it now would skip its audit.
                log.warning("audit_deferred", table_id=self.unverified[0].table_id, error=repr(exc))
                return
            self.unverified.pop(0)

    async def _verify(self, result: Result) -> None:
        events = await asyncio.to_thread(stored_events, self.store, result.table_id)
        report = await asyncio.to_thread(verify_record, record_of(result.table_id, events))
        self.metrics["games_verified"] += 1
        if report.problem is not None:
            self.metrics["audit_mismatches"] += 1
            prometheus.AUDIT_MISMATCHES.inc()
            self.flagged[result.table_id] = report.problem
            log.warning(
                "audit_mismatch",
                table_id=result.table_id,
                game=result.game,
                kind=report.problem.kind,
                event=report.problem.version,
                message=report.problem.message,
            )
