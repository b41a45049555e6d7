"""The scoring service: results, standings and ratings of finished games, and their audit.

It consumes the events exchange through its own durable queue (`scoring`), applies each
envelope once (duplicates are skipped by position, gaps are filled from the store) and
records its position in the store. When a game ends it verifies the table's record
(`shared.audit.verify`) and saves the outcome as a durable verdict, one per table
(`shared.audit.verdicts`): a mismatch is logged (`audit_mismatch`), counted in
`senet_audit_verifications_total{outcome}` and listed by `/api/admin/flagged`. Its
scoreboard and verdicts are rebuilt from the store at start, so a rebuild equals live
consumption. A game is verified unless it has a verdict or ended at or before the position
recorded by a predecessor (which saved its verdict before recording that position).
"""

from __future__ import annotations

import asyncio
from collections import Counter

import structlog

from shared.audit.export import record_of, stored_events
from shared.audit.verdicts import MISMATCH, Verdict, VerdictBook, new_verdict, save_verdict
from shared.audit.verify import Report, verify_record
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
        self.catching_up = False
        self.verdicts = VerdictBook()
        self.metrics: Counter[str] = Counter()

    @property
    def board(self) -> Scoreboard:
        """Results, standings and ratings so far."""
        return self.fold.board

    @property
    def flagged(self) -> list[Verdict]:
        """The finished tables whose record does not verify, in the order they ended."""
        return self.verdicts.flagged()

    async def start(self) -> None:
        """Subscribe with the named queue, then rebuild from the store."""
        self.verified_upto = await asyncio.to_thread(self.store.position_of, self.consumer)
        if self.broker is not None:
            exchange = self.broker.topology.events_exchange
            await self.broker.subscribe(exchange, "#", self.on_delivery, queue=f"{self.consumer}")
        await self.catch_up()
        log.info(
            "scoring_ready",
            position=self.position,
            games=len(self.board.results),
            flagged=len(self.flagged),
        )

    async def catch_up(self, upto: int | None = None) -> None:
        """Read the stored verdicts, then every stored event after the position; record it."""
        await asyncio.to_thread(self.verdicts.load, self.store)
        self.catching_up = True  # one position record at the end, not one per batch
        try:
            await super().catch_up(upto)
        finally:
            self.catching_up = False
        await self.applied(set())

    async def applied(self, table_ids: set[str]) -> None:
        """Retry deferred audits; record the position up to the first game still unverified
        (a restart then verifies it: no game's audit is skipped)."""
        await self._verify_pending()
        if not self.catching_up:
            upto = self.unverified[0].position - 1 if self.unverified else self.position
            await asyncio.to_thread(self.store.record_position, self.consumer, upto)

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
        if self.verify and self._unverified(result):
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

    def _unverified(self, result: Result) -> bool:
        # A predecessor saved the verdict of every game it recorded a position past.
        return result.position > self.verified_upto and result.table_id not in self.verdicts

    async def _verify(self, result: Result) -> None:
        report = await asyncio.to_thread(verify_stored, self.store, result.table_id)
        draft = new_verdict(result.table_id, result.game, result.position, report.problem)
        verdict, new = await asyncio.to_thread(save_verdict, self.store, draft)
        self.verdicts.add(verdict)
        self.metrics["games_verified"] += 1
        if not new:
            return  # saved before a restart (or by another instance): counted and logged then
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


def verify_stored(store: EventStore, table_id: str) -> Report:
    """Verify a finished table's record as read from the store (blocking)."""
    return verify_record(record_of(table_id, stored_events(store, table_id)))
