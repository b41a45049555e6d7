"""Slow senders (slowloris): headers and bodies must arrive in bounded time, and a body still
arriving holds no write slot, so a few stalled connections cannot lock everyone out."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from structlog.testing import capture_logs

from services.cli.platform import Platform, serving
from services.gateway.http.limits import address_key
from services.gateway.keys import LIMITER, GatewaySettings
from tests.platform import embedded_config, register

ClientFactory = Callable[..., Any]
Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]
STALLED_BODY = (
    b"POST /api/players HTTP/1.1\r\nHost: senet\r\nContent-Type: application/json\r\n"
    b"Content-Length: 100\r\n\r\n{"
)


@pytest.fixture(params=[(128, 1.0)])
async def slow_guard(
    aiohttp_client: ClientFactory, request: pytest.FixtureRequest
) -> AsyncIterator[TestClient]:
    """A gateway with a small write cap, a short header timeout, and the parameter's cap of
    bodies still arriving per address and body timeout (seconds)."""
    cap, body_timeout = request.param
    settings = GatewaySettings(
        max_in_flight=3,
        body_timeout=body_timeout,
        header_timeout=1.0,
        max_arriving_per_address=cap,
    )
    config = embedded_config()
    config.gateway = settings
    platform = Platform(config)
    await platform.start()
    try:
        yield await aiohttp_client(platform.app)
    finally:
        await platform.stop()


async def _stall(client: TestClient, start: bytes, source: str = "127.0.0.1") -> Connection:
    """A raw connection (from `source`, another loopback address if asked) that sends
    `start` and then nothing."""
    host, port = str(client.server.host), int(client.server.port or 0)
    reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    writer.write(start)
    await writer.drain()
    return reader, writer


async def _answer_then_closed(connection: Connection) -> bytes:
    reader, writer = connection
    async with asyncio.timeout(5):
        data = await reader.read()  # everything until the gateway closes the connection
    writer.close()
    return data


async def test_stalled_bodies_take_no_write_slot_and_are_cut_off_after_the_body_timeout(
    slow_guard: TestClient,
) -> None:
    stalled = [await _stall(slow_guard, STALLED_BODY) for _ in range(4)]
    await asyncio.sleep(0.2)  # every stalled request has reached the gateway
    ann = await register(slow_guard, "ann")  # more stalled bodies than write slots
    body = {"game": "ra", "seats": 2}
    response = await slow_guard.post("/api/tables", json=body, headers=ann.auth)
    assert response.status == 201, await response.text()
    for connection in stalled:
        data = await _answer_then_closed(connection)
        assert data.startswith(b"HTTP/1.1 408"), data
        assert b'"body_timeout"' in data


# A body timeout far beyond the test: on a busy machine the four stalled bodies must still
# be arriving when the fifth comes (with 1 s they once timed out first, and it was let in).
@pytest.mark.parametrize("slow_guard", [(4, 120.0)], indirect=True)
async def test_stalled_bodies_are_capped_per_client_address(slow_guard: TestClient) -> None:
    stalled = [await _stall(slow_guard, STALLED_BODY, "127.0.0.2") for _ in range(4)]
    limiter = slow_guard.app[LIMITER]
    async with asyncio.timeout(30):  # the gateway holds all four bodies as arriving
        while limiter._arriving[address_key("127.0.0.2")] < 4:
            await asyncio.sleep(0.01)
    refused = await _answer_then_closed(await _stall(slow_guard, STALLED_BODY, "127.0.0.2"))
    assert refused.startswith(b"HTTP/1.1 429"), refused
    assert b'"too_many_open"' in refused
    assert b"Retry-After: 1" in refused
    await register(slow_guard, "bob")  # another address is not held up
    for connection in stalled:
        connection[1].close()


async def test_headers_that_never_end_are_cut_off_after_the_header_timeout(
    slow_guard: TestClient,
) -> None:
    connection = await _stall(slow_guard, b"POST /api/players HTTP/1.1\r\nHost: sen")
    started = asyncio.get_running_loop().time()
    assert await _answer_then_closed(connection) == b""
    assert asyncio.get_running_loop().time() - started < 3


async def test_a_client_dropping_mid_body_is_not_an_unhandled_error() -> None:
    # Served as `senet serve` serves it: the test server would cancel the handler instead.
    platform = Platform(embedded_config())
    await platform.start()
    assert platform.app is not None
    try:
        async with serving(platform.app, "127.0.0.1", 0) as runner:
            host, port = runner.addresses[0][:2]
            with capture_logs() as logs:
                _, writer = await asyncio.open_connection(host, port)
                writer.write(STALLED_BODY)
                await writer.drain()
                await asyncio.sleep(0.2)
                writer.close()
                await asyncio.sleep(0.3)
    finally:
        await platform.stop()
    events = [line["event"] for line in logs]
    assert "unhandled_error" not in events, logs
    assert "client_gone" in events, logs


async def test_a_handler_still_sees_the_body_it_waits_for(slow_guard: TestClient) -> None:
    # The guard waits for the body without reading it: a handler that reads a body only
    # when one was sent still finds it (and refuses a malformed one).
    ann = await register(slow_guard, "dee")
    response = await slow_guard.post(
        "/api/tables", json={"game": "ra", "seats": 2}, headers=ann.auth
    )
    table_id = (await response.json())["table_id"]
    headers = ann.auth | {"Content-Type": "application/json"}
    response = await slow_guard.post(
        f"/api/tables/{table_id}/invitation", data=b"\x00", headers=headers
    )
    assert (response.status, (await response.json())["code"]) == (400, "malformed_json")


async def test_a_body_larger_than_the_read_buffer_but_allowed_is_not_cut_off(
    aiohttp_client: ClientFactory,
) -> None:
    config = embedded_config()
    config.gateway = GatewaySettings(max_body=400_000, body_timeout=2.0)
    platform = Platform(config)
    await platform.start()
    try:
        client = await aiohttp_client(platform.app)
        ann = await register(client, "eli")

        async def chunks() -> AsyncIterator[bytes]:  # chunked: no Content-Length
            yield b'{"name": "'
            for index in range(300):
                if index % 20 == 0:
                    await asyncio.sleep(0.01)  # arriving in many reads, as over a network
                yield b"x" * 1000
            yield b'"}'

        response = await client.post("/api/me/tokens", data=chunks(), headers=ann.auth)
        assert (response.status, (await response.json())["code"]) == (400, "invalid_request")
    finally:
        await platform.stop()
