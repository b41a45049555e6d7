"""The platform on the real RabbitMQ and PostgreSQL: a full game, crashes, restarts."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import uuid

import pytest
from aiohttp.test_utils import TestClient

from services.bench.rebuilt_views import rebuilt_views
from services.cli.platform import Platform, PlatformConfig
from services.gateway.keys import TABLE_CACHE, GatewaySettings
from services.gateway.views.table_cache import TableCache
from services.table.relay import Relay, relay_runner
from services.table.shards import GROUP
from services.table.worker import TableWorker
from shared.projections.runner import Batch, ProjectionRunner
from shared.store import open_store
from shared.tables.aggregate import Table
from shared.tables.envelopes import is_table_notification
from tests.harness.commands import play_some, started_table
from tests.platform import open_table, play_moves, rebuilt_views_equal_live, view

pytestmark = pytest.mark.pg_processes  # platform processes on PostgreSQL (tests/conftest.py)


async def test_full_ra_game_on_rabbitmq_and_postgresql(
    real_client: TestClient, real_platform: Platform
) -> None:
    table_id, players = await open_table(real_client, "ra", 4)
    moves = await play_moves(real_client, table_id, players, seed=11)
    final = await view(real_client, table_id, players[0])
    assert final["result"] is not None and moves > 30
    assert real_platform.app is not None
    await rebuilt_views_equal_live(real_platform, real_platform.app[TABLE_CACHE])


def _stored_table_events(store_url: str) -> list[tuple[str, int, str | None, bool]]:
    """(table, version, command id, carries a game move) for every stored table event (a
    join stores the invitation it named as its move: not a game move)."""
    store = open_store(store_url)
    out = []
    for note in store.notifications(0, 100_000):
        if is_table_notification(note):
            event = store.decode(note)
            move = (
                isinstance(event, Table.Recorded)
                and event.move is not None
                and event.name != "SeatTaken"
            )
            out.append((str(event.originator_id), event.originator_version, event.command_id, move))
    return out


def _start_table_worker(config: PlatformConfig) -> subprocess.Popen[bytes]:
    env = {**os.environ, "SENET_LOG_LEVEL": "WARNING"}
    return subprocess.Popen(
        [sys.executable, "-m", "services.cli.main", "table", "--store", config.store,
         "--broker", config.broker, "--prefix", config.prefix, "--shards", str(config.shards)],
        env=env,
    )  # fmt: skip


async def _until_a_worker_serves(platform: Platform) -> None:
    """Wait until a table worker process holds a slot of the shard group."""
    broker, shards = platform.broker, platform.config.shards
    async with asyncio.timeout(60):  # a guard against a worker that never comes up
        while not (await broker.members(GROUP, shards, claim=False)).live:
            await asyncio.sleep(0.2)


async def test_sigkill_of_the_table_worker_loses_no_move_and_duplicates_no_event(
    real_config: PlatformConfig, aiohttp_client
) -> None:
    gateway = Platform(
        PlatformConfig(
            store=real_config.store,
            broker=real_config.broker,
            prefix=real_config.prefix,
            shards=real_config.shards,
            roles=frozenset({"gateway"}),
            # A loaded machine may take seconds to start the worker process: the pending
            # command below must outlast that (this test is about loss, not speed).
            gateway=GatewaySettings(command_timeout=60.0),
        )
    )
    await gateway.start()
    worker = _start_table_worker(real_config)
    try:
        assert gateway.app is not None
        client = await aiohttp_client(gateway.app)
        await _until_a_worker_serves(gateway)
        table_id, players = await open_table(client, "ra", 3)
        accepted = await play_moves(client, table_id, players, seed=21, limit=25)
        worker.send_signal(signal.SIGKILL)
        worker.wait()
        # A move sent while no worker runs waits in the quorum queue for the next one.
        current = await view(client, table_id, players[0])
        actor = players[current["to_act"][0]]
        mine = await view(client, table_id, actor)
        body = {"move": mine["legal_moves"][0], "command_id": "during-outage"}
        pending = asyncio.create_task(
            client.post(f"/api/tables/{table_id}/moves", json=body, headers=actor.auth)
        )
        await asyncio.sleep(0.5)
        worker = _start_table_worker(real_config)
        response = await pending
        assert response.status == 200, await response.text()
        first = await response.json()
        accepted += 1
        # The same command id after the restart is answered from the store, not applied again.
        again = await client.post(f"/api/tables/{table_id}/moves", json=body, headers=actor.auth)
        repeat = await again.json()
        assert repeat["replayed"] is True and repeat["version"] == first["version"]
        accepted += await play_moves(client, table_id, players, seed=22)
        final = await view(client, table_id, players[0])
        assert final["result"] is not None
        stored = _stored_table_events(real_config.store)
        versions = [v for t, v, _, _ in stored if t == table_id]
        assert versions == list(range(1, len(versions) + 1))  # no gap, no duplicate
        moves_stored = sum(1 for t, _, _, move in stored if t == table_id and move)
        assert moves_stored == accepted
        await gateway.app[TABLE_CACHE].wait_for(table_id, len(versions), 5)
        await rebuilt_views_equal_live(gateway, gateway.app[TABLE_CACHE])
    finally:
        worker.kill()
        worker.wait()
        await gateway.broker.cleanup()
        await gateway.stop()


class _CrashAfterPublish(Relay):
    """A relay that dies after publishing a batch but before recording its position."""

    async def process(self, batch: Batch) -> bool:
        await super().process(batch)
        raise RuntimeError("relay killed between publish and position record")


async def test_relay_restarted_mid_stream_publishes_no_gap_and_nothing_applied_twice(
    real_config: PlatformConfig,
) -> None:
    platform = Platform(
        PlatformConfig(
            store=real_config.store,
            broker=real_config.broker,
            prefix=real_config.prefix,
            roles=frozenset(),
        )
    )
    await platform.start()
    try:
        store, broker = platform.store, platform.broker
        worker = TableWorker(store, broker)
        projector = TableCache(store, broker)
        await projector.start()
        table_id = str(uuid.uuid4())
        started_table(worker, table_id)
        cached = await projector.get(table_id)  # only cached tables follow the stream
        assert cached is not None
        loaded = cached.state.version
        crashing = ProjectionRunner(store, _CrashAfterPublish(store, broker))
        with pytest.raises(RuntimeError):
            await crashing.catch_up()
        play_some(worker, table_id, 10)
        restarted = relay_runner(store, broker)
        assert await restarted.resume() == 0  # the crash lost the position: it republishes
        await restarted.catch_up()
        table_events = sum(1 for n in store.notifications(0, 10_000) if is_table_notification(n))
        last = store.last_position()
        for _ in range(100):
            if projector.newest_heard >= last:
                break
            await asyncio.sleep(0.05)
        assert projector.newest_heard == last
        # each event after the load applied exactly once, the republished ones skipped
        assert projector.applied_events == table_events - loaded
        rebuilt = await rebuilt_views(store)
        assert rebuilt.tables[table_id].state == projector.tables[table_id].state
    finally:
        await platform.broker.cleanup()
        await platform.stop()
