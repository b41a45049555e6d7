"""Who may watch a table: `spectators` none | players (default) | anyone; spectators see
only what no seat hides, also without an account and live over the WebSocket."""

from __future__ import annotations

from typing import Any

from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient

from tests.harness.requests import get
from tests.platform import Player, register, view


async def _table(
    client: TestClient, spectators: str | None, game: str = "sobek"
) -> tuple[str, list[Player]]:
    players = [await register(client, f"s{i}-{spectators}") for i in range(2)]
    body: dict[str, Any] = {"game": game, "seats": 2}
    if spectators is not None:
        body["spectators"] = spectators
    response = await client.post("/api/tables", json=body, headers=players[0].auth)
    assert response.status == 201, await response.text()
    table_id = (await response.json())["table_id"]
    await client.post(f"/api/tables/{table_id}/join", json={}, headers=players[1].auth)
    await client.post(f"/api/tables/{table_id}/start", json={}, headers=players[0].auth)
    return table_id, players


async def test_anyone_may_watch_without_an_account_and_sees_no_hand(client: TestClient) -> None:
    table_id, players = await _table(client, "anyone")
    status, seen = await get(client, f"/api/tables/{table_id}/view")
    assert status == 200 and seen["seat"] is None and seen["legal_moves"] == []
    assert all(p["hand"] is None for p in seen["game"]["players"])  # no seat's cards
    watcher = await register(client, "watcher")
    assert seen == (await get(client, f"/api/tables/{table_id}/view", watcher))[1]
    status, log = await get(client, f"/api/tables/{table_id}/events")
    assert status == 200
    assert log == (await get(client, f"/api/tables/{table_id}/events", watcher))[1]
    status, body = await get(client, f"/api/tables/{table_id}/view?seat=0")
    assert (status, body["code"]) == (403, "not_your_seat")

    async with client.ws_connect(f"/api/tables/{table_id}/ws") as socket:
        first = await socket.receive(timeout=5)
        assert first.type == WSMsgType.TEXT
        pushed = first.json()
        assert pushed["seat"] is None and pushed["table"]["version"] == seen["table"]["version"]
        actor = seen["to_act"][0]
        mine = await view(client, table_id, players[actor])
        response = await client.post(
            f"/api/tables/{table_id}/moves",
            json={"move": mine["legal_moves"][0]},
            headers=players[actor].auth,
        )
        assert response.status == 200
        later = (await socket.receive(timeout=5)).json()
        assert later["table"]["version"] > pushed["table"]["version"]
        assert all(p["hand"] is None for p in later["game"]["players"])


async def test_by_default_players_may_watch_but_not_strangers_without_a_token(
    client: TestClient,
) -> None:
    table_id, _ = await _table(client, None)
    status, body = await get(client, f"/api/tables/{table_id}/view")
    assert (status, body["code"]) == (401, "missing_token")
    watcher = await register(client, "a-player")
    status, seen = await get(client, f"/api/tables/{table_id}/view", watcher)
    assert status == 200 and seen["seat"] is None and seen["table"]["spectators"] == "players"


async def test_a_table_without_spectators_shows_itself_to_its_players_only(
    client: TestClient,
) -> None:
    table_id, players = await _table(client, "none")
    watcher = await register(client, "nosy")
    for path in ("view", "events"):
        status, body = await get(client, f"/api/tables/{table_id}/{path}", watcher)
        assert (status, body["code"]) == (403, "no_spectators")
        status, body = await get(client, f"/api/tables/{table_id}/{path}")
        assert (status, body["code"]) == (401, "missing_token")
    status, seen = await get(client, f"/api/tables/{table_id}/view", players[1])
    assert status == 200 and seen["seat"] == 1


async def test_an_unknown_spectators_value_is_refused(client: TestClient) -> None:
    owner = await register(client, "owner")
    response = await client.post(
        "/api/tables", json={"game": "ra", "seats": 2, "spectators": "everyone"},
        headers=owner.auth,
    )  # fmt: skip
    assert response.status == 400
    lobby = await (await client.get("/api/tables?status=open")).json()
    assert lobby["items"] == []
