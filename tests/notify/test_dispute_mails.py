"""A dispute's notices: the other player is mailed when a case is opened, the opener when a
statement is added, and every player the verdict with its reason (in their language)."""

from __future__ import annotations

import hashlib
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from services.cli.platform import Platform
from services.gateway.keys import GatewaySettings, admin_hashes
from tests.disputes.kit import ADMIN, ADMIN_TOKEN
from tests.notify.conftest import Inbox, notify_settings, plain_text, start_notify
from tests.notify.helpers import drained, email_of, players_with_emails, seat
from tests.platform import embedded_config, play_moves


@pytest.fixture
async def platform(tmp_path: Path) -> AsyncIterator[Platform]:
    """Table, relay and gateway with an admin token (notify: the test's own)."""
    digest = hashlib.sha256(ADMIN_TOKEN.encode()).hexdigest()
    config = replace(
        embedded_config(f"sqlite:///{tmp_path}/senet.db"),
        gateway=GatewaySettings(admin_token_hashes=admin_hashes(digest)),
    )
    config.roles = frozenset({"table", "relay", "gateway"})
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


async def test_the_other_player_the_opener_and_everyone_are_told(
    platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(platform.app)
    service = await start_notify(platform, notify_settings(url))
    a, b = await players_with_emails(client, 2)
    table_id = await seat(client, "sobek", [a, b])
    await play_moves(client, table_id, [a, b], seed=3)
    await drained(service)
    turn = next(int(k.split(":")[1]) for k in inbox.sent_keys() if k.endswith("your_turn:email"))
    body = {"reason": "timing", "version": turn, "text": "my turn's mail came late"}
    opened = await client.post(f"/api/tables/{table_id}/disputes", json=body, headers=a.auth)
    case = (await opened.json())["dispute_id"]
    await drained(service)

    def subjects(player: Any, words: str) -> list[str]:
        return [str(m["Subject"]) for m in inbox.to(email_of(player)) if words in str(m["Subject"])]

    assert subjects(b, "a player reported a problem") and not subjects(a, "reported a problem")
    said = await client.post(
        f"/api/disputes/{case}/statements", json={"text": "it was"}, headers=b.auth
    )
    assert said.status == 201
    await drained(service)
    assert subjects(a, "a statement on your report")
    evidence = await (await client.get(f"/api/admin/disputes/{case}", headers=ADMIN)).json()
    sent = evidence["notices"]  # the turn mails of the turns running at the disputed version
    assert sent and {n["kind"] for n in sent} >= {"your_turn"}, sent
    assert {(n["channel"], n["status"]) for n in sent} == {("email", "sent")}
    verdict = {"verdict": "stands", "reason": "the record verifies"}
    settled = await client.post(f"/api/admin/disputes/{case}/verdict", json=verdict, headers=ADMIN)
    assert settled.status == 200
    await drained(service)
    for player in (a, b):
        (mail,) = [m for m in inbox.to(email_of(player)) if "verdict" in str(m["Subject"])]
        text = plain_text(mail)
        assert "stands" in text and "the record verifies" in text
