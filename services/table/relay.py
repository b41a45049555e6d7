"""The outbox relay: publishes stored events, in store order, to the events exchange.

Each batch read from the store (one or more commits) goes out as one `EventBatch` message
with routing key `events`, and its position moves on only once RabbitMQ confirmed it.

It records its position after publishing, at most every `RECORD_EVERY` seconds while events
keep coming (one store write per interval, not per batch) and whenever the store goes quiet,
so a crash republishes at most that interval's events; consumers track the versions and
positions they applied and skip those.
Any number of relays may run: only the holder of the lease `<prefix>.relay.lease`
publishes, the others stand by and try to take the lease every `retry` seconds.

It is a `LogFollower` (`shared.tables.follower`): the store is read from its position, a
batch at a time; its effect is the broker's confirm, so its position is recorded after
publishing, not in one transaction with it (hence the republishing above).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

import structlog
from eventsourcing.persistence import Notification

from shared.messaging.lease import Lease, lease_for
from shared.messaging.port import Broker, Delivery
from shared.messaging.wake import is_commit_signal
from shared.observability import metrics
from shared.observability.logs import log_fields
from shared.store import EventStore
from shared.store.commits import listen_for_commits, listens
from shared.tables.envelopes import BATCH_KEY, batch_body, envelope_of, is_table_notification
from shared.tables.follower import LogFollower
from shared.tasks import stop_tasks

log = structlog.get_logger("senet.relay")
RECORD_EVERY = 0.5  # seconds between two records of the position while publishing


class Relay(LogFollower):
    """Moves events from the store's notification log to the broker, tracking its position."""

    consumer = "relay"
    # It reads the store only; `wake` is called by a worker in this process, and for workers
    # elsewhere by PostgreSQL's NOTIFY or a commit signal (`shared.store.commits`).
    live = False

    def __init__(
        self,
        store: EventStore,
        broker: Broker,
        *,
        batch: int = 500,
        idle: float = 0.2,
        lease: Lease | None = None,
        retry: float = 1.0,
    ) -> None:
        super().__init__(store)
        self.broker = broker
        self.batch = batch
        self.poll = idle  # seconds without a wake-up before the store counts as quiet
        self.retry = retry
        self.lease = lease if lease is not None else lease_for(broker, "relay.lease")
        self.lease.on_lost = self.wake
        self.published = 0  # events published (and other notifications passed over)
        self.messages = 0  # messages published (one per batch read from the store)
        self.listening = False  # hearing of commits (PostgreSQL NOTIFY, or commit signals)
        self._listener: asyncio.Task[None] | None = None
        self._standing_by = False
        self._recorded = (0, 0.0)  # the position last recorded, and when

    async def lead(self) -> None:
        """Publish while holding the lease; a broker or store outage gives the lease up."""
        try:
            await self._publish_while_held()
        except Exception as exc:  # broker or store down: give the lease up, retry
            log.warning("relay_interrupted", error=repr(exc))
        finally:
            metrics.RELAY_ACTIVE.set(0)
            await self.lease.release()  # type: ignore[union-attr]

    async def stand_by(self, led: bool) -> None:
        """Log the standby once, then wait `retry` seconds before the next attempt."""
        if led:
            self._standing_by = False
        elif not self._standing_by:
            log.info("relay_standby", lease=self.lease.name)  # type: ignore[union-attr]
            self._standing_by = True
        await asyncio.sleep(self.retry)

    async def stopped(self) -> None:
        """Stop hearing of commits."""
        if self._listener is not None:
            await stop_tasks([self._listener])
            self._listener = None
            self.listening = False

    async def _on_signal(self, delivery: Delivery) -> None:
        if is_commit_signal(delivery):
            self.wakeup.set()

    async def _listen(self) -> None:
        """Hear of commits made by workers in other processes: from PostgreSQL itself
        (NOTIFY), else from the workers' commit signals on the broker."""
        if self.listening:
            return
        if listens(self.store):
            self._listener = asyncio.create_task(
                listen_for_commits(self.store, self.wake), name="relay-commits"
            )
        else:
            await self.broker.subscribe(self.broker.topology.views_exchange, "#", self._on_signal)
        self.listening = True

    async def _publish_while_held(self) -> None:
        await self._listen()
        # The previous holder moved the position on: start from the recorded one.
        self.position = await asyncio.to_thread(self.store.position_of, self.consumer)
        metrics.RELAY_ACTIVE.set(1)
        log.info("relay_started", position=self.position, lease=self.lease.name)  # type: ignore[union-attr]
        self._recorded = (self.position, asyncio.get_running_loop().time())
        try:
            await self.follow()
            log.warning("relay_lease_lost", position=self.position)
        finally:
            if self.position != self._recorded[0]:  # best effort: a lost record only republishes
                with contextlib.suppress(Exception):
                    await asyncio.shield(self._record())

    async def round(self) -> bool:
        """Publish one batch; True when it moved (there may be more)."""
        return bool(await self.publish_pending(record=False))

    async def pause(self, more: bool) -> None:
        """Wait for news when nothing moved; record the position when the store went quiet
        or `RECORD_EVERY` seconds passed since the last record."""
        quiet = not more and not await self.news_within_poll()
        self.wakeup.clear()
        recorded, recorded_at = self._recorded
        due = quiet or asyncio.get_running_loop().time() - recorded_at >= RECORD_EVERY
        if self.position != recorded and due:
            await self._record()

    async def _record(self) -> None:
        position = self.position
        await asyncio.to_thread(self.store.record_position, self.consumer, position)
        self._recorded = (position, asyncio.get_running_loop().time())

    async def publish_pending(self, *, record: bool = True) -> int:
        """Publish one batch of stored events after the position; returns how many.
        `record`: record the new position in the store now (the run loop records it at
        most every `RECORD_EVERY` seconds, and when the store goes quiet)."""
        moved = await self.step()
        if moved and record:
            await self._record()
        return moved

    async def handle(self, notes: Sequence[Notification], after: int, end: int) -> bool:
        """Publish a batch read from the store as one message; the position moves once
        RabbitMQ confirmed it."""
        if not notes:
            return True
        exchange = self.broker.topology.events_exchange
        envelopes = [envelope_of(self.store, n) for n in notes if is_table_notification(n)]
        # One message for what was read (one commit or several, in store order): one
        # publish and one confirm, and each consumer takes one delivery, not one per event.
        if envelopes:
            with metrics.PUBLISH_SECONDS.time():
                await self.broker.publish(exchange, BATCH_KEY, batch_body(envelopes))
            self.messages += 1
        metrics.RELAY_PUBLISHED.inc(len(envelopes))
        if log.is_enabled_for(logging.DEBUG):
            for envelope in envelopes:
                with structlog.contextvars.bound_contextvars(**log_fields(envelope)):
                    log.debug("event_published", position=envelope.position, name=envelope.name)
        self.position = end
        self.published += len(notes)
        return True
