"""Single-active relay across processes: one publishes, a standby takes over after SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid

import pytest

from services.cli.platform import PlatformConfig
from services.table.worker import TableWorker
from shared.messaging.amqp import AmqpBroker
from shared.messaging.port import Delivery, Topology
from shared.store import open_store
from shared.tables.envelopes import is_table_notification, published
from tests.harness.commands import play_some, started_table
from tests.helpers import free_port
from tests.observekit import scrape, until, value

pytestmark = pytest.mark.pg_processes  # platform processes on PostgreSQL (tests/conftest.py)


def _start_relay(config: PlatformConfig, port: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "services.cli.main", "relay", "--store", config.store,
         "--broker", config.broker, "--prefix", config.prefix, "--shards", str(config.shards),
         "--metrics-port", str(port)],
        env={**os.environ, "SENET_LOG_LEVEL": "WARNING"},
    )  # fmt: skip


async def _metric(port: int, name: str) -> float | None:
    try:
        return value(await scrape(f"http://127.0.0.1:{port}/metrics"), name)
    except OSError:  # not listening yet
        return None


async def test_only_one_relay_publishes_and_a_standby_takes_over_after_sigkill(
    real_config: PlatformConfig,
) -> None:
    # Small pools: PostgreSQL's 100 connections are shared with other tests on the machine.
    real_config.store += "&pool_size=2"
    store = open_store(real_config.store)
    broker = AmqpBroker(real_config.broker, Topology(shards=real_config.shards), real_config.prefix)
    delivered: list[int] = []

    async def collect(delivery: Delivery) -> None:
        delivered.extend(envelope.position for envelope in published(delivery.body))

    await broker.subscribe("events", "#", collect, queue="watch")
    worker = TableWorker(store, broker)
    ports = [free_port(), free_port()]
    relays = [_start_relay(real_config, port) for port in ports]

    def table_positions() -> list[int]:
        notes = store.notifications(0, 100_000)
        return [note.id for note in notes if is_table_notification(note)]

    async def all_delivered() -> bool:
        return set(table_positions()) <= set(delivered)

    try:

        async def one_active() -> bool:
            states = {await _metric(port, "senet_relay_active") for port in ports}
            return states == {0.0, 1.0}

        await until(one_active, "one relay active, the other standing by")
        actives = [await _metric(port, "senet_relay_active") for port in ports]
        active, standby = (0, 1) if actives[0] == 1.0 else (1, 0)
        table_id = str(uuid.uuid4())
        started_table(worker, table_id)
        play_some(worker, table_id, 10, seed=1)
        await until(all_delivered, "events of the first half delivered")
        assert sorted(delivered) == table_positions()  # each exactly once: one publisher
        counter = "senet_relay_published_events_total"
        assert await _metric(ports[active], counter) == len(delivered)
        assert await _metric(ports[standby], counter) == 0

        relays[active].send_signal(signal.SIGKILL)
        relays[active].wait()
        play_some(worker, table_id, 10, seed=2)

        async def took_over() -> bool:
            return await _metric(ports[standby], "senet_relay_active") == 1.0

        await until(took_over, "the standby takes the lease")
        await until(all_delivered, "events stored after the kill delivered")
        assert set(delivered) == set(table_positions())  # no event lost
    finally:
        for relay in relays:
            relay.kill()
            relay.wait()
        await broker.cleanup()
        store.close()
