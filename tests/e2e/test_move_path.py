"""A move's path seen from outside: the gateway folds each of its events once (from the
worker's reply), skips the relay's copies of them, reads nothing back from the store, and
the state it keeps is the fold of what was stored.

Counted through the gateway's metric `senet_projector_applied_events_total{projector=views}`
(docs/operations.md) and the cache's load and catch-up counters.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from aiohttp.test_utils import TestClient
from prometheus_client import REGISTRY

from services.cli.platform import Platform
from services.gateway.keys import TABLE_CACHE
from shared.messaging.port import Delivery
from shared.tables.envelopes import published
from tests.platform import open_table, play_moves, rebuilt_views_equal_live, view


def _applied() -> float:
    labels = {"projector": "views"}
    return REGISTRY.get_sample_value("senet_projector_applied_events_total", labels) or 0.0


async def _until(condition: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not reached in {timeout}s"
        await asyncio.sleep(0.01)


async def test_a_gateway_folds_each_event_of_a_move_once_though_the_relay_brings_it_again(
    platform: Platform, client: TestClient
) -> None:
    assert platform.app is not None and platform.broker is not None
    projector = platform.app[TABLE_CACHE]
    relayed: list[int] = []  # store positions the relay published
    batches = {"relayed": 0, "views": 0}

    async def watch(delivery: Delivery) -> None:
        relayed.extend(envelope.position for envelope in published(delivery.body))
        batches["relayed"] += 1

    def heard() -> None:
        batches["views"] += 1

    await platform.broker.subscribe(platform.broker.topology.events_exchange, "#", watch)
    projector.on_event.append(heard)  # called as each relay batch reaches the gateway

    async def relay_delivered(position: int) -> None:
        """Wait until the relay's batches up to `position` reached the gateway (each is
        skipped or folded in the step that announces it)."""
        await _until(lambda: relayed and max(relayed) >= position, "relay published")
        await _until(lambda: batches["views"] >= batches["relayed"], "relay batches arrived")

    table_id, players = await open_table(client, "ra", 2)
    await relay_delivered(await asyncio.to_thread(platform.store.last_position))  # the start
    reads = (projector.loads, projector.catch_ups)
    for _ in range(4):
        applied = _applied()
        seat = (await view(client, table_id, players[0]))["to_act"][0]
        mine = await view(client, table_id, players[seat])
        response = await client.post(
            f"/api/tables/{table_id}/moves",
            json={"move": mine["legal_moves"][0]},
            headers=players[seat].auth,
        )
        assert response.status == 200, await response.text()
        answer = await response.json()
        await relay_delivered(answer["position"])
        assert _applied() - applied == len(answer["events"])  # the relay's copies skipped
    assert (projector.loads, projector.catch_ups) == reads  # nothing read back from the store
    await play_moves(client, table_id, players, seed=3, limit=20)
    await rebuilt_views_equal_live(platform, projector)  # what it kept is the stored fold
