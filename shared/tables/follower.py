"""Following the event log exactly once: the mechanism every projector shares.

A follower applies table envelopes in store order and remembers the last position it
applied. A published envelope at or below that position is a duplicate (a relay that
restarted republishes) and is skipped; one beyond the next position means messages were
missed, so the gap is read from the store first. The store is the truth; the broker only
brings news sooner.
"""

from __future__ import annotations

import asyncio

import msgspec
import structlog

from shared.contracts.envelopes import EventEnvelope
from shared.messaging.port import Delivery
from shared.observability import metrics
from shared.observability.logs import log_fields
from shared.store import EventStore
from shared.tables.envelopes import envelope_of, is_table_notification

_decode_envelope = msgspec.json.Decoder(EventEnvelope)
log = structlog.get_logger("senet.follower")


class LogFollower:
    """Base of projectors: subclasses say what applying an envelope means."""

    consumer = "follower"  # the projector's name in logs and metrics

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.position = 0
        self.lock = asyncio.Lock()

    async def apply(self, envelope: EventEnvelope) -> None:
        """Fold one table envelope into the read model."""
        raise NotImplementedError

    async def applied(self, table_ids: set[str]) -> None:
        """Called after a delivery or a batch read from the store (position advanced)."""

    async def catch_up(self, upto: int | None = None) -> None:
        """Apply every stored event after the position (up to `upto`)."""
        async with self.lock:
            await self._read_store(upto)

    async def on_delivery(self, delivery: Delivery) -> None:
        """Apply one published envelope, filling any gap from the store first."""
        envelope = _decode_envelope.decode(delivery.body)
        async with self.lock:
            if envelope.position <= self.position:
                return  # a duplicate from a relay restart, or already read from the store
            if envelope.position > self.position + 1:
                await self._read_store(envelope.position - 1)
            await self._traced(envelope)
            self.position = envelope.position
            await self.applied({envelope.table_id})

    async def _traced(self, envelope: EventEnvelope) -> None:
        """Apply with the event's command, seat and correlation id bound to the logs."""
        with structlog.contextvars.bound_contextvars(**log_fields(envelope)):
            await self.apply(envelope)
            log.debug(
                "event_applied", projector=self.consumer, position=envelope.position,
                version=envelope.version, name=envelope.name,
            )  # fmt: skip
        metrics.EVENTS_APPLIED.labels(self.consumer).inc()
        metrics.PROJECTOR_POSITION.labels(self.consumer).set(envelope.position)

    async def _read_store(self, upto: int | None) -> None:
        while True:
            notes = await asyncio.to_thread(self.store.notifications, self.position, 1000, upto)
            if not notes:
                break
            touched: set[str] = set()
            for note in notes:
                if is_table_notification(note):
                    envelope = envelope_of(self.store, note)
                    await self._traced(envelope)
                    touched.add(envelope.table_id)
                self.position = note.id
            await self.applied(touched)
        if upto is not None:
            self.position = max(self.position, upto)
