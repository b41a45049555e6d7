"""The outbox relay: publishes stored events, in store order, to the events exchange.

A projection (`shared.projections.runner`) whose effect is the broker's confirm: each batch
read from the store (one or more commits) goes out as one `EventBatch` message with routing
key `events`, and its position moves on only once RabbitMQ confirmed it. The position is
recorded after publishing (`shared.projections.tracking`), at most every `RECORD_EVERY`
seconds while events keep coming (one store write per interval, not per batch) and once the
log went quiet (`LazyPosition`), so a crash republishes at most about that interval's
events; consumers skip what they applied.

`relay_runner` runs it behind the lease `<prefix>.relay.lease`: any number of relays may
run, one publishes, the others stand by and take over within `retry` seconds.
"""

from __future__ import annotations

import logging

import structlog

from shared.messaging.lease import Lease, lease_for
from shared.messaging.port import Broker
from shared.observability import metrics
from shared.observability.logs import log_fields
from shared.projections.runner import Batch, Projection, ProjectionRunner
from shared.projections.tracking import LazyPosition, Positions
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore
from shared.tables.envelopes import BATCH_KEY, batch_body

log = structlog.get_logger("senet.relay")
NAME = "relay"
RECORD_EVERY = 0.5  # seconds between two records of the position while publishing
IDLE = 0.2  # seconds without a wake-up before the relay looks at the store anyway
# Seconds at least between two looks while commits keep coming: under load one message
# carries the commits of that time (fewer reads, publishes and deliveries a move: at 270
# Ra moves/s the relay's CPU a move fell by 27-40 %, RabbitMQ's by 13-16 %); the first commit
# after a quiet spell is read at once. Pushes that come only through the relay (moves
# sent through another gateway, the bots role or notify) wait at most this long more.
LINGER = 0.01


class Relay(Projection):
    """Moves events from the store's notification log to the broker."""

    name = NAME
    gauge = metrics.RELAY_ACTIVE

    def __init__(self, store: EventStore, broker: Broker, *, size: int = 500) -> None:
        self.store = store
        self.broker = broker
        self.size = size
        self.positions = Positions(ReadModelDB.of(store))
        self.positions.ensure(NAME, lambda: store.position_of(NAME))  # an old store's
        self.position = LazyPosition(self.positions, NAME, RECORD_EVERY)  # published up to
        self.published = 0  # notifications published (and others passed over)
        self.messages = 0  # messages published (one per batch read from the store)

    def max_tracking_id(self) -> int:
        """The recorded position, or the one published to if this relay is ahead of it
        (it records only now and then)."""
        return self.position.current()

    async def process(self, batch: Batch) -> bool:
        """Publish a batch as one message; the position moves once RabbitMQ confirmed it,
        and is recorded if `RECORD_EVERY` seconds passed since the last record."""
        envelopes = batch.envelopes()
        # One message for what was read (one commit or several, in store order): one
        # publish and one confirm, and each consumer takes one delivery, not one per event.
        if envelopes:
            with metrics.PUBLISH_SECONDS.time():
                await self.broker.publish(
                    self.broker.topology.events_exchange, BATCH_KEY, batch_body(envelopes)
                )
            self.messages += 1
        metrics.RELAY_PUBLISHED.inc(len(envelopes))
        if log.is_enabled_for(logging.DEBUG):
            for envelope in envelopes:
                with structlog.contextvars.bound_contextvars(**log_fields(envelope)):
                    log.debug("event_published", position=envelope.position, name=envelope.name)
        self.published += len(batch.items)
        await self.position.moved(batch.end)  # confirmed by the broker
        return True

    async def caught_up(self) -> None:
        """Record the position once the log went quiet."""
        await self.position.caught_up()


def relay_runner(
    store: EventStore,
    broker: Broker,
    *,
    size: int = 500,
    idle: float = IDLE,
    lease: Lease | None = None,
    retry: float = 1.0,
    linger: float = LINGER,
) -> ProjectionRunner:
    """The relay behind its lease, woken by commits (PostgreSQL's NOTIFY, or the workers'
    commit signals on the broker), looking every `idle` seconds anyway and, while commits
    keep coming, at most every `linger` seconds."""
    return ProjectionRunner(
        store, Relay(store, broker, size=size), signals=broker, poll=idle, retry=retry,
        lease=lease if lease is not None else lease_for(broker, "relay.lease"), linger=linger,
    )  # fmt: skip
