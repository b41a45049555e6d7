"""The relay publishes one message per batch it reads, records its position only after the
broker took that message, and records it regularly while events keep coming."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping

import pytest

from services.table.relay import NAME, RECORD_EVERY, relay_runner
from services.table.worker import TableWorker
from shared.contracts.envelopes import CreateTable, JoinTable
from shared.contracts.errors import Unavailable
from shared.messaging.amqp import AmqpBroker
from shared.messaging.memory import MemoryBroker
from shared.messaging.port import Broker, Delivery, Topology
from shared.projections.tracking import Positions
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore, open_store
from shared.tables.envelopes import is_table_notification, published
from shared.tasks import stop_tasks
from tests.harness.commands import new_command

TOPOLOGY = Topology(shards=2)


@pytest.fixture(params=["memory", "amqp"])
async def broker(request: pytest.FixtureRequest, unique_name: str) -> AsyncIterator[Broker]:
    """A connected broker of each kind, cleaned up afterwards."""
    made: MemoryBroker | AmqpBroker
    if request.param == "memory":
        made = MemoryBroker(TOPOLOGY, prefix=unique_name)
    else:
        made = AmqpBroker(request.getfixturevalue("amqp_url"), TOPOLOGY, prefix=unique_name)
    await made.connect()
    yield made
    await made.cleanup()


async def _listen(broker: Broker) -> list[list[int]]:
    """The positions of each message on the events exchange, message by message."""
    messages: list[list[int]] = []

    async def collect(delivery: Delivery) -> None:
        messages.append([envelope.position for envelope in published(delivery.body)])

    await broker.subscribe(broker.topology.events_exchange, "#", collect)
    return messages


def _recorded(store: EventStore) -> int:
    """The relay's recorded position."""
    return Positions(ReadModelDB.of(store)).get(NAME)


def _table_positions(store: EventStore) -> list[int]:
    return [note.id for note in store.notifications(0, 10_000) if is_table_notification(note)]


def _open_tables(worker: TableWorker, count: int) -> None:
    tables = [str(uuid.uuid4()) for _ in range(count)]
    creates = [
        new_command(t, "a", CreateTable(game="ra", seats=3, player_name="A")) for t in tables
    ]
    joins = [new_command(t, "b", JoinTable(player_name="B")) for t in tables]
    assert all(o.accepted for o in worker.decide_and_store_many(creates + joins))


async def _until(
    condition: Callable[[], object],
    step: Callable[[], Awaitable[object]] | None = None,
    timeout: float = 10.0,
) -> None:
    """Until `condition()` holds, running `step()` before each look (if given); fail after
    `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        if step is not None:
            await step()
        if condition():
            return
        if time.monotonic() >= deadline:
            raise AssertionError("not reached in time")
        await asyncio.sleep(0.02)


async def test_a_batch_of_many_tables_goes_out_as_one_message_whole_and_in_order(
    broker: Broker, tmp_path
) -> None:
    store = open_store(f"sqlite:///{tmp_path}/r.db")
    _open_tables(TableWorker(store, broker), 4)
    messages = await _listen(broker)
    relay = relay_runner(store, broker)
    assert await relay.catch_up() == len(store.notifications(0, 10_000))
    await _until(lambda: messages)
    await asyncio.sleep(0.2)  # nothing more follows
    assert messages == [_table_positions(store)]
    assert relay.projection.messages == 1  # type: ignore[attr-defined]


class _Failing:
    """A broker whose publishes fail until `healthy` (everything else passes through)."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.topology = broker.topology
        self.healthy = False

    async def publish(
        self, exchange: str, key: str, body: bytes, headers: Mapping[str, str] | None = None
    ) -> None:
        if not self.healthy:
            raise Unavailable("RabbitMQ is unavailable", code="broker_unavailable")
        await self.broker.publish(exchange, key, body, headers)


async def test_a_relay_whose_publish_fails_keeps_its_position_and_publishes_everything_later(
    broker: Broker, tmp_path
) -> None:
    store = open_store(f"sqlite:///{tmp_path}/r.db")
    worker = TableWorker(store, broker)
    _open_tables(worker, 2)
    messages = await _listen(broker)
    failing = _Failing(broker)
    relay = relay_runner(store, failing)  # type: ignore[arg-type]
    with pytest.raises(Unavailable):
        await relay.catch_up()
    assert relay.position == 0
    assert _recorded(store) == 0, "recorded before the broker took it"
    _open_tables(worker, 2)
    failing.healthy = True
    await relay.catch_up()
    published = relay.position
    assert published == store.last_position()
    # Once the log is quiet (a look finds nothing new, a moment after the last batch), the
    # position is recorded.
    await _until(lambda: _recorded(store) == published, step=relay.catch_up)
    await _until(lambda: sum(map(len, messages)) == len(_table_positions(store)))
    flat = [position for message in messages for position in message]
    assert flat == _table_positions(store)  # every event once, positions increasing


async def test_the_relay_records_its_position_while_events_keep_coming(tmp_path) -> None:
    broker = MemoryBroker(TOPOLOGY, prefix="r" + uuid.uuid4().hex[:8])
    await broker.connect()
    store = open_store(f"sqlite:///{tmp_path}/r.db")
    worker = TableWorker(store, broker)
    relay = relay_runner(store, broker, idle=3600.0)  # never quiet: only the interval records
    running = asyncio.create_task(relay.run())
    recorded: list[int] = []
    try:
        for _ in range(int(RECORD_EVERY * 4 / 0.05)):
            _open_tables(worker, 1)
            relay.wake()
            await asyncio.sleep(0.05)
            recorded.append(_recorded(store))
        assert recorded[-1] > 0, "the position is recorded only when the store goes quiet"
        assert len(set(recorded)) >= 3, "recorded once, not regularly"
        assert recorded == sorted(recorded)
    finally:
        await stop_tasks([running])  # cancelled until it ends (aio-pika may swallow one)
        await broker.cleanup()


async def test_commits_within_the_linger_go_out_as_one_message_unless_someone_waits(
    tmp_path,
) -> None:
    broker = MemoryBroker(TOPOLOGY, prefix="r" + uuid.uuid4().hex[:8])
    await broker.connect()
    store = open_store(f"sqlite:///{tmp_path}/r.db")
    worker = TableWorker(store, broker)
    messages = await _listen(broker)
    relay = relay_runner(store, broker, linger=3600.0)  # no second look unless hurried
    running = asyncio.create_task(relay.run())
    try:
        # Its first look done (else a late first look could take the commits below whole).
        await _until(lambda: relay.active and relay.looks > 0)
        for _ in range(3):  # three commits, each heard at once: without a linger, three looks
            _open_tables(worker, 1)
            relay.wake()
            await asyncio.sleep(0.02)
        assert messages == [], "published before the linger ran out"
        # A caller waiting for the newest position cuts the linger short: one message.
        assert await relay.wait(store.last_position(), timeout=10.0)
        await _until(lambda: messages)
        assert messages == [_table_positions(store)]
    finally:
        await stop_tasks([running])
        await broker.cleanup()
