"""SIGKILL of one service process mid-run, under a bot load, then a restart: nothing lost.

The table worker's SIGKILL without load is also in tests/integration/test_real_servers.py.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

import pytest

from shared.messaging.amqp import AmqpBroker
from shared.messaging.port import Topology
from shared.store import EventStore
from tests.faults.checks import assert_survived
from tests.faults.cluster import Cluster
from tests.faults.load import Load

pytestmark = pytest.mark.integration

FAULT_AT = 150  # accepted moves before the fault: the games are well under way
DOWN = 2.0  # seconds the killed role stays dead while the bots keep playing


async def kill_and_restart(
    cluster: Cluster,
    load: Load,
    role: str,
    while_down: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Kill a role mid-run, leave it dead for a while, start it again; report the pause."""
    await cluster.guard(load.until_moves(FAULT_AT))
    killed = time.monotonic()
    cluster.kill(role)
    if while_down is not None:
        await while_down()
    await asyncio.sleep(DOWN)
    await cluster.restart(role)
    back = time.monotonic() - killed
    await cluster.guard(load.finish())
    print("\n" + load.report(f"SIGKILL {role} (back after {back:.1f}s)", killed))


@pytest.mark.parametrize("role", ["relay", "gateway"])
async def test_a_role_sigkilled_mid_run_loses_no_move_and_its_projections_equal_a_rebuild(
    cluster: Cluster, store: EventStore, role: str
) -> None:
    load = Load(cluster.url)
    load.start()
    await kill_and_restart(cluster, load, role)
    await assert_survived(load, cluster, store)


async def test_scoring_sigkilled_mid_run_rescores_from_the_store_and_ignores_poison(
    cluster: Cluster, store: EventStore
) -> None:
    load = Load(cluster.url)
    load.start()
    broker = AmqpBroker(cluster.broker, Topology(shards=cluster.shards), cluster.prefix)
    await broker.connect()

    async def poison() -> None:
        # Published while the service is dead: the projectors take a message only as a
        # wake-up and read the store, so it harms nothing.
        await broker.publish(broker.topology.events_exchange, "ra.Poison.none", b"not json")

    try:
        await kill_and_restart(cluster, load, "scoring", while_down=poison)
        await assert_survived(load, cluster, store)
    finally:
        await broker.close()
