"""Delivery rules: quiet hours, digests, unsubscribe links, outages, poison, presence."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlparse
from zoneinfo import ZoneInfo

from services.cli.platform import Platform
from services.notify.clock import FakeClock
from services.notify.settings import HOUR
from tests.helpers import until_true
from tests.notify.conftest import Inbox, notify_settings, plain_text, start_notify
from tests.notify.helpers import drained, email_of, play_until_back, players_with_emails, seat
from tests.platform import play_moves


async def test_quiet_hours_in_the_players_time_zone_hold_mail_until_they_end(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url), clock)
    players = await players_with_emails(client, 2)
    local = datetime.fromtimestamp(clock.now(), ZoneInfo("Asia/Tokyo"))
    quiet = {
        "start": (local - timedelta(hours=1)).strftime("%H:%M"),
        "end": (local + timedelta(hours=2)).strftime("%H:%M"),
        "tz": "Asia/Tokyo",
    }
    for player in players:
        response = await client.put(
            "/api/me/preferences", json={"quiet": quiet}, headers=player.auth
        )
        assert response.status == 200, await response.text()
    await seat(client, "ra", players)
    await drained(service)
    assert inbox.sent_keys() == []
    clock.advance(1.5 * HOUR)
    await drained(service)
    assert inbox.sent_keys() == []
    clock.advance(0.6 * HOUR)
    await drained(service)
    assert [k.split(":")[3] for k in inbox.sent_keys()] == ["your_turn"]


async def test_digest_players_get_one_mail_for_all_their_waiting_turns(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    settings = notify_settings(url, digest_every=HOUR)
    service = await start_notify(game_platform, settings, clock)
    players = await players_with_emails(client, 2)
    for player in players:
        response = await client.put(
            "/api/me/preferences", json={"digest": True}, headers=player.auth
        )
        assert response.status == 200
    tables = [await seat(client, "ra", players) for _ in range(3)]
    await drained(service)
    assert inbox.messages == []
    waiting = len(service.outbox.notices)
    assert waiting >= 3
    clock.advance(HOUR + 1)
    await drained(service)
    assert len(inbox.messages) <= 2  # one per player with waiting turns
    body = "".join(plain_text(m) for m in inbox.messages)
    assert all(t in body for t in tables)
    assert service.metrics.value("senet_notifications_sent_total", channel="email") == waiting


async def test_unsubscribe_link_works_without_login_and_rejects_a_forged_token(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    players = await players_with_emails(client, 2)
    table_id = await seat(client, "ra", players)
    await drained(service)
    [mail] = inbox.messages
    link = str(mail["List-Unsubscribe"]).strip("<>")
    path = urlparse(link).path
    token = path.rsplit("/", 1)[1]
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    response = await client.post(path.replace(token, forged), data="List-Unsubscribe=One-Click")
    assert response.status == 404
    assert (await response.json())["code"] == "bad_unsubscribe_token"
    response = await client.post(path, data="List-Unsubscribe=One-Click")  # no Authorization
    assert response.status == 200, await response.text()
    unsubscribed = next(p for p in players if email_of(p) == mail["To"])
    await play_moves(client, table_id, players, seed=5, limit=40)
    await drained(service)
    assert inbox.to(email_of(unsubscribed)) == [mail]
    assert len(inbox.messages) > 1  # the other player still gets mail


async def test_smtp_outage_is_retried_with_backoff_then_delivered_once(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url), clock)
    players = await players_with_emails(client, 2)
    inbox.down = True
    await seat(client, "ra", players)
    await drained(service)
    assert inbox.refused == 1
    clock.advance(59)  # retry_base is 60 s
    await drained(service)
    assert inbox.refused == 1
    clock.advance(2)
    await drained(service)
    assert inbox.refused == 2
    inbox.down = False
    clock.advance(121)  # then 120 s
    await drained(service)
    assert len(inbox.sent_keys()) == 1
    assert service.metrics.value("senet_notifications_retried_total", channel="email") == 2
    assert service.metrics.value("senet_notifications_sent_total", channel="email") == 1


async def test_a_notice_failing_every_attempt_is_dead_lettered_and_logged(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    clock = FakeClock()
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url), clock)
    players = await players_with_emails(client, 2)
    inbox.down = True
    await seat(client, "ra", players)
    for _ in range(6):
        await drained(service)
        clock.advance(601)
    assert inbox.refused == 4  # max_attempts
    [dead] = service.outbox.dead_letters
    assert dead["key"].endswith(":your_turn:email")
    assert service.metrics.value("senet_notifications_failed_total", channel="email") == 1
    assert service.outbox.notices == {}


async def test_a_poison_message_changes_nothing_and_no_durable_queue_is_left(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    broker = game_platform.broker
    await broker.publish(broker.topology.events_exchange, "ra.Bogus.x", b"\x00not json")
    players = await players_with_emails(client, 2)
    await seat(client, "ra", players)
    await drained(service)
    assert len(inbox.sent_keys()) == 1
    # Notify listens through a private queue: nothing piles up while it does not run.
    assert not any("notify" in name for name in await broker.queue_depths())


async def test_nothing_is_sent_to_a_player_watching_the_table_over_websocket(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    players = await players_with_emails(client, 2)
    response = await client.post(
        "/api/tables", json={"game": "ra", "seats": 2}, headers=players[0].auth
    )
    table_id = (await response.json())["table_id"]
    await client.post(f"/api/tables/{table_id}/join", json={}, headers=players[1].auth)
    sockets = [
        await client.ws_connect(f"/api/tables/{table_id}/ws?token={p.token}") for p in players
    ]
    await until_true(
        lambda: all(service.sockets.present(table_id, p.player_id) for p in players),
        "notify hears both sockets",
    )
    await client.post(f"/api/tables/{table_id}/start", json={}, headers=players[0].auth)
    await drained(service)
    assert inbox.sent_keys() == []
    for socket in sockets:
        await socket.close()
    await until_true(
        lambda: not any(service.sockets.present(table_id, p.player_id) for p in players),
        "notify hears the sockets close",
    )
    [acting] = service.tracker.acting(table_id)  # a turn of dice has no fixed length:
    await play_until_back(client, table_id, players, acting, seed=3)  # turns must change
    await drained(service)
    assert inbox.sent_keys()  # mail again once the sockets are closed
