"""One read-model projector per deployment: with two gateways one folds, the other stands
by and takes over within seconds of a SIGKILL; a list read after a write through the same
gateway sees it, and the other gateway lists it once folded."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import aiohttp
import pytest

from services.cli.platform import Platform, PlatformConfig
from tests.helpers import free_port
from tests.observekit import scrape, until, value

pytestmark = pytest.mark.pg_processes  # platform processes on PostgreSQL (tests/conftest.py)


def _start_gateway(config: PlatformConfig, port: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "services.cli.main", "gateway", "--store", config.store,
         "--broker", config.broker, "--prefix", config.prefix, "--shards", str(config.shards),
         "--port", str(port)],
        env={**os.environ, "SENET_LOG_LEVEL": "WARNING"},
    )  # fmt: skip


async def _active(port: int) -> float | None:
    try:
        return value(await scrape(f"http://127.0.0.1:{port}/metrics"), "senet_readmodels_active")
    except (OSError, aiohttp.ClientError, AssertionError):
        return None


async def _create(session: aiohttp.ClientSession, gateway: str) -> tuple[str, dict[str, str]]:
    """Open a table through a gateway: its id, and its host's auth header."""
    async with session.post(f"{gateway}/api/players", json={"name": f"p{time.time_ns()}"}) as r:
        token = (await r.json())["token"]
    headers = {"Authorization": f"Bearer {token}"}
    body = {"game": "ra", "seats": 2}
    async with session.post(f"{gateway}/api/tables", json=body, headers=headers) as r:
        assert r.status in (200, 201), await r.text()
        return str((await r.json())["table_id"]), headers


async def _listed(
    session: aiohttp.ClientSession, gateway: str, table_id: str, headers: dict[str, str]
) -> bool:
    async with session.get(f"{gateway}/api/tables?limit=200", headers=headers) as r:
        assert r.status == 200, await r.text()
        return table_id in [row["table_id"] for row in (await r.json())["items"]]


async def _lobby_after_create(session: aiohttp.ClientSession, gateway: str) -> bool:
    """Open a table through a gateway and list the lobby through the same one at once: a
    gateway's lists wait for the read models to reach what its commands stored."""
    table_id, headers = await _create(session, gateway)
    return await _listed(session, gateway, table_id, headers)


async def _listed_by_the_other(session: aiohttp.ClientSession, write: str, read: str) -> None:
    """Open a table through one gateway; the other lists it once the folding projector has
    stored it (the other gateway has not heard of the write: it cannot wait for it)."""
    table_id, headers = await _create(session, write)

    async def listed() -> bool:
        return await _listed(session, read, table_id, headers)

    await until(listed, "the table listed by the other gateway", timeout=30)


async def test_one_projector_folds_and_a_standby_takes_over_after_sigkill(
    real_config: PlatformConfig,
) -> None:
    real_config.store += "&pool_size=2"
    real_config.roles = frozenset({"table", "relay"})
    platform = Platform(real_config)
    await platform.start()
    ports = [free_port(), free_port()]
    gateways = [_start_gateway(real_config, port) for port in ports]
    try:

        async def one_active() -> bool:
            for gateway in gateways:  # both must be up, not one up and one dead
                assert gateway.poll() is None, f"a gateway exited with {gateway.returncode}"
            states = [await _active(port) for port in ports]
            return None not in states and sorted(states) == [0.0, 1.0]  # type: ignore[type-var]

        await until(one_active, "one projector active, the other standing by")
        active = 0 if await _active(ports[0]) == 1.0 else 1
        standby = 1 - active
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        async with aiohttp.ClientSession() as session:
            await _listed_by_the_other(session, urls[active], urls[standby])
            assert await _lobby_after_create(session, urls[standby])
            gateways[active].send_signal(signal.SIGKILL)
            gateways[active].wait()
            killed = time.monotonic()

            async def took_over() -> bool:
                return await _active(ports[standby]) == 1.0

            await until(took_over, "the standby projector takes over", timeout=20)
            assert time.monotonic() - killed < 15
            assert await _lobby_after_create(session, urls[standby])
    finally:
        for gateway in gateways:
            gateway.kill()
            gateway.wait()
        await platform.broker.cleanup()
        await platform.stop()
