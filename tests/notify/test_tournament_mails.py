"""A tournament's players are mailed when it starts, when each of their tables is ready,
and when it ends (with the final standings)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from services.cli.platform import Platform
from tests.notify.conftest import Inbox, notify_settings, plain_text, start_notify
from tests.notify.helpers import drained, email_of, players_with_emails
from tests.platform import embedded_config
from tests.tournamenthttp import ok, play, round_opened


@pytest.fixture
async def tournament_platform(tmp_path: Path) -> AsyncIterator[Platform]:
    """Table, relay, gateway and the tournament manager (notify: the test's own)."""
    config = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    config.roles = frozenset({"table", "relay", "gateway", "tournaments"})
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


async def test_players_are_mailed_the_start_each_table_and_the_end(
    tournament_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(tournament_platform.app)
    service = await start_notify(tournament_platform, notify_settings(url))
    players = await players_with_emails(client, 2)
    body = {"name": "Spring cup", "format": "round-robin", "game": "cantstop"}
    created = await ok(
        await client.post("/api/tournaments", json=body, headers=players[0].auth), 201
    )
    tid = created["tournament_id"]
    for player in players:
        await ok(await client.post(f"/api/tournaments/{tid}/join", json={}, headers=player.auth))
    await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                               headers=players[0].auth))  # fmt: skip
    view = await round_opened(client, tid, 1)
    await drained(service)

    def kinds(player: Any) -> list[str]:
        return [str(m["Subject"]) for m in inbox.to(email_of(player))]

    for player in players:
        subjects = kinds(player)
        assert any("the tournament starts" in s for s in subjects), subjects
        assert any("your tournament table is ready" in s for s in subjects), subjects
    (match,) = view["rounds"][0]["matches"]
    await play(client, match["table_id"], {p.player_id: p for p in players}, 1)
    assert (await round_opened(client, tid, 2))["summary"]["status"] == "finished"
    deadline = asyncio.get_running_loop().time() + 60
    while not all(any("the tournament is over" in s for s in kinds(p)) for p in players):
        assert asyncio.get_running_loop().time() < deadline, "no tournament-over mail"
        await drained(service)
        await asyncio.sleep(0.01)
    over = [m for m in inbox.to(email_of(players[0])) if "is over" in str(m["Subject"])]
    assert len(over) == 1
    text = plain_text(over[0])
    assert "Spring cup" in text and f"https://senet.test/tournaments/{tid}" in text
    assert "1. " in text and "2. " in text
