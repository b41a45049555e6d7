"""Outages of the servers themselves, mid-run under a bot load: RabbitMQ and PostgreSQL.

Only this module stops RabbitMQ (`rabbitmqctl stop_app`); other tests share the server, so
the outage is a few seconds, `start_app` always runs, and the test is marked
`stops_rabbitmq`: it holds the broker lock of tests/conftest.py alone while every other test,
in any test process on the machine, waits.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from shared.store import EventStore
from tests.faults.checks import assert_survived
from tests.faults.cluster import Cluster, run, start_rabbitmq
from tests.faults.load import Load

pytestmark = pytest.mark.integration

FAULT_AT = 150  # accepted moves before the fault
RABBITMQ_DOWN = 3.0  # seconds between stop_app and start_app
POSTGRES_DROPS = 6  # rounds of pg_terminate_backend ...
DROP_EVERY = 0.5  # ... this many seconds apart


@pytest.mark.stops_rabbitmq
async def test_a_rabbitmq_restart_mid_run_loses_no_move_and_every_consumer_comes_back(
    cluster: Cluster, store: EventStore
) -> None:
    load = Load(cluster.url)
    load.start()
    await cluster.guard(load.until_moves(FAULT_AT))
    stopped = time.monotonic()
    try:
        await asyncio.to_thread(run, ["rabbitmqctl", "stop_app"])
        await asyncio.sleep(RABBITMQ_DOWN)
    finally:
        start_rabbitmq()  # blocking on purpose: it runs even when the test is cancelled
    await cluster.guard(load.finish())
    print("\n" + load.report("RabbitMQ restart", stopped))
    await assert_survived(load, cluster, store)
    # Every queue is consumed again, not only read around: the shards (table worker), the
    # private event queues (the gateway's views, scoring's and the gateway's read-model
    # wake-ups) and every reply queue.
    # The worker rejoins its shards through its group slot a moment after the broker is
    # back; under a loaded machine that can trail the last answered move: wait for it.
    for _ in range(60):  # every queue, not only some of each kind: restores come one by one
        consumed = await asyncio.to_thread(cluster.consumers)
        kinds = {name.split(".")[1] for name, count in consumed.items() if count > 0}
        held = {name for name in consumed if name.endswith(".lease") or ".table.slot." in name}
        idle = [
            name for name, count in consumed.items()
            if count == 0 and ".dlq" not in name and name not in held
        ]  # fmt: skip
        if kinds == {"commands", "private", "reply"} and not idle:
            break
        await asyncio.sleep(0.25)
    assert kinds == {"commands", "private", "reply"}
    # Leases and slots are exclusive queues nobody consumes: holding one is the point.
    assert any(name.endswith(".relay.lease") for name in held), "the relay took its lease again"
    assert any(name.endswith(".readmodels.lease") for name in held), "a projector took its lease"
    group_log = [line for line in cluster.log_lines("table") if "group" in line.get("event", "")]
    assert any(".table.slot." in name for name in held), group_log  # the worker rejoined
    assert idle == []


async def test_postgresql_connections_dropped_mid_run_lose_no_move(
    cluster: Cluster, store: EventStore
) -> None:
    load = Load(cluster.url)
    load.start()
    await cluster.guard(load.until_moves(FAULT_AT))
    dropped = time.monotonic()
    terminated = 0
    for _ in range(POSTGRES_DROPS):
        terminated += await asyncio.to_thread(cluster.drop_connections)
        await asyncio.sleep(DROP_EVERY)
    assert terminated > 0  # the processes' connections were really cut
    await cluster.guard(load.finish())
    print("\n" + load.report(f"PostgreSQL ({terminated} connections cut)", dropped))
    await assert_survived(load, cluster, store)
