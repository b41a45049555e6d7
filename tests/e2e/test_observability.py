"""Metrics, probes and correlation ids of the gateway on the embedded platform."""

from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.observability.http import probes_app
from tests.observekit import Samples, parse, value
from tests.platform import embedded_config, open_table, view


async def _scrape(client: TestClient) -> Samples:
    response = await client.get("/metrics")
    assert response.status == 200
    assert response.headers["Content-Type"].startswith("text/plain")
    return parse(await response.text())


def _delta(before: Samples, after: Samples, name: str, **labels: str) -> float:
    return value(after, name, **labels) - value(before, name, **labels)


async def _published(client: TestClient, platform: Platform) -> Samples:
    """Scrape once the relay has published every stored event (the gateway answers a
    command as soon as its views have the events from the worker's reply, before the
    relay has published them)."""
    assert platform.relay is not None
    for _ in range(500):
        if platform.relay.position >= platform.store.last_position():
            return await _scrape(client)
        await asyncio.sleep(0.01)
    raise AssertionError("the relay did not catch up")


async def test_metrics_count_each_command_outcome_exactly(
    client: TestClient, platform: Platform
) -> None:
    table_id, players = await open_table(client, "ra", 2)
    first = await view(client, table_id, players[0])
    actor = players[first["to_act"][0]]
    idle = players[1 - first["to_act"][0]]
    mine = await view(client, table_id, actor)
    move = mine["legal_moves"][0]
    before = await _published(client, platform)

    body = {"move": move, "command_id": "metrics-1"}
    accepted = await client.post(f"/api/tables/{table_id}/moves", json=body, headers=actor.auth)
    assert accepted.status == 200
    events = len((await accepted.json())["events"])
    repeat = await client.post(f"/api/tables/{table_id}/moves", json=body, headers=actor.auth)
    assert (await repeat.json())["replayed"] is True
    rejected = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": move}, headers=idle.auth
    )
    assert rejected.status == 409
    after = await _published(client, platform)

    assert _delta(before, after, "senet_commands_total", outcome="accepted", code="") == 1
    assert _delta(before, after, "senet_commands_total", outcome="replayed", code="") == 1
    rejected_total = "senet_commands_total"
    assert _delta(before, after, rejected_total, outcome="rejected", code="not_your_turn") == 1
    assert _delta(before, after, "senet_decide_seconds_count") == 2  # a repeat is not decided
    assert _delta(before, after, "senet_store_save_seconds_count") == 1
    assert _delta(before, after, "senet_group_commit_batch_size_count") == 3
    assert _delta(before, after, "senet_relay_published_events_total") == events
    assert 1 <= _delta(before, after, "senet_publish_seconds_count") <= events  # batches
    applied = "senet_projector_applied_events_total"
    assert _delta(before, after, applied, projector="views") == events
    route = "/api/tables/{table_id}/moves"
    assert _delta(
        before, after, "senet_http_requests_total", method="POST", route=route, status="200"
    ) == 2  # fmt: skip
    assert _delta(
        before, after, "senet_http_requests_total", method="POST", route=route, status="409"
    ) == 1  # fmt: skip


async def test_healthz_is_ok_and_readyz_names_the_broker_while_it_is_closed(
    client: TestClient, platform: Platform
) -> None:
    assert (await client.get("/healthz")).status == 200
    ready = await client.get("/readyz")
    assert ready.status == 200 and (await ready.json())["status"] == "ready"
    await platform.broker.close()
    down = await client.get("/readyz")
    assert down.status == 503
    body = await down.json()
    assert (body["code"], body["status"], set(body["details"])) == ("not_ready", 503, {"broker"})
    assert body["message"] == "broker: broker connection is down"
    assert (await client.get("/healthz")).status == 200  # alive, only not ready
    await platform.broker.connect()
    assert (await client.get("/readyz")).status == 200


async def test_readyz_is_503_until_the_views_have_caught_up(
    client: TestClient, platform: Platform
) -> None:
    assert platform.app is not None
    from services.gateway.keys import TABLE_CACHE

    projector = platform.app[TABLE_CACHE]
    projector.ready = False  # as between start and the end of the rebuild
    response = await client.get("/readyz")
    assert response.status == 503
    assert (await response.json())["details"] == {"views": "views are rebuilding"}
    projector.ready = True
    assert (await client.get("/readyz")).status == 200


async def test_healthz_is_503_when_a_background_task_has_died(
    client: TestClient, platform: Platform
) -> None:
    relay = next(task for task in platform.tasks if task.get_name() == "relay")
    relay.cancel()
    response = await client.get("/healthz")
    assert response.status == 503
    assert "relay" in (await response.json())["details"]["tasks"]


async def test_a_valid_correlation_id_is_echoed_and_a_bad_one_replaced(
    client: TestClient,
) -> None:
    given = await client.get("/api/games", headers={"X-Correlation-Id": "trace-42.a:b"})
    assert given.headers["X-Correlation-Id"] == "trace-42.a:b"
    for bad in ["x" * 65, "has space", "ünïcode", "-leading-dash"]:
        response = await client.get("/api/games", headers={"X-Correlation-Id": bad})
        made = response.headers["X-Correlation-Id"]
        assert made != bad and len(made) == 32
    errors_too = await client.get("/api/tables/nope", headers={"X-Correlation-Id": "c-404"})
    assert errors_too.status == 404 and errors_too.headers["X-Correlation-Id"] == "c-404"


async def test_a_role_without_http_serves_the_probes_and_is_ready_only_once_started(
    tmp_path, aiohttp_client
) -> None:
    config = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    config.roles = frozenset({"table", "relay"})
    platform = Platform(config)
    client = await aiohttp_client(probes_app(platform.probes))
    assert (await client.get("/healthz")).status == 200
    starting = await client.get("/readyz")
    assert starting.status == 503
    reasons = (await starting.json())["details"]
    assert reasons == {"started": "starting", "broker": "broker connection is down"}
    await platform.start()
    try:
        assert (await client.get("/readyz")).status == 200
        samples = parse(await (await client.get("/metrics")).text())
        assert ("senet_decide_seconds_count", frozenset()) in samples
    finally:
        await platform.stop()
