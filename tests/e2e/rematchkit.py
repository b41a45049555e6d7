"""Helpers of the rematch tests: a finished two-player game, and the rematch route."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from tests.platform import Player, open_table


async def finished_game(client: TestClient, game: str = "ra") -> tuple[str, list[Player]]:
    """A two-player table whose game is over (seat 1 resigned)."""
    table_id, players = await open_table(client, game, 2)
    response = await client.post(f"/api/tables/{table_id}/resign", json={}, headers=players[1].auth)
    assert response.status == 200, await response.text()
    return table_id, players


async def rematch(
    client: TestClient, table_id: str, player: Player, accept: bool = True
) -> tuple[int, Any]:
    """POST the rematch route; the status and the answer."""
    response = await client.post(
        f"/api/tables/{table_id}/rematch", json={"accept": accept}, headers=player.auth
    )
    return response.status, await response.json()
