"""The route table guards every route it marks `auth`, and writes trust the table worker."""

from __future__ import annotations

import re
import uuid

import msgspec
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import TABLE_CACHE
from services.gateway.openapi.routes import ROUTES
from tests.platform import open_table, register, view


async def test_every_route_marked_auth_refuses_a_request_without_a_token(
    client: TestClient,
) -> None:
    guarded = [route for route in ROUTES if (route.auth or route.admin) and not route.viewers]
    assert len(guarded) > 10
    for route in guarded:
        path = re.sub(r"{\w+}", str(uuid.uuid4()), route.path)
        response = await client.request(route.method, path, json={})
        body = await response.json()
        assert (response.status, body["code"]) == (401, "missing_token"), route.path


async def test_a_route_open_to_viewers_wants_a_token_unless_the_table_lets_anyone_watch(
    client: TestClient,
) -> None:
    table_id, _ = await open_table(client, "ra", 2)  # spectators: players (the default)
    watched = [r for r in ROUTES if r.viewers and r.path.startswith("/api/tables/{table_id}/")]
    assert {r.path.split("/", 4)[4] for r in watched} == {
        "view",
        "views",
        "events",
        "ws",
        "chat",
        "chat/ws",
        "timing",
    }
    for route in watched:
        path = route.path.replace("{table_id}", table_id)
        response = await client.request(route.method, path)
        body = await response.json()
        assert (response.status, body["code"]) == (401, "missing_token"), route.path


async def test_a_gateway_whose_cache_lags_does_not_refuse_a_valid_move(
    client: TestClient, platform: Platform
) -> None:
    table_id, players = await open_table(client, "ra", 2)
    first = await view(client, table_id, players[0])
    seat = first["to_act"][0]
    mine = await view(client, table_id, players[seat])
    projector = platform.app[TABLE_CACHE]  # type: ignore[index]
    model = projector.cached(table_id)
    assert model is not None
    # The cache lags: it has not seen anyone sit down (as a gateway behind on its queue).
    model.state = msgspec.structs.replace(model.state, players=(None, None), version=1)
    model.views.clear()
    response = await client.post(
        f"/api/tables/{table_id}/moves",
        json={"move": mine["legal_moves"][0], "seat": seat},
        headers=players[seat].auth,
    )
    assert response.status == 200, await response.text()


async def test_an_unknown_table_is_404_from_the_worker(client: TestClient) -> None:
    ann = await register(client, "ann")
    unknown = str(uuid.uuid4())
    for path, body in [("moves", {"move": {"type": "RollDice"}}), ("join", {}), ("start", {})]:
        response = await client.post(f"/api/tables/{unknown}/{path}", json=body, headers=ann.auth)
        assert (response.status, (await response.json())["code"]) == (404, "unknown_table")
