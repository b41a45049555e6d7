"""Outages seen by the gateway, on the real servers: a clear 503 with Retry-After, never a 500,
and a command retried with its id is applied once.

A TCP proxy between the gateway and RabbitMQ or PostgreSQL is cut and restored, so the
servers keep running for every other test (only the fault-test engineer stops RabbitMQ).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform, PlatformConfig
from services.gateway.keys import GatewaySettings
from shared.store import EventStore, open_store
from tests.platform import register
from tests.tcpproxy import TcpProxy

RETRYABLE = {"broker_unavailable", "broker_timeout", "store_unavailable"}


def _via(url: str, port: int) -> str:
    """The same URL with another port on 127.0.0.1."""
    parts = urlsplit(url)
    userinfo = parts.netloc.rpartition("@")[0]
    netloc = f"{userinfo}@127.0.0.1:{port}" if userinfo else f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=netloc))


@asynccontextmanager
async def _running(
    config: PlatformConfig, store: EventStore | None = None
) -> AsyncIterator[Platform]:
    platform = Platform(config, store)
    await platform.start()
    try:
        yield platform
    finally:
        await platform.stop()


async def _expect_retryable(response: aiohttp.ClientResponse) -> int:
    """A 503 with a known code and Retry-After; returns the seconds to wait."""
    body = await response.json()
    assert response.status == 503, body
    assert body["code"] in RETRYABLE, body
    return int(response.headers["Retry-After"])


async def _until_answered(
    client: TestClient, method: str, path: str, **kwargs: Any
) -> aiohttp.ClientResponse:
    """Send, and while the answer is a 503, wait Retry-After seconds and send it again."""
    for _ in range(60):
        response = await client.request(method, path, **kwargs)
        if response.status != 503:
            return response
        await asyncio.sleep(await _expect_retryable(response))
    raise AssertionError(f"{method} {path} was still unavailable after 60 tries")


def _tables_created(store: EventStore) -> int:
    notes = store.notifications(0, 100_000)
    return sum(1 for note in notes if note.topic.endswith("Table.Created"))


async def test_commands_during_a_broker_outage_are_503_and_apply_once_when_retried(
    amqp_url: str, unique_name: str, tmp_path: Path, aiohttp_client: Any
) -> None:
    proxy = TcpProxy("127.0.0.1", urlsplit(amqp_url).port or 5672)
    proxy.start()
    url = f"sqlite:///{tmp_path}/senet.db"
    store = open_store(url)  # one store object for both roles
    base = PlatformConfig(store=url, broker=amqp_url, prefix=unique_name, shards=2)
    tables = PlatformConfig(**{**vars(base), "roles": frozenset({"table", "relay"})})
    gateway = PlatformConfig(
        **{**vars(base), "broker": _via(amqp_url, proxy.port), "roles": frozenset({"gateway"})}
    )
    async with _running(tables, store) as worker, _running(gateway, store) as front:
        try:
            client = await aiohttp_client(front.app)
            ann = await register(client, "ann")
            proxy.cut()
            bodies = [{"game": "ra", "seats": 2, "command_id": f"during-{i}"} for i in range(3)]
            for body in bodies:
                response = await client.post("/api/tables", json=body, headers=ann.auth)
                await _expect_retryable(response)
            assert _tables_created(store) == 0
            proxy.restore()
            created = set()
            for body in bodies + bodies:  # and each once more: answered, not applied again
                response = await _until_answered(
                    client, "POST", "/api/tables", json=body, headers=ann.auth
                )
                assert response.status == 201, await response.text()
                created.add((await response.json())["table_id"])
            assert len(created) == 3
            assert _tables_created(store) == 3
        finally:
            proxy.restore()
            await worker.broker.cleanup()
            proxy.close()


async def test_a_command_unanswered_in_time_is_503_and_applied_once_when_retried(
    amqp_url: str, unique_name: str, tmp_path: Path, aiohttp_client: Any
) -> None:
    url = f"sqlite:///{tmp_path}/senet.db"
    store = open_store(url)  # one store object for both roles
    base = PlatformConfig(store=url, broker=amqp_url, prefix=unique_name, shards=2)
    gateway = PlatformConfig(**{**vars(base), "roles": frozenset({"gateway"})})
    gateway.gateway = GatewaySettings(command_timeout=1.0)
    async with _running(gateway, store) as front:
        try:
            client = await aiohttp_client(front.app)
            ann = await register(client, "ann")
            body = {"game": "ra", "seats": 2, "command_id": "late"}
            # No table worker runs: the command waits in its shard queue, the client gets 503.
            response = await client.post("/api/tables", json=body, headers=ann.auth)
            await _expect_retryable(response)
            tables = PlatformConfig(**{**vars(base), "roles": frozenset({"table", "relay"})})
            async with _running(tables, store):
                response = await _until_answered(
                    client, "POST", "/api/tables", json=body, headers=ann.auth
                )
                answer = await response.json()
                assert response.status == 201, answer
                # The queued first try was decided first; the retry got its outcome.
                assert answer["replayed"] is True
                assert _tables_created(store) == 1
        finally:
            await front.broker.cleanup()


async def test_a_lost_store_connection_is_503_store_unavailable_until_it_returns(
    postgres_url: str, aiohttp_client: Any
) -> None:
    proxy = TcpProxy("127.0.0.1", urlsplit(postgres_url).port or 5432)
    proxy.start()
    url = _via(postgres_url, proxy.port)
    config = PlatformConfig(store=url, broker="memory", roles=frozenset({"gateway"}))
    # eventsourcing retries a lost connection for about a minute; the client hears sooner.
    config.gateway = GatewaySettings(store_timeout=2.0)
    # Off the event loop: the proxy runs on it and must forward while the store connects.
    store = await asyncio.to_thread(open_store, url)
    try:
        async with _running(config, store) as front:
            client = await aiohttp_client(front.app)
            ann = await register(client, "ann")
            proxy.cut()
            # Reading an unseen token and registering both need the store.
            await _expect_retryable(await client.get("/api/me", headers=ann.auth))
            await _expect_retryable(await client.post("/api/players", json={"name": "bob"}))
            proxy.restore()
            response = await _until_answered(client, "GET", "/api/me", headers=ann.auth)
            assert response.status == 200
            # (Not "bob" again: the cut-off registration may have gone through after all, and
            # display names are unique.)
            response = await _until_answered(client, "POST", "/api/players", json={"name": "cat"})
            assert response.status == 201
    finally:
        proxy.close()
