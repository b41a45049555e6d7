"""Tournaments over HTTP: signing players up, waiting for a round's tables, playing them."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from aiohttp.test_utils import TestClient

from tests.platform import Player, play_moves, register


async def ok(response: Any, status: int = 200) -> Any:
    """The JSON of an answer with that status."""
    assert response.status == status, await response.text()
    return await response.json()


async def code_of(response: Any, status: int) -> str:
    """The error code of an answer with that status."""
    assert response.status == status, await response.text()
    return str((await response.json())["code"])


async def signed_up(
    client: TestClient, players: int, fmt: str = "round-robin", **more: Any
) -> tuple[str, list[Player]]:
    """A tournament created by the first of `players` new players, all signed up: of
    tic-tac-toe (at most nine moves a match: the tournament is what is tested), unless
    `game` says otherwise."""
    entrants = [await register(client, f"e{i}-{uuid.uuid4().hex[:8]}") for i in range(players)]
    body = {"name": "cup", "format": fmt, "game": "tictactoe", **more}
    created = await ok(
        await client.post("/api/tournaments", json=body, headers=entrants[0].auth), 201
    )
    tid = created["tournament_id"]
    for player in entrants:
        await ok(await client.post(f"/api/tournaments/{tid}/join", json={}, headers=player.auth))
    return tid, entrants


async def round_opened(client: TestClient, tid: str, number: int) -> dict[str, Any]:
    """The tournament once round `number` has all its tables open (or it is over)."""
    for _ in range(200):
        view = await ok(await client.get(f"/api/tournaments/{tid}"))
        if view["summary"]["status"] != "running":
            return view
        rounds = view["rounds"]
        if len(rounds) >= number and all(m["opened"] for m in rounds[number - 1]["matches"]):
            return view
        await asyncio.sleep(0.05)
    raise AssertionError(f"round {number} never opened")


async def play(client: TestClient, table_id: str, by_id: dict[str, Player], seed: int) -> None:
    """Play an opened match table to its end with random legal moves."""
    anyone = next(iter(by_id.values()))
    view = await ok(await client.get(f"/api/tables/{table_id}/view", headers=anyone.auth))
    seated = [by_id[s["player_id"]] for s in view["table"]["seats"]]
    assert view["table"]["status"] == "playing"  # everyone seated, the game started
    await play_moves(client, table_id, seated, seed)
