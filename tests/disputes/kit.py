"""The embedded platform with an admin token, and a finished table, for the disputes tests."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

from aiohttp.test_utils import TestClient

from services.cli.platform import SERVE_ROLES, Platform
from services.gateway.keys import GatewaySettings, admin_hashes
from tests.platform import Player, embedded_config, open_table, play_moves

ADMIN_TOKEN = "an-arbiter-operator-token"
ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}


def platform_of(store_url: str) -> Platform:
    """The embedded platform (gateway, scoring, notify) with one admin token."""
    digest = hashlib.sha256(ADMIN_TOKEN.encode()).hexdigest()
    config = replace(
        embedded_config(store_url),
        roles=SERVE_ROLES,
        gateway=GatewaySettings(admin_token_hashes=admin_hashes(digest)),
    )
    return Platform(config)


async def finished_table(client: TestClient, game: str = "sobek") -> tuple[str, list[Player]]:
    """A two-player table played to its end."""
    table_id, players = await open_table(client, game, 2)
    await play_moves(client, table_id, players, seed=7)
    return table_id, players


async def results(client: TestClient, player: Player) -> list[str]:
    """The table ids in a player's results."""
    response = await client.get(f"/api/players/{player.player_id}/results", headers=player.auth)
    return [x["table_id"] for x in (await response.json())["items"]]


async def ratings(client: TestClient, game: str) -> dict[str, Any]:
    """player id -> rating in the game."""
    response = await client.get(f"/api/games/{game}/ratings")
    return {x["player_id"]: x["rating"] for x in (await response.json())["items"]}


async def error(response: Any, status: int, code: str) -> None:
    """The answer is the error, with its stable code."""
    body = await response.json()
    assert (response.status, body.get("code")) == (status, code), body
