"""The outbox relay: publishes stored events, in store order, to the events exchange.

It records its position after publishing, so a crash between the two republishes a few
events; consumers track the positions they applied and skip those (DESIGN.md, Write side).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TypeVar

import msgspec
import structlog

from shared.contracts.errors import Unavailable
from shared.messaging.port import Broker
from shared.store import STORE_OUTAGES, EventStore
from shared.tables.envelopes import envelope_of, is_table_notification, routing_key

log = structlog.get_logger("senet.relay")
_encode = msgspec.json.Encoder()
T = TypeVar("T")
FIRST_PAUSE = 0.2  # seconds before retrying after an outage; doubles up to LONGEST_PAUSE
LONGEST_PAUSE = 5.0


class Relay:
    """Moves events from the store's notification log to the broker, tracking its position."""

    consumer = "relay"

    def __init__(self, store: EventStore, broker: Broker, *, batch: int = 500, idle: float = 0.2):
        self.store = store
        self.broker = broker
        self.batch = batch
        self.idle = idle
        self.wakeup = asyncio.Event()
        self.position = 0
        self.published = 0

    def wake(self) -> None:
        """Tell the relay that new events were stored (it also polls)."""
        self.wakeup.set()

    async def run(self) -> None:
        """Publish forever, riding out broker and store outages; cancel to stop."""
        self.position = await self._outlast(
            lambda: asyncio.to_thread(self.store.position_of, self.consumer)
        )
        log.info("relay_started", position=self.position)
        while True:
            moved = await self._outlast(self.publish_pending)
            if not moved:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wakeup.wait(), self.idle)
                self.wakeup.clear()

    async def _outlast(self, step: Callable[[], Awaitable[T]]) -> T:
        """Run a step until it works.

        While RabbitMQ or PostgreSQL is away the relay waits and tries again, with back-off,
        rather than dying inside a process that keeps running. Retrying is safe: a batch
        published again is skipped by the consumers (they track positions).
        """
        pause = FIRST_PAUSE
        while True:
            try:
                return await step()
            except (Unavailable, *STORE_OUTAGES) as exc:
                log.warning("relay_waiting", error=repr(exc), retry_in=pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)

    async def publish_pending(self) -> int:
        """Publish one batch of stored events after the position; returns how many."""
        notes = await asyncio.to_thread(self.store.notifications, self.position, self.batch)
        if not notes:
            return 0
        exchange = self.broker.topology.events_exchange
        for note in notes:
            if is_table_notification(note):
                envelope = envelope_of(self.store, note)
                await self.broker.publish(exchange, routing_key(envelope), _encode.encode(envelope))
        self.position = notes[-1].id
        await asyncio.to_thread(self.store.record_position, self.consumer, self.position)
        self.published += len(notes)
        return len(notes)
