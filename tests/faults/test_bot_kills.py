"""The bots role SIGKILLed between sending a bot's move and recording its position, on the
real RabbitMQ and PostgreSQL: the restarted role reads the batch again and finds the turn
played (or, had the move not been stored yet, sends it again under the same command id,
which the table answers as a repeat); every bot move is stored once, and the game ends."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import aiohttp
import pytest

from services.bots.player import move_command_id
from shared.audit.export import export_table
from shared.audit.verify import verify_record
from shared.bots.seats import bot_player_id
from shared.store import EventStore
from shared.tables.reader import all_events
from tests.faults.cluster import Cluster

pytestmark = pytest.mark.integration

KILLS = 2  # bot moves after which the role is killed (during its pause before the record)


async def _call(session: aiohttp.ClientSession, method: str, url: str, **kw: Any) -> Any:
    async with session.request(method, url, **kw) as response:
        assert response.status in (200, 201), await response.text()
        return await response.json()


def _moved(cluster: Cluster) -> list[str]:
    """The command ids of the latest bots process's `bot_moved` lines."""
    lines = cluster.log_lines("bots", latest=True)
    return [line["command_id"] for line in lines if line.get("event") == "bot_moved"]


async def _until(cluster: Cluster, check: Any) -> Any:
    while not (found := check()):
        cluster.assert_running()
        await asyncio.sleep(0.05)
    return found


async def test_a_bot_seats_moves_arrive_once_each_across_sigkills(
    cluster: Cluster, store: EventStore
) -> None:
    cluster.env["bots"] = {"SENET_BOT_PAUSE": "1.0"}  # the window between send and record
    await cluster.restart("bots")
    api = cluster.url + "/api"
    rng = random.Random(11)
    kills: list[str] = []  # the command ids of the moves whose record the kill prevented
    async with aiohttp.ClientSession() as session:
        me = await _call(session, "POST", f"{api}/players", json={"name": "Kim"})
        auth = {"Authorization": f"Bearer {me['token']}"}
        made = await _call(
            session, "POST", f"{api}/tables", json={"game": "tictactoe", "seats": 2}, headers=auth
        )
        table_id = made["table_id"]
        url = f"{api}/tables/{table_id}"
        await _call(session, "POST", f"{url}/bots", json={"kind": "random"}, headers=auth)
        version = (await _call(session, "POST", f"{url}/start", json={}, headers=auth))["version"]
        while True:
            seen = await cluster.guard(
                _call(session, "GET", f"{url}/view?min_version={version}", headers=auth)
            )
            version = seen["table"]["version"]
            if seen["result"] is not None:
                break
            if not seen["your_turn"]:
                version += 1
                continue
            body = {"move": rng.choice(seen["legal_moves"]), "expected_version": version}
            moved = await _call(session, "POST", f"{url}/moves", json=body, headers=auth)
            version = moved["version"] + 1
            if len(kills) < KILLS and moved["status"] != "over":
                # the bot's answer is sent; kill the role in its pause, before the record
                [first] = await _until(
                    cluster, lambda: [c for c in _moved(cluster) if c not in kills][:1]
                )
                kills.append(first)
                cluster.kill("bots")
                await cluster.restart("bots")
    assert len(kills) == KILLS
    refused = [
        line for line in cluster.log_lines("bots") if line.get("event") == "bot_move_refused"
    ]
    assert not refused  # no incarnation sent a move the table had to refuse
    logged = await asyncio.to_thread(all_events, store, table_id)
    bot = bot_player_id("tictactoe", "random", 1)
    seats = {e.payload["seat"]: e.payload["player_id"] for e in logged if e.name == "SeatTaken"}
    assert seats[1] == bot
    moves = [e for e in logged if e.move is not None and e.seat == 1]  # a command's first event
    assert moves, "the bot moved"
    ids = [e.command_id for e in moves]
    assert len(ids) == len(set(ids)), "a bot move stored twice"
    assert set(kills) <= set(ids)
    for event in moves:  # each id is the one derived from the version the bot saw
        assert event.command_id == move_command_id(table_id, event.version - 1, 1)
    record = await asyncio.to_thread(export_table, store, table_id)
    report = verify_record(record)
    assert report.ok, report.problem
