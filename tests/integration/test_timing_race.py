"""Concurrent `PUT /timing` on RabbitMQ and PostgreSQL, through two gateways: every PUT is
answered (never a 500), one choice wins, and the table's log (its last `TimingChosen`),
`GET /timing` on both gateways and the deadline notify enforces all say the same."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform, PlatformConfig
from services.notify.service import NotifyService
from shared.tables.timing import Timing
from tests.platform import Player, full_log, register

pytestmark = pytest.mark.integration

FAST = {
    "first_reminder": 2,
    "repeat_every": 2,
    "last_warning": 1,
    "deadline": 6,
    "policy": "forfeit",
}
SLOW = {
    "first_reminder": 12,
    "repeat_every": 12,
    "last_warning": 3,
    "deadline": 48,
    "policy": "bot",
}


async def _tracked(notify: NotifyService, table_id: str, version: int) -> Timing:
    """The timing notify enforces, once it has followed the table to `version`."""
    for _ in range(600):
        track = notify.tracker.tables.get(table_id)
        if track is not None and track.state.version >= version:
            return await notify.timers.timing(table_id)
        await asyncio.sleep(0.05)
    raise AssertionError(f"notify never reached version {version} of {table_id}")


async def _shown(client: TestClient, table_id: str, host: Player, version: int) -> Any:
    """GET /timing on a gateway once its table cache shows `version` (the view waits)."""
    seen = await client.get(f"/api/tables/{table_id}/view?min_version={version}", headers=host.auth)
    assert seen.status == 200, await seen.text()
    assert (await seen.json())["table"]["version"] >= version
    response = await client.get(f"/api/tables/{table_id}/timing", headers=host.auth)
    assert response.status == 200, await response.text()
    return await response.json()


async def _race(clients: list[TestClient], notify: NotifyService) -> None:
    one, two = clients
    host = await register(one, f"h-{uuid.uuid4().hex[:6]}")
    guest = await register(two, f"g-{uuid.uuid4().hex[:6]}")
    created = await one.post("/api/tables", json={"game": "ra", "seats": 2}, headers=host.auth)
    table_id = (await created.json())["table_id"]
    joined = await two.post(f"/api/tables/{table_id}/join", json={}, headers=guest.auth)
    assert joined.status == 200, await joined.text()

    async def put(client: TestClient, body: dict[str, Any]) -> int:
        response = await client.put(f"/api/tables/{table_id}/timing", json=body, headers=host.auth)
        await response.read()
        return response.status

    bodies = [FAST, SLOW, FAST, SLOW, SLOW, FAST]
    statuses = await asyncio.gather(*(put(clients[i % 2], b) for i, b in enumerate(bodies)))
    assert statuses == [200] * len(bodies)
    log = await full_log(one, table_id, host)
    chosen = [e["payload"] for e in log if e["name"] == "TimingChosen"]
    assert len(chosen) == len(bodies)  # each PUT one fact of the log, none lost
    last = msgspec.convert({k: v for k, v in chosen[-1].items() if k != "type"}, type=Timing)
    version = log[-1]["version"]
    for client in clients:
        assert msgspec.convert(await _shown(client, table_id, host, version), type=Timing) == last
    assert await _tracked(notify, table_id, version) == last


async def test_concurrent_timing_puts_agree_in_the_log_both_gateways_and_notify(
    amqp_url: str, postgres_url: str, unique_name: str, aiohttp_client: Any
) -> None:
    config = PlatformConfig(
        store=postgres_url, broker=amqp_url, prefix=unique_name, shards=2,
        roles=frozenset({"table", "relay", "gateway", "notify"}),
    )  # fmt: skip
    first = Platform(config)
    await first.start()
    second = Platform(PlatformConfig(store=postgres_url, broker=amqp_url, prefix=unique_name,
                                     shards=2, roles=frozenset({"gateway"})))  # fmt: skip
    try:
        await second.start()
        clients = [await aiohttp_client(first.app), await aiohttp_client(second.app)]
        assert first.notify is not None
        for _ in range(3):
            await _race(clients, first.notify)
    finally:
        await second.stop()
        await first.broker.cleanup()
        await first.stop()
