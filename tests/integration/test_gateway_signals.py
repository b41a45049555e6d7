"""Signals between gateways on RabbitMQ + PostgreSQL: a chat message posted through one is
pushed live to a chat socket held by the other, the chat rate limit holds across both, a
mute made on one hides the author on the other's socket, and a token revoked on one stops
working on the other at once (though the other had just seen it)."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform, PlatformConfig
from shared.chat.rules import BURST
from tests.e2e.chatkit import chat_table, read, say
from tests.platform import register

pytestmark = pytest.mark.integration


@pytest.fixture
async def second_client(
    real_platform: Platform, real_config: PlatformConfig, aiohttp_client
) -> AsyncIterator[TestClient]:
    """A second gateway on the same RabbitMQ prefix and PostgreSQL schema."""
    other = Platform(replace(real_config, roles=frozenset({"gateway"})))
    await other.start()
    assert other.app is not None
    yield await aiohttp_client(other.app)
    await other.stop()


async def test_chat_crosses_gateways_live_and_limits_hold_across_them(
    real_client: TestClient, second_client: TestClient
) -> None:
    one, two = real_client, second_client
    table_id, (ann, bob) = await chat_table(one)
    async with two.ws_connect(f"/api/tables/{table_id}/chat/ws?token={bob.token}") as socket:
        assert (await socket.receive(timeout=10)).json() == {"messages": []}
        status, posted = await say(one, table_id, ann, "hello from gateway one")
        assert status == 201
        heard = (await socket.receive(timeout=10)).json()["messages"]
        assert heard == [posted]

        response = await one.put(f"/api/me/mutes/{ann.player_id}", headers=bob.auth)
        assert response.status == 200
        # The mute is published before the message, to the queue each gateway hears both
        # through: gateway two silences the message without waiting for anything.
        await say(one, table_id, ann, "you cannot hear this")
        await say(two, table_id, bob, "quiet here")
        heard = (await socket.receive(timeout=10)).json()["messages"]
        assert [m["text"] for m in heard] == ["quiet here"]

    for i in range(BURST - 1):  # bob has posted once; ann's limit is her own
        client = (one, two)[i % 2]
        assert (await say(client, table_id, bob, f"again {i}"))[0] == 201
    status, body = await say(one, table_id, bob, "over the limit via one")
    assert (status, body["code"]) == (429, "chat_rate_limited")
    status, body = await say(two, table_id, bob, "over the limit via two")
    assert (status, body["code"]) == (429, "chat_rate_limited")
    status, page = await read(two, table_id, ann)
    assert len(page["messages"]) == 2 + BURST


async def test_a_token_revoked_on_one_gateway_stops_on_the_other_at_once(
    real_client: TestClient, second_client: TestClient
) -> None:
    one, two = real_client, second_client
    ann = await register(one, f"rev-{uuid.uuid4().hex[:6]}")
    spare = await (
        await one.post("/api/me/tokens", json={"name": "laptop"}, headers=ann.auth)
    ).json()
    laptop = {"Authorization": f"Bearer {spare['token']}"}
    assert (await two.get("/api/me", headers=laptop)).status == 200  # gateway two remembers it
    assert (await one.delete(f"/api/me/tokens/{spare['id']}", headers=ann.auth)).status == 200
    deadline = time.monotonic() + 30  # a remembered token would pass for 60 s
    while (response := await two.get("/api/me", headers=laptop)).status != 401:
        assert time.monotonic() < deadline, "the revocation never reached gateway two"
        await asyncio.sleep(0.02)  # the signal crosses RabbitMQ
    assert (response.status, (await response.json())["code"]) == (401, "bad_token")
    assert (await two.get("/api/me", headers=ann.auth)).status == 200
