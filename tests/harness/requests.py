"""HTTP calls to a test client as a player (or anonymously): the status and JSON answer."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from tests.platform import Player


async def post(
    client: TestClient, path: str, player: Player | None = None, body: Any = None
) -> tuple[int, Any]:
    """POST a JSON body (`{}` when none); the status and the decoded answer."""
    headers = player.auth if player is not None else {}
    response = await client.post(path, json=body if body is not None else {}, headers=headers)
    return response.status, await response.json()


async def posted(
    client: TestClient, path: str, player: Player | None = None, body: Any = None
) -> Any:
    """POST that must succeed (200 or 201): the decoded answer."""
    status, answer = await post(client, path, player, body)
    assert status in (200, 201), (status, answer)
    return answer


async def get(client: TestClient, path: str, player: Player | None = None) -> tuple[int, Any]:
    """GET; the status and the decoded answer."""
    headers = player.auth if player is not None else {}
    response = await client.get(path, headers=headers)
    return response.status, await response.json()
