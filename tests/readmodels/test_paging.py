"""The paged lists over HTTP on SQLite and PostgreSQL: keyset cursors, filters, my turn first."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from tests.platform import Player, embedded_config, open_table, play_moves, register


@pytest.fixture(params=["sqlite", "postgresql"])
async def client(
    request: pytest.FixtureRequest, tmp_path: Path, aiohttp_client: Any
) -> AsyncIterator[TestClient]:
    """The embedded platform (in-process broker) on a SQLite file or a PostgreSQL schema."""
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgres_url"))
    else:
        url = f"sqlite:///{tmp_path}/senet.db"
    platform = Platform(embedded_config(url))
    await platform.start()
    assert platform.app is not None
    yield await aiohttp_client(platform.app)
    await platform.stop()


async def _new_table(client: TestClient, owner: Player, game: str = "ra") -> str:
    response = await client.post("/api/tables", json={"game": game, "seats": 2}, headers=owner.auth)
    assert response.status == 201, await response.text()
    return str((await response.json())["table_id"])


async def _page(client: TestClient, path: str, **query: Any) -> dict[str, Any]:
    response = await client.get(path, params={k: str(v) for k, v in query.items()})
    assert response.status == 200, await response.text()
    return dict(await response.json())


async def test_walking_the_lobby_while_tables_are_created_returns_each_once_and_misses_none(
    client: TestClient,
) -> None:
    owner = await register(client, "owner")
    before = [await _new_table(client, owner) for _ in range(12)]
    seen: list[str] = []
    created_during: list[str] = []
    cursor = None
    while True:
        query: dict[str, Any] = {"status": "open", "limit": 5}
        if cursor is not None:
            query["cursor"] = cursor
        page = await _page(client, "/api/tables", **query)
        seen += [t["table_id"] for t in page["items"]]
        assert len(page["items"]) <= 5
        # New tables arrive between pages (they sort before the cursor: newest first).
        created_during += [await _new_table(client, owner) for _ in range(2)]
        cursor = page["next"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen))  # at most once
    assert set(before) <= set(seen)  # none that existed at the start is missed
    assert seen[: len(before)] == before[::-1]  # newest first
    assert not set(created_during) & set(seen[len(before) :])


async def test_bad_cursor_limit_or_filter_is_400_bad_query_naming_the_parameter(
    client: TestClient,
) -> None:
    player = await register(client, "ann")
    cases = [
        ("/api/tables", {"status": "bogus"}, "status"),
        ("/api/tables", {"game": "chess"}, "game"),
        ("/api/tables", {"limit": "0"}, "limit"),
        ("/api/tables", {"limit": "201"}, "limit"),
        ("/api/tables", {"limit": "ten"}, "limit"),
        ("/api/tables", {"cursor": "not-a-cursor"}, "cursor"),
        ("/api/tables", {"cursor": "WyJ4Il0"}, "cursor"),  # ["x"]: wrong key type
        ("/api/me/tables", {"turn": "yours"}, "turn"),
        ("/api/games/ra/standings", {"cursor": "WzFd"}, "cursor"),  # [1]: wrong length
        (f"/api/players/{player.player_id}/results", {"limit": "-1"}, "limit"),
    ]
    for path, query, parameter in cases:
        response = await client.get(path, params=query, headers=player.auth)
        body = await response.json()
        assert (response.status, body["code"]) == (400, "bad_query"), (path, query, body)
        assert body["details"] == {"parameter": parameter}
    assert (await client.get("/api/games/chess/ratings")).status == 404


async def test_my_tables_put_my_turn_first_then_waiting_then_over(client: TestClient) -> None:
    over, players = await open_table(client, "sobek", 2)
    await play_moves(client, over, players, seed=3)
    ann, bob = players
    playing = []
    for _ in range(3):
        response = await client.post(
            "/api/tables", json={"game": "sobek", "seats": 2}, headers=ann.auth
        )
        table_id = (await response.json())["table_id"]
        await client.post(f"/api/tables/{table_id}/join", json={}, headers=bob.auth)
        await client.post(f"/api/tables/{table_id}/start", json={}, headers=ann.auth)
        playing.append(table_id)
    lonely = await _new_table(client, ann, "sobek")  # open: waiting for a second player

    walked: list[dict[str, Any]] = []
    cursor = None
    while True:
        query = {"limit": "2"} | ({"cursor": cursor} if cursor else {})
        response = await client.get("/api/me/tables", params=query, headers=ann.auth)
        page = await response.json()
        walked += page["items"]
        cursor = page["next"]
        if cursor is None:
            break
    assert len(walked) == 5
    groups = [
        0 if t["status"] == "playing" and 0 in t["to_act"] else 2 if t["status"] == "over" else 1
        for t in walked
    ]
    assert groups == sorted(groups) and groups[-1] == 2  # mine, then waiting, then over
    assert walked[-1]["table_id"] == over and walked[-1]["result"] is not None
    assert lonely in [t["table_id"] for t in walked if groups[walked.index(t)] == 1]
    assert walked[0]["created_at"] and walked[0]["updated_at"]
    for turn, group in (("mine", 0), ("waiting", 1), ("over", 2)):
        response = await client.get("/api/me/tables", params={"turn": turn}, headers=ann.auth)
        items = (await response.json())["items"]
        assert [t["table_id"] for t in items] == [
            t["table_id"] for t, g in zip(walked, groups, strict=True) if g == group
        ]
    lobby = (await _page(client, "/api/tables", status="playing", game="sobek"))["items"]
    assert [t["table_id"] for t in lobby] == playing[::-1]
    assert all(t["to_act"] for t in lobby)
    assert (await _page(client, "/api/tables", game="ra"))["items"] == []


async def test_standings_and_ratings_pages_join_up_to_the_whole_list(client: TestClient) -> None:
    games = [open_table(client, "sobek", 2) for _ in range(3)]
    for seed, (table_id, players) in enumerate(await asyncio.gather(*games)):
        await play_moves(client, table_id, players, seed=seed)
    for kind in ("standings", "ratings", "leaderboard"):
        whole = (await _page(client, f"/api/games/sobek/{kind}", limit=200))["items"]
        assert len(whole) == 6
        paged: list[dict[str, Any]] = []
        cursor = None
        while True:
            query: dict[str, Any] = {"limit": 4} | ({"cursor": cursor} if cursor else {})
            page = await _page(client, f"/api/games/sobek/{kind}", **query)
            paged += page["items"]
            cursor = page["next"]
            if cursor is None:
                break
        assert paged == whole
    ratings = (await _page(client, "/api/games/sobek/ratings"))["items"]
    assert [r["rating"] for r in ratings] == sorted((r["rating"] for r in ratings), reverse=True)
    board = (await _page(client, "/api/games/sobek/leaderboard"))["items"]
    assert [r["conservative"] for r in board] == sorted(
        (r["conservative"] for r in board), reverse=True
    )
    assert all(
        r["conservative"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=1e-3) for r in board
    )
