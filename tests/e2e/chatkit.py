"""Helpers of the chat tests: a started two-player table with a spectator option."""

from __future__ import annotations

import uuid
from typing import Any

from aiohttp.test_utils import TestClient

from tests.platform import Player, register


async def chat_table(
    client: TestClient, spectators: str = "players", game: str = "ra"
) -> tuple[str, list[Player]]:
    """A started two-player table; its players."""
    tag = uuid.uuid4().hex[:6]
    players = [await register(client, f"c{i}-{tag}") for i in range(2)]
    body = {"game": game, "seats": 2, "spectators": spectators}
    response = await client.post("/api/tables", json=body, headers=players[0].auth)
    assert response.status == 201, await response.text()
    table_id = (await response.json())["table_id"]
    await client.post(f"/api/tables/{table_id}/join", json={}, headers=players[1].auth)
    await client.post(f"/api/tables/{table_id}/start", json={}, headers=players[0].auth)
    return table_id, players


async def say(client: TestClient, table_id: str, who: Player | None, text: Any) -> tuple[int, Any]:
    """POST a message; the status and the answer."""
    headers = who.auth if who else {}
    path = f"/api/tables/{table_id}/chat"
    response = await client.post(path, json={"text": text}, headers=headers)
    return response.status, await response.json()


async def read(
    client: TestClient, table_id: str, who: Player | None, query: str = ""
) -> tuple[int, Any]:
    """GET a page of the chat; the status and the answer."""
    headers = who.auth if who else {}
    response = await client.get(f"/api/tables/{table_id}/chat{query}", headers=headers)
    return response.status, await response.json()


def texts(page: Any) -> list[str]:
    """The texts of a page, in order."""
    return [m["text"] for m in page["messages"]]
