"""Audit over HTTP: players fetch a finished game's record and check it offline with `verify`."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import SERVE_ROLES, Platform
from services.cli.verbs import verify as verify_verb
from services.gateway.keys import GatewaySettings
from shared.games.registry import available_games
from shared.tables.events import TABLE_EVENTS as _TABLE_EVENTS
from tests.platform import (
    Player,
    embedded_config,
    open_table,
    play_moves,
    register,
    towards_the_end,
)

pytestmark = pytest.mark.slow

SEATS = {"ra": 3, "egizia": 3, "sobek": 2}
ADMIN = {"Authorization": "Bearer audit-admin-token"}


@pytest.fixture
async def platform(tmp_path: Path) -> AsyncIterator[Platform]:
    """The embedded platform with the scoring service and an admin token."""
    admin_hash = hashlib.sha256(b"audit-admin-token").hexdigest()
    config = replace(
        embedded_config(f"sqlite:///{tmp_path}/senet.db"),
        roles=SERVE_ROLES,
        gateway=GatewaySettings(admin_token_hashes=frozenset({admin_hash})),
    )
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
async def client(platform: Platform, aiohttp_client) -> TestClient:
    """An HTTP client of the platform's gateway."""
    assert platform.app is not None
    return await aiohttp_client(platform.app)


async def _record(client: TestClient, table_id: str, headers: dict[str, str]) -> Any:
    response = await client.get(f"/api/tables/{table_id}/record", headers=headers)
    return response.status, await response.read()


def _verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], str]:
    """`senet verify FILE` (the verb itself: `main` would reconfigure logging): exit code,
    JSON report, stderr."""
    capsys.readouterr()  # drop the platform's log lines
    code = verify_verb.run(argparse.Namespace(record=str(path)))
    out = capsys.readouterr()
    # The report is the JSON document on stdout; a log line of a background thread of the
    # platform may land beside it in the capture, so it is found rather than assumed first.
    text = out.out
    start = 0 if text.startswith("{") else text.index("\n{") + 1
    report, _ = json.JSONDecoder().raw_decode(text[start:])
    return code, report, out.err


def _swap_in_the_deal(record: dict[str, Any]) -> tuple[int, str]:
    """Swap two different items of the first list dealt after TableStarted; (version, key)."""
    started = False
    for event in record["events"]:
        if event["name"] == "TableStarted":
            started = True
            continue
        for key, value in event["payload"].items():
            if started and isinstance(value, list) and len({repr(v) for v in value}) > 1:
                other = next(i for i, v in enumerate(value) if repr(v) != repr(value[0]))
                value[0], value[other] = value[other], value[0]
                return event["version"], key
    first_move = next(e for e in record["events"][1:] if e["name"] not in _TABLE_EVENTS)
    for key, value in first_move["payload"].items():  # a game that deals nothing
        if key != "seat" and type(value) is int:
            first_move["payload"][key] = value + 1
            return first_move["version"], key
    raise AssertionError("no dealt list or first move to tamper with")


async def _wait_for_verdict(platform: Platform, table_id: str) -> None:
    assert platform.scoring is not None
    for _ in range(400):  # the relay publishes the end; the scoring service then verifies
        if table_id in platform.scoring.verdicts:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the scoring service gave no verdict on {table_id}")


@pytest.mark.parametrize("game", available_games())
async def test_every_seat_verifies_the_record_of_a_game_played_over_http(
    game: str,
    platform: Platform,
    client: TestClient,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    table_id, players = await open_table(client, game, SEATS.get(game, 2))
    stranger: Player = await register(client, "stranger")
    status, body = await _record(client, table_id, {})
    assert (status, json.loads(body)["code"]) == (401, "missing_token")
    for player in players:
        status, body = await _record(client, table_id, player.auth)
        assert (status, json.loads(body)["code"]) == (409, "game_not_over")

    prefer = towards_the_end if game == "istanbul" else None  # a game of hundreds of moves
    await play_moves(client, table_id, players, seed=11, prefer=prefer)

    records = []
    for seat, player in enumerate(players):
        status, body = await _record(client, table_id, player.auth)
        assert status == 200
        path = tmp_path / f"{game}-seat{seat}.json"
        path.write_bytes(body)
        code, report, err = _verify(path, capsys)
        assert (code, report["ok"], report["table_id"], report["game"]) == (0, True, table_id, game)
        assert report["events"] == len(json.loads(body)["events"])
        assert "ok" in err
        records.append(body)
    assert all(body == records[0] for body in records)  # one record for every seat
    status, body = await _record(client, table_id, stranger.auth)
    assert (status, json.loads(body)["code"]) == (403, "not_a_player")

    await _wait_for_verdict(platform, table_id)
    assert platform.scoring is not None
    assert platform.scoring.flagged == []  # its verdict is ok
    response = await client.get("/api/admin/flagged", headers=ADMIN)
    assert (response.status, await response.json()) == (200, {"items": [], "next": None})

    tampered = json.loads(records[0])
    version, key = _swap_in_the_deal(tampered)
    path = tmp_path / f"{game}-tampered.json"
    path.write_text(json.dumps(tampered))
    code, report, err = _verify(path, capsys)
    assert (code, report["ok"], report["problem"]["kind"]) == (1, False, "event_differs")
    assert report["problem"]["version"] == version
    assert f"event {version} " in err and key in err

    reseeded = json.loads(records[0])
    reseeded["seed"] = "00" * 32
    path.write_text(json.dumps(reseeded))
    code, report, err = _verify(path, capsys)
    assert (code, report["problem"]["kind"]) == (1, "seed_mismatch")
    assert "does not match the commitment" in err
