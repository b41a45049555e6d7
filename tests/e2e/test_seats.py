"""A player acts and looks only as their own seat, whatever the request says; tokens are hashed."""

from __future__ import annotations

import hashlib
from typing import Any

import aiohttp
import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.bench.rebuilt_views import rebuilt_views
from services.cli.platform import Platform
from services.gateway.keys import TABLE_CACHE
from services.gateway.views.player import player_view
from tests.platform import Player, full_log, open_table, register, view


@pytest.fixture
async def game(client: TestClient) -> tuple[str, list[Player]]:
    """A started two-seat Sobek table (hidden hands)."""
    return await open_table(client, "sobek", 2, {"variant": "original"})


async def _snapshot(client: TestClient, table_id: str, players: list[Player]) -> list[Any]:
    """Each seat's view and log: what a rejected request must leave as it was."""
    out = []
    for player in players:
        out.append(await view(client, table_id, player))
        out.append(await full_log(client, table_id, player))
    return out


async def _code(response: aiohttp.ClientResponse, status: int) -> str:
    body = await response.json()
    assert response.status == status, body
    return str(body["code"])


async def test_asking_for_another_seats_view_or_log_is_403(client: TestClient, game) -> None:
    table_id, (ann, bob) = game
    for path in ("view", "events"):
        url = f"/api/tables/{table_id}/{path}"
        assert await _code(await client.get(f"{url}?seat=1", headers=ann.auth), 403) == (
            "not_your_seat"
        )
        assert await _code(await client.get(f"{url}?seat=0", headers=bob.auth), 403) == (
            "not_your_seat"
        )
        own = await client.get(f"{url}?seat=0", headers=ann.auth)
        plain = await client.get(url, headers=ann.auth)
        assert own.status == plain.status == 200
        assert await own.json() == await plain.json()
    stranger = await register(client, "stranger")
    response = await client.get(f"/api/tables/{table_id}/view?seat=0", headers=stranger.auth)
    assert await _code(response, 403) == "not_your_seat"


async def test_a_websocket_for_another_seat_is_refused_with_403(client: TestClient, game) -> None:
    table_id, (ann, _) = game
    with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
        await client.ws_connect(f"/api/tables/{table_id}/ws?token={ann.token}&seat=1")
    assert caught.value.status == 403


async def test_a_move_for_another_seat_is_403_and_changes_nothing(client: TestClient, game) -> None:
    table_id, players = game
    first = await view(client, table_id, players[0])
    actor_seat = first["to_act"][0]
    actor, idle = players[actor_seat], players[1 - actor_seat]
    move = (await view(client, table_id, actor))["legal_moves"][0]
    before = await _snapshot(client, table_id, players)
    url = f"/api/tables/{table_id}/moves"
    # The idle seat claims the actor's seat; the actor claims the idle seat.
    for who, seat in ((idle, actor_seat), (actor, 1 - actor_seat)):
        response = await client.post(url, json={"move": move, "seat": seat}, headers=who.auth)
        assert await _code(response, 403) == "not_your_seat"
    # A crafted player id is not a field of a move request.
    crafted = {"move": move, "player_id": actor.player_id}
    response = await client.post(url, json=crafted, headers=idle.auth)
    assert await _code(response, 400) == "invalid_request"
    # The seat always comes from the token: the actor's move from the idle seat is out of turn.
    response = await client.post(url, json={"move": move}, headers=idle.auth)
    assert await _code(response, 409) == "not_your_turn"
    assert await _snapshot(client, table_id, players) == before
    # Naming one's own seat is allowed.
    response = await client.post(url, json={"move": move, "seat": actor_seat}, headers=actor.auth)
    assert response.status == 200, await response.text()


async def test_tokens_are_stored_and_projected_only_as_hashes(
    client: TestClient, platform: Platform, game
) -> None:
    _, players = game
    tokens = [player.token.encode() for player in players]
    stored = platform.store.notifications(0, 100_000)
    hashes = {hashlib.sha256(token).hexdigest().encode() for token in tokens}
    found = set()
    for notification in stored:
        decoded = repr(vars(platform.store.decode(notification))).encode()
        for token in tokens:
            assert token not in notification.state and token not in decoded
        found |= {h for h in hashes if h in notification.state}
    assert found == hashes  # the stored form is the SHA-256 of each token
    assert platform.app is not None
    logs = (await rebuilt_views(platform.store)).logs
    for table_id, model in platform.app[TABLE_CACHE].tables.items():
        projected = msgspec.json.encode(
            [model.state, [logged.event for logged in logs[table_id]]]
            + [player_view(model, seat) for seat in (None, *range(model.state.seats))]
        )
        for token in tokens:
            assert token not in projected
