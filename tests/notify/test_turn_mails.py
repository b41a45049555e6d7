"""Turn and game-over mails over a real SMTP server: exactly once, right people, right links."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

from services.cli.platform import Platform
from services.notify.notices import SENDING, UNCERTAIN
from services.notify.service import NotifyService
from tests.notify.conftest import Inbox, notify_settings, plain_text, start_notify
from tests.notify.helpers import drained, email_of, players_with_emails, seat, settled
from tests.notify.oracle import expected_notices
from tests.platform import play_moves


@pytest.mark.slow
async def test_full_game_mails_each_turn_once_and_game_over_to_everyone(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = NotifyService(game_platform.store, game_platform.broker, notify_settings(url))
    await service.start()  # the live loop, woken by the events exchange
    try:
        players = await players_with_emails(client, 3)
        table_id = await seat(client, "ra", players)
        await play_moves(client, table_id, players, seed=7)
        expected = await asyncio.to_thread(expected_notices, game_platform.store)
        await settled(service)  # every notice of the game decided and delivered
    finally:
        await service.stop()
    keys = inbox.sent_keys()
    assert len(keys) == len(set(keys))
    assert set(keys) == {f"{t}:{turn}:{s}:{kind}:email" for t, turn, s, kind in expected}
    link = f"https://senet.test/tables/{table_id}"
    # A live service may mail a confirmation before the test confirms the address.
    confirmations = [m for m in inbox.messages if ":confirm_email:" in str(m["X-Senet-Key"])]
    assert {m["To"] for m in confirmations} <= {email_of(p) for p in players}
    for message in [m for m in inbox.messages if m not in confirmations]:
        _table, _, seat_no, kind, _ = str(message["X-Senet-Key"]).split(":")
        assert message["To"] == email_of(players[int(seat_no)])
        text = plain_text(message)
        assert link in text
        assert message["List-Unsubscribe"].startswith("<https://senet.test/api/unsubscribe/")
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        if kind == "your_turn":
            assert "You are asked to:" in text
    game_over = [m for m in inbox.messages if ":game_over:" in str(m["X-Senet-Key"])]
    assert sorted(m["To"] for m in game_over) == sorted(email_of(p) for p in players)
    assert all("Final ranking" in plain_text(m) for m in game_over)


async def test_restarted_notify_sends_no_duplicate_and_loses_nothing(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    settings = notify_settings(url)
    players = await players_with_emails(client, 2)
    table_id = await seat(client, "ra", players)
    first = await start_notify(game_platform, settings)
    await play_moves(client, table_id, players, seed=11, limit=30)
    await drained(first)
    await first.stop()  # killed: its state is gone, its queue stays
    await play_moves(client, table_id, players, seed=12, limit=30)  # while notify is down
    second = await start_notify(game_platform, settings)
    await drained(second)
    await play_moves(client, table_id, players, seed=13)
    await drained(second)
    # A redelivered event and a third process over the same store change nothing.
    third = await start_notify(game_platform, settings)
    await drained(third)
    expected = await asyncio.to_thread(expected_notices, game_platform.store)
    counts = Counter(inbox.sent_keys())
    assert all(n == 1 for n in counts.values()), counts.most_common(3)
    assert set(counts) == {f"{t}:{turn}:{s}:{kind}:email" for t, turn, s, kind in expected}


@pytest.mark.slow
async def test_a_thousand_turn_events_send_exactly_the_expected_mails(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    tables = []
    for index in range(5):
        players = await players_with_emails(client, 2 + index % 3)
        tables.append((await seat(client, "ra", players), players, index))
    await asyncio.gather(*(play_moves(client, t, p, seed=i) for t, p, i in tables))
    await drained(service, timeout=60)
    last = await asyncio.to_thread(game_platform.store.last_position)
    assert last > 1000
    expected = await asyncio.to_thread(expected_notices, game_platform.store)
    keys = inbox.sent_keys()
    assert len(keys) == len(expected) == len(set(keys))


async def test_a_notice_claimed_when_notify_died_is_never_sent_again(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    settings = notify_settings(url)
    players = await players_with_emails(client, 2)
    first = await start_notify(game_platform, settings)
    inbox.hang = True
    await seat(client, "ra", players)
    await first.catch_up()
    [notice] = first.outbox.notices.values()
    sending = asyncio.create_task(first.outbox.deliver_due())
    while notice.status != SENDING:
        await asyncio.sleep(0.01)
    sending.cancel()  # the process dies in the middle of the SMTP conversation
    await asyncio.gather(sending, return_exceptions=True)
    inbox.hang = False
    second = await start_notify(game_platform, settings)
    await drained(second)
    assert inbox.sent_keys() == []
    stored: Any = game_platform.store.repository.get(notice.id)
    assert stored.status == UNCERTAIN


async def test_a_german_readers_turn_mail_names_the_game_by_its_german_title(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    """The turn tracker's notices carry the game's id, so each reader's mail says the game's
    title in that reader's language (Ra's German title differs from its English one)."""
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    players = await players_with_emails(client, 2)
    response = await client.put(
        "/api/me/preferences", json={"language": "de"}, headers=players[1].auth
    )
    assert response.status == 200, await response.text()
    table_id = await seat(client, "ra", players)
    await play_moves(client, table_id, players, seed=3, limit=12)
    await drained(service)
    turns = [m for m in inbox.messages if ":your_turn" in str(m["X-Senet-Key"])]
    by_reader = {m["To"]: str(m["Subject"]) for m in turns}
    assert set(by_reader) == {email_of(p) for p in players}, by_reader
    assert "Ra: Das Würfelspiel" in by_reader[email_of(players[1])]
    assert "Ra: The Dice Game" in by_reader[email_of(players[0])]
    assert "Dice Game" not in by_reader[email_of(players[1])]
