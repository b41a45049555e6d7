"""Following the event log exactly once: the mechanism every projector shares.

A follower applies table envelopes in store order and remembers the last position it
applied. A published envelope at or below that position is a duplicate (a relay that
restarted republishes) and is skipped; one beyond the next position means messages were
missed, so the gap is read from the store first. The store is the truth; the broker only
brings news sooner.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import Iterator, Sequence

import structlog
from eventsourcing.persistence import Notification

from shared.contracts.envelopes import EventEnvelope
from shared.messaging.port import Delivery
from shared.observability import metrics
from shared.observability.logs import log_fields
from shared.store import EventStore
from shared.tables.envelopes import envelope_of, is_table_notification, published

log = structlog.get_logger("senet.follower")
BATCH = 1000  # stored events read at a time


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a read model is rebuilt.

    A rebuild allocates millions of objects that all stay alive (the read model); each
    collection would walk them again (measured: the view projector's rebuild runs 1.7x
    faster without). Reference counting still frees what is dropped; collection resumes
    after (and was not paused by someone else, which this leaves alone).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _debugging() -> bool:
    """Whether debug log lines are written (then each applied event is logged with its
    command, seat and correlation id; otherwise a batch read from the store is not traced)."""
    return bool(log.is_enabled_for(logging.DEBUG))


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
            with _gc_paused():
                await self._read_store(upto)

    async def on_delivery(self, delivery: Delivery) -> None:
        """Apply a published batch of envelopes, filling any gap from the store first."""
        envelopes = published(delivery.body)
        async with self.lock:
            touched: set[str] = set()
            for envelope in envelopes:
                if envelope.position <= self.position:
                    continue  # a duplicate from a relay restart, or already read from the store
                if envelope.position > self.position + 1:
                    await self._read_store(envelope.position - 1)
                    if envelope.position <= self.position:
                        continue
                await self._traced(envelope)
                self.position = envelope.position
                touched.add(envelope.table_id)
            if touched:
                await self.applied(touched)

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
        fetch = self._fetch(self.position, upto)
        try:
            while notes := await fetch:
                # Read the next batch while this one is applied: the database works meanwhile.
                fetch = self._fetch(notes[-1].id, upto)
                touched: set[str] = set()
                traced = _debugging()  # binding each event's log fields costs a rebuild ~25%
                applied = 0
                for note in notes:
                    if is_table_notification(note):
                        envelope = envelope_of(self.store, note)
                        if traced:
                            await self._traced(envelope)
                        else:
                            await self.apply(envelope)
                            applied += 1
                        touched.add(envelope.table_id)
                    self.position = note.id
                metrics.EVENTS_APPLIED.labels(self.consumer).inc(applied)
                metrics.PROJECTOR_POSITION.labels(self.consumer).set(self.position)
                await self.applied(touched)
        finally:
            fetch.cancel()
        if upto is not None:
            self.position = max(self.position, upto)

    def _fetch(self, after: int, upto: int | None) -> asyncio.Future[Sequence[Notification]]:
        return asyncio.ensure_future(
            asyncio.to_thread(self.store.notifications, after, BATCH, upto)
        )
