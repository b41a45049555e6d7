"""A relay in another process publishes a worker's events at once: PostgreSQL's NOTIFY
(or, on other stores, the worker's commit signal) wakes it, not its poll (an hour long)."""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from pathlib import Path

from services.cli.platform import Platform, PlatformConfig
from services.gateway.tables.commands import send
from services.table.relay import relay_runner
from services.table.worker import TableWorker
from shared.contracts.envelopes import CreateTable
from shared.messaging.amqp import AmqpBroker
from shared.messaging.port import Delivery, Topology
from shared.messaging.wake import COMMITTED, CommitSignal, is_commit_signal
from shared.projections.runner import Projection, ProjectionRunner
from shared.store import open_store
from shared.store.commits import CommitListener, listen_for_commits, listens
from shared.tables.client import TableClient
from shared.tables.envelopes import published
from shared.tasks import stop_tasks
from tests.conftest import PG_URL
from tests.harness.commands import new_command
from tests.helpers import until_true


async def test_a_relay_polling_once_an_hour_publishes_a_commit_at_once(
    real_config: PlatformConfig,
) -> None:
    real_config.roles = frozenset({"table"})  # the table worker alone: no relay beside it
    real_config.store += "&pool_size=2"
    topology = Topology(shards=real_config.shards)
    platform = Platform(real_config)
    await platform.start()
    relay_broker = AmqpBroker(real_config.broker, topology, real_config.prefix)
    relay = relay_runner(open_store(real_config.store), relay_broker, idle=3600.0)
    heard: list[tuple[float, str]] = []

    async def collect(delivery: Delivery) -> None:
        for envelope in published(delivery.body):
            heard.append((time.monotonic(), envelope.name))

    await relay_broker.subscribe("events", "#", collect)
    first = await send(
        TableClient(platform.broker), table_id=str(uuid.uuid4()), player_id="p0",
        action=CreateTable(game="ra", seats=2, player_name="zero"),
    )  # fmt: skip
    assert first.accepted
    running = asyncio.create_task(relay.run())
    try:
        await until_true(lambda: len(heard) >= 2, "the first table, read at its first look")
        # The relay went to sleep after its first look: the next one without a wake-up is
        # an hour away, so publishing the second table at all shows it was woken.
        outcome = await send(
            TableClient(platform.broker), table_id=str(uuid.uuid4()), player_id="p0",
            action=CreateTable(game="ra", seats=2, player_name="one"),
        )  # fmt: skip
        assert outcome.accepted
        await until_true(lambda: len(heard) >= 4, "the second table published")
        assert [name for _, name in heard] == ["TableCreated", "SeatTaken"] * 2
    finally:
        await stop_tasks([running])  # cancelled until it ends (aio-pika may swallow one)
        await relay_broker.cleanup()
        await relay_broker.close()
        await platform.broker.cleanup()
        await platform.stop()


async def test_a_worker_on_a_real_broker_and_another_store_signals_each_commit(
    real_config: PlatformConfig, tmp_path: Path
) -> None:
    real_config.store = f"sqlite:///{tmp_path}/senet.db"  # no NOTIFY: consumers elsewhere
    real_config.roles = frozenset({"table", "relay"})  # a local relay is woken directly too
    platform = Platform(real_config)
    await platform.start()
    signals: list[Delivery] = []

    async def hear(delivery: Delivery) -> None:
        signals.append(delivery)

    exchange = platform.broker.topology.signals_exchange
    await platform.broker.subscribe(exchange, COMMITTED, hear, queue=None)
    try:
        outcome = await send(
            TableClient(platform.broker), table_id=str(uuid.uuid4()), player_id="p0",
            action=CreateTable(game="ra", seats=2, player_name="zero"),
        )  # fmt: skip
        assert outcome.accepted
        await until_true(lambda: any(is_commit_signal(d) for d in signals), "a commit signal")
        relay = platform.relay
        assert relay is not None
        await until_true(lambda: relay.position >= outcome.position, "the local relay")
    finally:
        await platform.broker.cleanup()
        await platform.stop()


async def test_postgresql_tells_a_listener_of_every_commit_and_no_commit_signal_is_sent(
    real_config: PlatformConfig,
) -> None:
    real_config.store += "&pool_size=2"
    store = open_store(real_config.store)
    assert listens(store)
    assert not listens(open_store("memory"))
    woken = asyncio.Event()
    listening = asyncio.create_task(listen_for_commits(store, woken.set))
    try:
        await asyncio.wait_for(woken.wait(), 10)  # once when listening starts
        woken.clear()
        worker = TableWorker(store, None)  # type: ignore[arg-type]
        table = str(uuid.uuid4())
        create = CreateTable(game="ra", seats=2, player_name="A")
        assert worker.decide_and_store(new_command(table, "a", create)).accepted
        await asyncio.wait_for(woken.wait(), 5)
    finally:
        await stop_tasks([listening])
        store.close()
    real_config.roles = frozenset({"table"})
    platform = Platform(real_config)
    await platform.start()
    try:
        assert platform.worker is not None  # it wakes this process's consumers, no more
        assert not isinstance(platform.worker.on_saved, CommitSignal)
    finally:
        await platform.broker.cleanup()
        await platform.stop()


def _listening(name: str) -> int:
    """The server's connections of that application name that LISTEN."""
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True, application_name="senet-tests") as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
            " AND query LIKE 'LISTEN%%'",
            (name,),
        ).fetchone()
    return int(row[0]) if row else 0


async def test_the_runners_of_a_process_share_one_listening_connection(
    real_config: PlatformConfig,
) -> None:
    real_config.store += "&pool_size=2"
    store = open_store(real_config.store)
    name = os.environ["PGAPPNAME"]  # this test's own (tests/conftest.py)
    woken = [asyncio.Event() for _ in range(3)]
    listener = CommitListener.of(store)
    assert CommitListener.of(store) is listener
    try:
        for event in woken:
            listener.add(event.set)
        for event in woken:  # once when listening starts, or when it joins
            await asyncio.wait_for(event.wait(), 10)
            event.clear()
        assert _listening(name) == 1
        worker = TableWorker(store, None)  # type: ignore[arg-type]
        create = CreateTable(game="ra", seats=2, player_name="A")
        assert worker.decide_and_store(new_command(str(uuid.uuid4()), "a", create)).accepted
        for event in woken:
            await asyncio.wait_for(event.wait(), 5)
        for event in woken[:2]:
            await listener.remove(event.set)
        assert _listening(name) == 1  # the last one still hears
        await listener.remove(woken[2].set)
        await until_true(lambda: _listening(name) == 0, "the listening connection closed")
        assert CommitListener.of(store) is not listener  # a new one for the next subscriber
        runners = [ProjectionRunner(store, Projection()) for _ in range(3)]
        for runner in runners:
            await runner.listen()
        await until_true(lambda: all(r.wakeup.is_set() for r in runners), "listening")
        assert _listening(name) == 1
        for runner in runners:
            await runner.unlisten()
        await until_true(lambda: _listening(name) == 0, "the runners' connection closed")
    finally:
        store.close()
