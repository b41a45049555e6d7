"""Resigning over HTTP: the other player wins, results and the record show it, and a 3-player
game plays on with the strong bot in the resigned seat, through the bots role."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from services.bots.player import move_command_id
from services.cli.platform import ALL_ROLES, Platform
from shared.audit.record import GameRecord, decode_record
from shared.audit.verify import verify_record
from shared.bots.seats import STAND_IN
from tests.platform import embedded_config, open_table, play_moves, view


@pytest.fixture
async def platform(tmp_path: Path) -> AsyncIterator[Platform]:
    """The embedded platform with the bots role, at a tiny think time (the conftest's
    `client` is of this platform)."""
    config = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    config = dataclasses.replace(config, roles=ALL_ROLES | {"bots"}, bot_playouts=12)
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


async def _resign(client: TestClient, table_id: str, token: dict[str, str]) -> tuple[int, dict]:
    response = await client.post(f"/api/tables/{table_id}/resign", json={}, headers=token)
    return response.status, await response.json()


async def test_resigning_a_two_player_game_gives_it_to_the_other(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    await play_moves(client, table_id, players, seed=3, limit=4)
    status, outcome = await _resign(client, table_id, players[1].auth)
    assert status == 200 and outcome["status"] == "over"
    seen = await view(client, table_id, players[0])
    result = seen["result"]
    assert (result["ranks"], result["winners"], result["resigned"]) == ([1, 2], [0], [1])
    assert result["forfeited"] == [1] and seen["seed"]  # the seed is revealed at the end
    status, again = await _resign(client, table_id, players[1].auth)
    assert (status, again["code"]) == (409, "game_over")
    results = await (await client.get(f"/api/players/{players[1].player_id}/results")).json()
    [mine] = results["items"]
    assert (mine["rank"], mine["won"], mine["forfeited"]) == (2, False, True)
    record = await client.get(f"/api/tables/{table_id}/record", headers=players[0].auth)
    assert record.status == 200
    report = verify_record(decode_record(await record.read()))
    assert report.ok, report.problem


async def test_in_a_three_player_game_the_strong_bot_plays_the_resigned_seat(
    client: TestClient,
) -> None:
    """The others play on; the stand-in (the strong bot, through the bots role) moves for the
    resigned seat as the seat's `move` commands; the person who resigned cannot; the record
    verifies."""
    table_id, players = await open_table(client, "cantstop", 3)
    status, outcome = await _resign(client, table_id, players[2].auth)
    assert status == 200 and outcome["status"] == "playing"
    rng, tried = random.Random(5), False
    deadline = asyncio.get_running_loop().time() + 120
    seen = await view(client, table_id, players[0])
    while seen["result"] is None:
        assert asyncio.get_running_loop().time() < deadline, "the game never ended"
        version = seen["table"]["version"]
        if 2 in seen["to_act"]:  # the stand-in's turn: its move arrives through the log
            if not tried:  # the person who resigned may not move for it
                mine = await view(client, table_id, players[2])
                move = {"move": {"type": "StopRolling"}}  # no version: the bot may move first
                refused = await client.post(
                    f"/api/tables/{table_id}/moves", json=move, headers=players[2].auth
                )
                assert (refused.status, (await refused.json())["code"]) == (409, "resigned")
                assert mine["legal_moves"] == []
                tried = True
            seen = await view(client, table_id, players[0], at_least=version + 1)
            continue
        seat = seen["to_act"][0]
        mine = await view(client, table_id, players[seat])
        body = {"move": rng.choice(mine["legal_moves"]), "expected_version": version}
        response = await client.post(
            f"/api/tables/{table_id}/moves", json=body, headers=players[seat].auth
        )
        assert response.status == 200, await response.text()
        seen = await view(client, table_id, players[0], at_least=version + 1)
    assert tried, "the stand-in never had a turn"
    assert seen["result"]["ranks"][2] == 3 and seen["result"]["resigned"] == [2]
    response = await client.get(f"/api/tables/{table_id}/record", headers=players[0].auth)
    record = decode_record(await response.read())
    [resign] = [c for c in record.commands if c.kind == "resign"]
    assert (resign.seat, resign.stand_in) == (2, STAND_IN)
    by_stand_in = [c for c in record.commands if c.kind == "move" and c.seat == 2]
    assert by_stand_in and all(c.command_id in bot_command_ids(record) for c in by_stand_in)
    report = verify_record(record)
    assert report.ok, report.problem


def bot_command_ids(record: GameRecord) -> set[str]:
    """The command ids the bots role gives its moves for seat 2 (table, version, seat)."""
    return {move_command_id(record.table_id, e.version - 1, 2) for e in record.events}
