"""Bots as players over HTTP: the creator seats bots, the bots role plays their turns
through the command path, bot seats show as bots (seats, standings, the record), and bad
requests are refused with stable codes, changing nothing."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.bots.role import BotsProjection
from services.cli.platform import ALL_ROLES, Platform
from shared.audit.record import decode_record
from shared.audit.verify import verify_record
from shared.bots.seats import bot_player_id
from tests.platform import Player, embedded_config, open_table, play_moves, register


@pytest.fixture
async def platform(tmp_path) -> AsyncIterator[Platform]:
    """The embedded platform with the bots role and scoring."""
    config = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    running = Platform(dataclasses.replace(config, roles=ALL_ROLES | {"bots", "scoring"}))
    await running.start()
    yield running
    await running.stop()


# `client` is tests/e2e/conftest.py's: an HTTP client of the `platform` above.


async def _open(client: TestClient, game: str, seats: int) -> tuple[str, Player]:
    me = await register(client, f"host-{random.randrange(10**6)}")
    response = await client.post(
        "/api/tables", json={"game": game, "seats": seats}, headers=me.auth
    )
    assert response.status == 201, await response.text()
    return (await response.json())["table_id"], me


async def _seat(client: TestClient, table_id: str, who: Player, **body: Any) -> tuple[int, Any]:
    response = await client.post(f"/api/tables/{table_id}/bots", json=body, headers=who.auth)
    return response.status, await response.json()


async def _table(client: TestClient, table_id: str, who: Player) -> dict[str, Any]:
    response = await client.get(f"/api/tables/{table_id}", headers=who.auth)
    assert response.status == 200, await response.text()
    return await response.json()


async def _view(client: TestClient, table_id: str, who: Player, at_least: int) -> dict[str, Any]:
    path = f"/api/tables/{table_id}/view?min_version={at_least}"
    response = await client.get(path, headers=who.auth)
    assert response.status == 200, await response.text()
    return await response.json()


async def test_a_person_plays_a_strong_bot_to_the_end(client: TestClient) -> None:
    table_id, me = await _open(client, "tictactoe", 2)
    status, outcome = await _seat(client, table_id, me, kind="strong", level=1)
    assert status == 200, outcome
    started = await client.post(f"/api/tables/{table_id}/start", json={}, headers=me.auth)
    assert started.status == 200, await started.text()
    rng = random.Random(5)
    version = (await started.json())["version"]
    while True:
        seen = await _view(client, table_id, me, version)
        version = seen["table"]["version"]
        if seen["result"] is not None:
            break
        if not seen["your_turn"]:  # the bot's turn: its move arrives through the log
            version += 1
            continue
        move = rng.choice(seen["legal_moves"])
        body = {"move": move, "expected_version": version}
        response = await client.post(f"/api/tables/{table_id}/moves", json=body, headers=me.auth)
        assert response.status == 200, await response.text()
        version = (await response.json())["version"] + 1
    bot = bot_player_id("tictactoe", "strong", 1)
    seats = seen["table"]["seats"]
    assert [(s["player_id"], s["name"], s.get("bot", False)) for s in seats] == [
        (me.player_id, me.name, False),
        (bot, "Bot strong 1", True),
    ]
    record = await client.get(f"/api/tables/{table_id}/record", headers=me.auth)
    assert record.status == 200
    game = decode_record(await record.read())
    assert [p.name for p in game.players] == [me.name, "Bot strong 1"]
    assert game.commands[1].kind == "seat_bot" and game.commands[1].bot == "strong"
    report = verify_record(game)
    assert report.ok, report.problem
    for board in ("standings", "ratings", "leaderboard"):  # rated as anyone is
        rows: list[dict[str, Any]] = []
        while bot not in {r["player_id"] for r in rows}:  # the read models catch up
            response = await client.get(f"/api/games/tictactoe/{board}")
            rows = (await response.json())["items"]
        assert {r["player_id"]: r.get("bot", False) for r in rows} == {
            me.player_id: False,
            bot: True,
        }


async def test_bad_requests_change_nothing(client: TestClient) -> None:
    table_id, me = await _open(client, "ra", 3)
    other = await register(client, f"guest-{random.randrange(10**6)}")
    before = (await _table(client, table_id, me))["version"]
    refusals = [
        (me, {"kind": "genius"}, 400, "unknown_bot_kind"),
        (me, {"kind": "random", "level": 2}, 400, "bad_bot_level"),
        (me, {"kind": "strong", "level": 4}, 400, "bad_bot_level"),
        (me, {"kind": "strong", "level": 10_000}, 400, None),
        (me, {"kind": "x" * 100}, 400, None),
        (me, {"kind": "strong", "seats": 2}, 400, None),
        (other, {"kind": "strong"}, 403, "not_seated"),
    ]
    for who, body, want_status, want_code in refusals:
        status, answer = await _seat(client, table_id, who, **body)
        assert status == want_status, (body, answer)
        assert want_code is None or answer["code"] == want_code, (body, answer)
    assert (await _table(client, table_id, me))["version"] == before
    joined = await client.post(f"/api/tables/{table_id}/join", json={}, headers=other.auth)
    assert joined.status == 200
    status, answer = await _seat(client, table_id, other, kind="strong")
    assert (status, answer["code"]) == (403, "not_creator")
    assert (await _seat(client, table_id, me, kind="strong", level=2))[0] == 200
    after = (await _table(client, table_id, me))["version"]
    for body, code in [({"kind": "strong", "level": 3}, "table_full")]:
        status, answer = await _seat(client, table_id, me, **body)
        assert (status, answer["code"]) == (409, code)
    assert (await _table(client, table_id, me))["version"] == after


async def test_the_same_bot_takes_one_seat_and_not_after_the_start(client: TestClient) -> None:
    table_id, me = await _open(client, "ra", 4)
    assert (await _seat(client, table_id, me, kind="strong", level=1))[0] == 200
    status, answer = await _seat(client, table_id, me, kind="strong", level=1)
    assert (status, answer["code"]) == (409, "bot_seated")
    for kind in ("random", "greedy"):
        assert (await _seat(client, table_id, me, kind=kind))[0] == 200
    seats = (await _table(client, table_id, me))["seats"]
    assert [s.get("bot", False) for s in seats] == [False, True, True, True]
    assert [s["name"] for s in seats[1:]] == ["Bot strong 1", "Bot random 1", "Bot greedy 1"]
    started = await client.post(f"/api/tables/{table_id}/start", json={}, headers=me.auth)
    assert started.status == 200
    status, answer = await _seat(client, table_id, me, kind="strong", level=3)
    assert (status, answer["code"]) == (409, "table_not_open")


async def test_people_cannot_take_a_bots_name(client: TestClient) -> None:
    response = await client.post("/api/players", json={"name": "Bot strong 3"})
    assert (response.status, (await response.json())["code"]) == (409, "name_taken")


async def test_tables_of_people_cost_the_bots_role_no_read(
    platform: Platform, client: TestClient
) -> None:
    """The bots role knows from a table's own events that no bot sits there: a game of
    people played to the end is never loaded by it; a table where a bot sits is."""
    runner = platform.bots
    assert runner is not None
    projection = runner.projection
    assert isinstance(projection, BotsProjection)
    table_id, people = await open_table(client, "tictactoe", 2)
    assert await play_moves(client, table_id, people, seed=3) >= 5
    assert await runner.wait(await _last_position(platform), timeout=60)
    assert projection.loads == 0
    bot_table, me = await _open(client, "tictactoe", 2)
    status, outcome = await _seat(client, bot_table, me, kind="random", level=1)
    assert status == 200, outcome
    assert await runner.wait(await _last_position(platform), timeout=60)
    assert projection.loads >= 1


async def _last_position(platform: Platform) -> int:
    return await asyncio.to_thread(platform.store.last_position)
