"""Backpressure and abuse limits: 429 with Retry-After, 413, WebSocket size and origin."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import pytest
from aiohttp import WSCloseCode, WSMsgType
from aiohttp.test_utils import TestClient

from services.gateway.keys import LIMITER, GatewaySettings
from tests.platform import gateway_client, open_table, register

ClientFactory = Callable[..., Any]


@pytest.fixture
async def strict(aiohttp_client: ClientFactory) -> AsyncIterator[TestClient]:
    """A platform whose tokens get 3 requests and then (practically) no refill."""
    settings = GatewaySettings(rate_limit=0.001, rate_burst=3, ws_max_message=1024)
    async for client in gateway_client(aiohttp_client, settings):
        yield client


@pytest.fixture
async def stalled(aiohttp_client: ClientFactory) -> AsyncIterator[TestClient]:
    """A gateway without a table service: every command stays in flight until it times out."""
    settings = GatewaySettings(
        max_in_flight_per_player=2, max_in_flight=3, command_timeout=1.0, retry_after=3
    )
    async for client in gateway_client(aiohttp_client, settings, frozenset({"gateway"})):
        yield client


async def _error(response: aiohttp.ClientResponse, status: int, code: str) -> dict[str, Any]:
    body = await response.json()
    assert response.status == status, body
    assert body["code"] == code, body
    return body


async def test_a_token_past_its_rate_gets_429_rate_limited_with_retry_after(
    strict: TestClient,
) -> None:
    ann = await register(strict, "ann")
    bob = await register(strict, "bob")
    for _ in range(3):
        assert (await strict.get("/api/me", headers=ann.auth)).status == 200
    response = await strict.get("/api/me", headers=ann.auth)
    await _error(response, 429, "rate_limited")
    assert int(response.headers["Retry-After"]) >= 1
    # Other tokens have their own buckets; a limited write is refused before it is read.
    assert (await strict.get("/api/me", headers=bob.auth)).status == 200
    refused = await strict.post("/api/tables", json={"game": "ra", "seats": 2}, headers=ann.auth)
    await _error(refused, 429, "rate_limited")
    tables = (await (await strict.get("/api/tables")).json())["items"]
    assert tables == []


async def test_a_token_in_the_query_is_ignored_except_on_the_websocket_route(
    aiohttp_client: ClientFactory,
) -> None:
    async for client in gateway_client(aiohttp_client, GatewaySettings()):
        table_id, [ann, _] = await open_table(client, "ra", 2)
        for path in ["/api/me", f"/api/tables/{table_id}/view", "/api/me/preferences"]:
            await _error(await client.get(f"{path}?token={ann.token}"), 401, "missing_token")
        socket = await client.ws_connect(f"/api/tables/{table_id}/ws?token={ann.token}")
        message = await socket.receive()  # text or binary frame: JSON either way
        assert json.loads(message.data)["table"]["table_id"] == table_id
        await socket.close()


async def test_registrations_and_made_up_tokens_are_limited_by_client_address(
    aiohttp_client: ClientFactory,
) -> None:
    settings = GatewaySettings(rate_limit=0.001, rate_burst=3)
    async for client in gateway_client(aiohttp_client, settings):
        codes = [
            (await client.post("/api/players", json={"name": f"flood{i}"})).status for i in range(5)
        ]
        assert codes == [201, 201, 201, 429, 429]
        made_up = {"Authorization": "Bearer not-a-real-token"}
        await _error(await client.get("/api/me", headers=made_up), 429, "rate_limited")
        limiter = client.app[LIMITER]
        assert not any("not-a-real-token" in key for key in limiter._buckets)


async def test_rate_buckets_are_keyed_by_a_hash_never_the_plain_token(strict: TestClient) -> None:
    ann = await register(strict, "ann")
    assert (await strict.get("/api/me", headers=ann.auth)).status == 200
    keys = list(strict.app[LIMITER]._buckets)
    assert keys and not any(ann.token in key for key in keys)


async def test_websockets_are_capped_per_token_and_per_address(
    aiohttp_client: ClientFactory,
) -> None:
    settings = GatewaySettings(max_sockets_per_player=2, max_sockets_per_address=3)
    async for client in gateway_client(aiohttp_client, settings):
        table_id, [ann, bob] = await open_table(client, "ra", 2)
        url = f"/api/tables/{table_id}/ws"
        held = [await client.ws_connect(url, headers=ann.auth) for _ in range(2)]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(url, headers=ann.auth)
        assert refused.value.status == 429
        held.append(await client.ws_connect(url, headers=bob.auth))
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(url, headers=bob.auth)  # the address's third is taken
        assert refused.value.status == 429
        await held[0].close()
        for _ in range(100):  # the server frees the slot once it sees the close
            if client.app[LIMITER]._sockets.get("a:127.0.0.1", 0) < 3:
                break
            await asyncio.sleep(0.01)
        held.append(await client.ws_connect(url, headers=bob.auth))
        for socket in held:
            await socket.close()


async def test_anonymous_websockets_are_capped_per_address_not_in_one_global_bucket(
    aiohttp_client: ClientFactory,
) -> None:
    settings = GatewaySettings(max_sockets_per_player=2, max_sockets_per_address=10)
    async for client in gateway_client(aiohttp_client, settings):
        table_id, _ = await open_table(client, "ra", 2, spectators="anyone")
        url = f"/api/tables/{table_id}/ws"
        held = [await client.ws_connect(url) for _ in range(2)]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(url)  # this address's anonymous sockets are taken
        assert refused.value.status == 429
        connector = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
        async with aiohttp.ClientSession(connector=connector) as elsewhere:
            # another address still may watch
            other = await elsewhere.ws_connect(client.make_url(url))
            await other.close()
        for socket in held:
            await socket.close()


async def test_commands_in_flight_are_bounded_per_player_and_in_total(stalled: TestClient) -> None:
    ann, bob, cy = [await register(stalled, name) for name in ("ann", "bob", "cy")]
    body = {"game": "ra", "seats": 2}

    def create(who: Any) -> asyncio.Task[aiohttp.ClientResponse]:
        return asyncio.create_task(stalled.post("/api/tables", json=body, headers=who.auth))

    limiter = stalled.app[LIMITER]
    waiting = [create(ann), create(ann), create(bob)]
    async with asyncio.timeout(10):  # a generous bound instead of a hang if they never arrive
        while limiter.in_flight_total < 3:
            await asyncio.sleep(0.01)
    response = await stalled.post("/api/tables", json=body, headers=ann.auth)
    await _error(response, 429, "too_many_in_flight")
    assert response.headers["Retry-After"] == "1"
    response = await stalled.post("/api/tables", json=body, headers=cy.auth)
    await _error(response, 429, "too_many_in_flight")
    # Reads are not writes: they pass while the writes wait.
    assert (await stalled.get("/api/me", headers=cy.auth)).status == 200
    # The waiting commands end as a clear, retryable 503; their slots are given back.
    for response in await asyncio.gather(*waiting):
        await _error(response, 503, "broker_timeout")
        assert response.headers["Retry-After"] == "3"  # SENET_RETRY_AFTER
    assert limiter.in_flight_total == 0


async def test_a_body_over_the_limit_is_413_even_without_a_content_length(
    strict: TestClient,
) -> None:
    ann = await register(strict, "ann")

    async def chunks() -> AsyncIterator[bytes]:
        yield b'{"game": "ra", "seats": 2, "options": {"x": "'
        for _ in range(100):
            yield b"x" * 1024
        yield b'"}}'

    response = await strict.post("/api/tables", data=chunks(), headers=ann.auth)
    await _error(response, 413, "payload_too_large")


async def test_a_websocket_message_over_the_limit_closes_the_socket_with_1009(
    strict: TestClient,
) -> None:
    table_id, players = await open_table(strict, "ra", 2)
    async with strict.ws_connect(f"/api/tables/{table_id}/ws?token={players[0].token}") as ws:
        assert (await ws.receive(timeout=5)).type == WSMsgType.TEXT
        await ws.send_bytes(b"x" * 2048)
        closing = await ws.receive(timeout=5)
        assert closing.type == WSMsgType.CLOSE
        assert closing.data == WSCloseCode.MESSAGE_TOO_BIG == 1009


@pytest.mark.parametrize("origin", ["http://evil.example", "null"])
async def test_a_websocket_from_a_foreign_origin_is_refused_with_403(
    client: TestClient, origin: str
) -> None:
    table_id, players = await open_table(client, "ra", 2)
    url = f"/api/tables/{table_id}/ws?token={players[0].token}"
    with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
        await client.ws_connect(url, headers={"Origin": origin})
    assert caught.value.status == 403
    response = await client.get(url, headers={"Origin": origin})
    await _error(response, 403, "bad_origin")


async def test_a_websocket_from_our_own_origin_or_without_origin_is_accepted(
    client: TestClient,
) -> None:
    table_id, players = await open_table(client, "ra", 2)
    url = f"/api/tables/{table_id}/ws?token={players[0].token}"
    own = str(client.make_url("/")).rstrip("/")
    for headers in ({"Origin": own}, {}):
        async with client.ws_connect(url, headers=headers) as ws:
            assert (await ws.receive(timeout=5)).type == WSMsgType.TEXT


async def test_a_listed_origin_may_open_a_websocket(aiohttp_client: ClientFactory) -> None:
    settings = GatewaySettings(allowed_origins=("https://app.example",))
    async for client in gateway_client(aiohttp_client, settings):
        table_id, players = await open_table(client, "ra", 2)
        url = f"/api/tables/{table_id}/ws?token={players[0].token}"
        async with client.ws_connect(url, headers={"Origin": "https://app.example"}) as ws:
            assert (await ws.receive(timeout=5)).type == WSMsgType.TEXT
