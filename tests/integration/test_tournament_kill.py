"""The tournament manager on RabbitMQ and PostgreSQL, SIGKILLed while it opens a round's
tables: after the restart every match table exists exactly once, every result is recorded
once, and the tournament finishes."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from services.cli.platform import Platform, PlatformConfig
from services.gateway.keys import GatewaySettings
from shared.store import open_store
from shared.tables.aggregate import Table
from shared.tables.envelopes import is_table_notification
from shared.tournaments.aggregate import Tournament
from tests.integration.test_real_servers import _until_a_worker_serves
from tests.tournamenthttp import ok, play, round_opened, signed_up

pytestmark = pytest.mark.pg_processes  # platform processes on PostgreSQL (tests/conftest.py)


def _start_worker(config: PlatformConfig) -> subprocess.Popen[bytes]:
    """`senet table`: table worker, relay and tournament manager, pausing after effects."""
    env = {**os.environ, "SENET_LOG_LEVEL": "WARNING", "SENET_TOURNAMENT_PAUSE": "0.4"}
    return subprocess.Popen(
        [sys.executable, "-m", "services.cli.main", "table", "--store", config.store,
         "--broker", config.broker, "--prefix", config.prefix, "--shards", str(config.shards)],
        env=env,
    )  # fmt: skip


def _stored(store_url: str) -> tuple[Counter[str], Counter[str]]:
    """TableCreated per table id, and the tournament's events by name."""
    store = open_store(store_url)
    created: Counter[str] = Counter()
    names: Counter[str] = Counter()
    for note in store.notifications(0, 100_000):
        if is_table_notification(note):
            event = store.decode(note)
            if isinstance(event, Table.Created):
                created[str(event.originator_id)] += 1
        elif note.topic.startswith(f"{Tournament.__module__}:{Tournament.__qualname__}."):
            event = store.decode(note)
            names[getattr(event, "name", "TournamentCreated")] += 1
    return created, names


async def _until_some_table_exists(store_url: str, tables: list[str]) -> None:
    async with asyncio.timeout(60):
        while True:
            created, _ = await asyncio.to_thread(_stored, store_url)
            if any(created[t] for t in tables):
                return
            await asyncio.sleep(0.1)


async def test_sigkill_while_opening_a_round_opens_each_match_table_exactly_once(
    real_config: PlatformConfig, aiohttp_client: Any
) -> None:
    gateway = Platform(
        PlatformConfig(
            store=real_config.store, broker=real_config.broker, prefix=real_config.prefix,
            shards=real_config.shards, roles=frozenset({"gateway"}),
            gateway=GatewaySettings(command_timeout=60.0),
        )
    )  # fmt: skip
    await gateway.start()
    worker = _start_worker(real_config)
    try:
        assert gateway.app is not None
        client = await aiohttp_client(gateway.app)
        await _until_a_worker_serves(gateway)
        tid, entrants = await signed_up(client, 6, fmt="swiss", rounds=2)
        by_id = {p.player_id: p for p in entrants}
        await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                    headers=entrants[0].auth))  # fmt: skip
        paired = await ok(await client.get(f"/api/tournaments/{tid}"))
        tables = [m["table_id"] for m in paired["rounds"][0]["matches"]]
        assert len(tables) == 3
        # Kill the manager after it opened a table of round 1, before the others.
        await _until_some_table_exists(real_config.store, tables)
        worker.send_signal(signal.SIGKILL)
        worker.wait()
        created, _ = await asyncio.to_thread(_stored, real_config.store)
        assert 1 <= sum(1 for t in tables if created[t]) < 3  # killed mid-round
        worker = _start_worker(real_config)
        for number in (1, 2):
            view = await round_opened(client, tid, number)
            matches = view["rounds"][number - 1]["matches"]
            await asyncio.gather(*(play(client, m["table_id"], by_id, number) for m in matches))
            if number == 1:  # and once more while round 1's results are being recorded
                worker.send_signal(signal.SIGKILL)
                worker.wait()
                worker = _start_worker(real_config)
        view = await round_opened(client, tid, 3)
        assert view["summary"]["status"] == "finished"
        created, names = await asyncio.to_thread(_stored, real_config.store)
        matches = [m["table_id"] for r in view["rounds"] for m in r["matches"]]
        assert len(matches) == 6
        assert all(created[t] == 1 for t in matches)
        assert names["ResultRecorded"] == 6
        assert names["RoundPaired"] == 2 and names["MatchTablesOpened"] == 2
        assert names["TournamentFinished"] == 1
        standings = await ok(await client.get(f"/api/tournaments/{tid}/standings"))
        assert len(standings["items"]) == 6
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.wait()
        await gateway.broker.cleanup()
        await gateway.stop()
