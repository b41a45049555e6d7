"""Two `senet gateway` processes on one RabbitMQ and PostgreSQL serve the same views.

A move sent through one gateway is pushed to a WebSocket held by the other, and the views
both serve equal a rebuild from the store. Each gateway loads tables on demand, so neither
needs the other's memory.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from services.bench.rebuilt_views import rebuilt_views
from services.gateway.views.player import player_view
from shared.store import open_store
from tests.faults.cluster import Cluster, free_port
from tests.harness.errors import plain

pytestmark = [pytest.mark.integration, pytest.mark.pg_processes]


def _gateway(cluster: Cluster, port: int, log: Path) -> subprocess.Popen[bytes]:
    argv = [sys.executable, "-m", "services.cli.main", "--log-json", "gateway",
            "--store", cluster.store, "--broker", cluster.broker, "--prefix", cluster.prefix,
            "--shards", str(cluster.shards), "--port", str(port), "--table-cache", "4"]  # fmt: skip
    env = {**os.environ, "PGAPPNAME": cluster.app_name}
    with log.open("wb") as out:
        return subprocess.Popen(argv, env=env, stdout=out, stderr=out)


async def _ready(session: aiohttp.ClientSession, base: str) -> None:
    for _ in range(600):
        try:
            async with session.get(base + "/readyz") as response:
                if response.status == 200:
                    return
        except aiohttp.ClientError:
            pass
        await asyncio.sleep(0.1)
    raise AssertionError(f"{base} never became ready")


async def _call(
    session: aiohttp.ClientSession, method: str, url: str, token: str = "", body: Any = None
) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with session.request(method, url, json=body, headers=headers) as response:
        data = await response.json()
        assert response.status < 300, (url, data)
        return data


async def test_a_move_through_one_gateway_is_pushed_by_the_other_and_views_equal_a_rebuild(
    amqp_url: str, postgres_url: str, unique_name: str, tmp_path: Path
) -> None:
    store_url = f"{postgres_url}&pool_size=2"
    cluster = Cluster(store=store_url, broker=amqp_url, prefix=unique_name, logs=tmp_path)
    ports = [free_port(), free_port()]
    gateways: list[subprocess.Popen[bytes]] = []
    try:
        cluster.start("table")  # the command worker
        cluster.start("relay")
        for index, port in enumerate(ports):
            gateways.append(_gateway(cluster, port, tmp_path / f"gateway{index}.log"))
        one, two = (f"http://127.0.0.1:{port}" for port in ports)
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as session:
            await _ready(session, one)
            await _ready(session, two)
            ann = await _call(session, "POST", f"{one}/api/players", body={"name": "ann"})
            bob = await _call(session, "POST", f"{two}/api/players", body={"name": "bob"})
            tokens = [ann["token"], bob["token"]]
            created = await _call(
                session, "POST", f"{one}/api/tables", tokens[0], {"game": "ra", "seats": 2}
            )
            table = created["table_id"]
            await _call(session, "POST", f"{two}/api/tables/{table}/join", tokens[1], {})
            await _call(session, "POST", f"{one}/api/tables/{table}/start", tokens[0], {})
            socket = await session.ws_connect(f"{two}/api/tables/{table}/ws?token={tokens[1]}")
            rng = random.Random(3)
            version = 0
            for turn in range(12):
                # Moves alternate between the gateways; the socket is always on the second.
                via = (one, two)[turn % 2]
                path = f"{via}/api/tables/{table}/view?min_version={version}"  # read our writes
                first = await _call(session, "GET", path, tokens[0])
                seat = first["to_act"][0]
                mine = await _call(session, "GET", path, tokens[seat])
                outcome = await _call(
                    session, "POST", f"{via}/api/tables/{table}/moves", tokens[seat],
                    {"move": rng.choice(mine["legal_moves"])},
                )  # fmt: skip
                version = outcome["version"]
                pushed: dict[str, Any] = {}
                while pushed.get("table", {}).get("version", 0) < outcome["version"]:
                    message = await socket.receive(timeout=10)
                    pushed = json.loads(message.data)
                assert pushed["table"]["version"] == version == outcome["version"]
            await socket.close()
            rebuilt = await rebuilt_views(open_store(store_url))
            expected = rebuilt.tables[table]
            for seat, token in enumerate(tokens):
                wanted = plain(player_view(expected, seat))
                for base in (one, two):
                    path = f"{base}/api/tables/{table}/view?min_version={expected.state.version}"
                    assert await _call(session, "GET", path, token) == wanted
    finally:
        for process in gateways:
            process.send_signal(signal.SIGTERM)
        for process in gateways:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        cluster.stop_all()
        await cluster.delete_broker_objects()
