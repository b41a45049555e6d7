"""The log follower on the memory broker and store: duplicates skipped by position, gaps
filled from the store, every table event applied once and in store order."""

from __future__ import annotations

import asyncio
import uuid

from services.table.worker import TableWorker
from shared.contracts.envelopes import EventEnvelope
from shared.messaging.memory import MemoryBroker
from shared.messaging.port import Topology
from shared.store import EventStore, open_store
from shared.tables.envelopes import BATCH_KEY, batch_body, envelope_of, is_table_notification
from shared.tables.follower import LogFollower
from tests.harness.commands import play_some, started_table


class Recorder(LogFollower):
    """Records what it applies; wakes a waiter when a position is reached."""

    consumer = "test-recorder"

    def __init__(self, store: EventStore) -> None:
        super().__init__(store)
        self.seen: list[int] = []
        self.reached = asyncio.Condition()

    async def apply(self, envelope: EventEnvelope) -> None:
        self.seen.append(envelope.position)

    async def applied(self, table_ids: set[str]) -> None:
        async with self.reached:
            self.reached.notify_all()

    async def until(self, position: int) -> None:
        async with asyncio.timeout(10), self.reached:  # a guard against a hang only
            await self.reached.wait_for(lambda: self.position >= position)


def _stored_envelopes(store: EventStore) -> list[EventEnvelope]:
    notes = store.notifications(0, 10_000)
    return [envelope_of(store, note) for note in notes if is_table_notification(note)]


async def test_duplicates_are_skipped_and_gaps_are_filled_from_the_store() -> None:
    store = open_store("memory")
    worker = TableWorker(store, None)  # type: ignore[arg-type]
    table_id = str(uuid.uuid4())
    started_table(worker, table_id)
    play_some(worker, table_id, 12)
    envelopes = _stored_envelopes(store)
    assert len(envelopes) > 10
    broker = MemoryBroker(Topology(shards=1), prefix="t" + uuid.uuid4().hex[:8])
    await broker.connect()
    follower = Recorder(store)
    exchange = broker.topology.events_exchange
    await broker.subscribe(exchange, "#", follower.on_delivery)

    async def publish(envelope: EventEnvelope) -> None:
        await broker.publish(exchange, BATCH_KEY, batch_body([envelope]))

    try:
        first, rest = envelopes[:3], envelopes[3:]
        for envelope in first:
            await publish(envelope)
        await publish(first[1])  # a duplicate (a relay that restarted republishes)
        await follower.until(first[-1].position)
        assert follower.seen == [e.position for e in first]

        await publish(rest[5])  # rest[0..4] never arrive: the gap is read from the store
        await follower.until(rest[5].position)
        for envelope in [rest[2], rest[5], *rest[6:]]:  # old, repeated, then the remainder
            await publish(envelope)
        await follower.until(envelopes[-1].position)
        assert follower.seen == [e.position for e in envelopes]  # each once, in order
        assert follower.position == envelopes[-1].position
    finally:
        await broker.close()
