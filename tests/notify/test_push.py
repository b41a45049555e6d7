"""Web push: encrypted for the subscription (RFC 8291), signed with VAPID, 410 removes it."""

from __future__ import annotations

from typing import Any

from services.cli.platform import Platform
from services.cli.verbs.keys import vapid_pair
from services.gateway.settings.notifications import setup_notify
from shared.notify.endpoints import EndpointPolicy
from shared.notify.preferences import load
from tests.notify.conftest import notify_settings, start_notify
from tests.notify.helpers import drained, seat
from tests.notify.pushservice import Browser, PushService
from tests.platform import register


async def test_turn_pushes_decrypt_with_the_subscription_key_and_carry_a_valid_vapid(
    game_platform: Platform, aiohttp_client: Any, aiohttp_server: Any
) -> None:
    private, public = vapid_pair()
    pushes = PushService(vapid_public_key=public)
    server = await aiohttp_server(pushes.app())
    assert game_platform.app is not None
    setup_notify(game_platform.app, public, EndpointPolicy(allow_private=True))  # test-only
    client = await aiohttp_client(game_platform.app)
    response = await client.get("/api/push/key")
    assert (await response.json()) == {"public_key": public}
    players = [await register(client, f"push{i}") for i in range(2)]
    for index, player in enumerate(players):
        browser = Browser(endpoint=str(server.make_url(f"/push/b{index}")))
        pushes.browsers[f"b{index}"] = browser
        response = await client.post(
            "/api/me/push-subscriptions", json=browser.subscription(), headers=player.auth
        )
        assert response.status == 201, await response.text()
    settings = notify_settings("", vapid_private_key=private, vapid_public_key=public)
    service = await start_notify(game_platform, settings)
    table_id = await seat(client, "ra", players)
    await drained(service)
    assert pushes.rejected == []
    [(name, payload)] = pushes.received
    [acting] = service.tracker.acting(table_id)
    assert name == f"b{acting}"
    assert payload["kind"] == "your_turn"
    assert payload["url"] == f"https://senet.test/tables/{table_id}"
    assert payload["table_id"] == table_id
    assert service.metrics.value("senet_notifications_sent_total", channel="push") == 1


async def test_a_subscription_answered_410_is_deleted(
    game_platform: Platform, aiohttp_client: Any, aiohttp_server: Any
) -> None:
    private, public = vapid_pair()
    pushes = PushService(vapid_public_key=public, gone={"old"})
    server = await aiohttp_server(pushes.app())
    assert game_platform.app is not None
    setup_notify(game_platform.app, public, EndpointPolicy(allow_private=True))  # test-only
    client = await aiohttp_client(game_platform.app)
    players = [await register(client, f"gone{i}") for i in range(2)]
    for player in players:
        browser = Browser(endpoint=str(server.make_url("/push/old")))
        await client.post(
            "/api/me/push-subscriptions", json=browser.subscription(), headers=player.auth
        )
    settings = notify_settings("", vapid_private_key=private, vapid_public_key=public)
    service = await start_notify(game_platform, settings)
    table_id = await seat(client, "ra", players)
    await drained(service)
    [acting] = service.tracker.acting(table_id)
    prefs = load(game_platform.store, players[acting].player_id)
    assert prefs is not None and prefs.push == {}
    other = load(game_platform.store, players[1 - acting].player_id)
    assert other is not None and len(other.push) == 1
