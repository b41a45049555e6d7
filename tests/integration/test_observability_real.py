"""Probes, queue depths and the relay lease on the real RabbitMQ and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform, PlatformConfig
from shared.messaging.amqp import AmqpBroker
from shared.messaging.lease import lease_for
from shared.messaging.memory import MemoryBroker
from shared.messaging.port import Topology
from shared.messaging.urls import broker_from_url
from tests.observekit import until
from tests.tcpproxy import TcpProxy

TOPOLOGY = Topology(shards=2)
TestBroker = MemoryBroker | AmqpBroker
MakeBroker = Callable[[], Awaitable[TestBroker]]


def _via(url: str, port: int) -> str:
    """The URL with its host and port replaced by the proxy's."""
    parts = urlsplit(url)
    credentials = parts.netloc.rpartition("@")[0]
    netloc = f"{credentials}@127.0.0.1:{port}" if credentials else f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=netloc))


@pytest.fixture
def proxy_to() -> Iterator[Callable[[str], TcpProxy]]:
    """Proxies to real servers, closed after the test."""
    proxies: list[TcpProxy] = []

    def make(url: str) -> TcpProxy:
        parts = urlsplit(url)
        proxy = TcpProxy(parts.hostname or "127.0.0.1", parts.port or 0)
        proxy.start()
        proxies.append(proxy)
        return proxy

    yield make
    for proxy in proxies:
        proxy.close()


async def _gateway(config: PlatformConfig, aiohttp_client) -> tuple[Platform, TestClient]:
    platform = Platform(
        PlatformConfig(
            store=config.store + "&pool_size=2", broker=config.broker, prefix=config.prefix,
            shards=config.shards, roles=frozenset({"gateway"}),
        )
    )  # fmt: skip
    await platform.start()
    assert platform.app is not None
    return platform, await aiohttp_client(platform.app)


async def _reasons(client: TestClient) -> set[str]:
    response = await client.get("/readyz")
    if response.status == 200:
        return set()
    assert response.status == 503
    return set((await response.json())["details"])


async def test_readyz_is_503_while_the_gateway_is_cut_off_from_rabbitmq_and_200_after(
    real_config: PlatformConfig,
    proxy_to,
    aiohttp_client,
) -> None:
    proxy = proxy_to(real_config.broker)
    config = PlatformConfig(
        store=real_config.store, broker=_via(real_config.broker, proxy.port),
        prefix=real_config.prefix, shards=real_config.shards,
    )  # fmt: skip
    platform, client = await _gateway(config, aiohttp_client)
    try:
        assert await _reasons(client) == set()
        proxy.cut()

        async def broker_down() -> bool:
            return await _reasons(client) == {"broker"}

        await until(broker_down, "readyz reports the broker")
        assert (await client.get("/healthz")).status == 200
        proxy.restore()

        async def ready() -> bool:
            return await _reasons(client) == set()

        await until(ready, "readyz ready after the reconnect")
    finally:
        await platform.broker.cleanup()
        await platform.stop()
        platform.store.close()  # its PostgreSQL connections are shared with other tests


async def test_readyz_is_503_while_postgresql_is_unreachable_and_200_after(
    real_config: PlatformConfig,
    proxy_to,
    aiohttp_client,
) -> None:
    proxy = proxy_to(real_config.store)
    config = PlatformConfig(
        store=_via(real_config.store, proxy.port), broker=real_config.broker,
        prefix=real_config.prefix, shards=real_config.shards,
    )  # fmt: skip
    platform, client = await _gateway(config, aiohttp_client)
    try:
        assert await _reasons(client) == set()
        proxy.cut()

        async def store_down() -> bool:
            return await _reasons(client) == {"store"}

        await until(store_down, "readyz reports the store")
        proxy.restore()

        async def ready() -> bool:
            return await _reasons(client) == set()

        await until(ready, "readyz ready once PostgreSQL answers again")
    finally:
        await platform.broker.cleanup()
        await platform.stop()
        platform.store.close()  # its PostgreSQL connections are shared with other tests


@pytest.fixture(params=["memory", "amqp"])
async def make_broker(
    request: pytest.FixtureRequest, unique_name: str
) -> AsyncIterator[MakeBroker]:
    """Connected brokers sharing one unique prefix; cleaned up afterwards."""
    url = "memory" if request.param == "memory" else request.getfixturevalue("amqp_url")
    brokers: list[TestBroker] = []

    async def make() -> TestBroker:
        broker = broker_from_url(url, TOPOLOGY, prefix=unique_name)
        assert isinstance(broker, MemoryBroker | AmqpBroker)
        await broker.connect()
        brokers.append(broker)
        return broker

    yield make
    for broker in brokers:
        await broker.cleanup()


async def test_queue_depth_counts_the_commands_waiting_in_a_shard_queue(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    shard_queue = f"{broker.prefix}.{TOPOLOGY.shard_queue(1)}"
    assert (await broker.queue_depths())[shard_queue] == 0
    waiting = [asyncio.create_task(broker.request(1, b"wait", timeout=30)) for _ in range(3)]

    async def three_waiting() -> bool:
        return (await broker.queue_depths())[shard_queue] == 3

    try:
        await until(three_waiting, "three commands counted")
        assert (await broker.queue_depths())[f"{broker.prefix}.{TOPOLOGY.shard_queue(0)}"] == 0
    finally:
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)


async def test_is_connected_is_false_after_close_and_true_after_connect(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    assert broker.is_connected()
    await broker.close()
    assert not broker.is_connected()
    await broker.connect()
    assert broker.is_connected()


async def test_one_holder_of_a_lease_at_a_time_and_a_standby_gets_it_after_release(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    first, second = lease_for(broker, "test.lease"), lease_for(broker, "test.lease")
    try:
        assert await first.acquire()
        assert not await second.acquire()
        assert not await second.acquire()  # retrying does not steal it
        assert first.held() and not second.held()
        await first.release()
        assert await second.acquire()
        assert not await first.acquire()
    finally:
        await first.release()
        await second.release()


async def test_an_amqp_lease_is_lost_with_its_connection_and_the_holder_is_told(
    amqp_url: str,
    unique_name: str,
    proxy_to,
) -> None:
    proxy = proxy_to(amqp_url)
    holder = lease_for(AmqpBroker(_via(amqp_url, proxy.port), prefix=unique_name), "lease")
    standby = lease_for(AmqpBroker(amqp_url, prefix=unique_name), "lease")
    lost = asyncio.Event()
    holder.on_lost = lost.set
    try:
        assert await holder.acquire()
        assert not await standby.acquire()
        proxy.cut()  # the holder's connection dies, as when its process is killed
        await asyncio.wait_for(lost.wait(), 30)
        assert not holder.held()

        async def taken_over() -> bool:
            return await standby.acquire()

        await until(taken_over, "the standby takes the lease")
    finally:
        await holder.release()
        await standby.release()
