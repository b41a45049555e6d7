"""Platforms on the machine's real RabbitMQ and PostgreSQL, private names per test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform, PlatformConfig


@pytest.fixture
def real_config(amqp_url: str, postgres_url: str, unique_name: str) -> PlatformConfig:
    """RabbitMQ with a private prefix and PostgreSQL with a private schema."""
    return PlatformConfig(store=postgres_url, broker=amqp_url, prefix=unique_name, shards=4)


@pytest.fixture
async def real_platform(real_config: PlatformConfig) -> AsyncIterator[Platform]:
    """The whole platform in this process on the real servers; cleaned up afterwards."""
    running = Platform(real_config)
    await running.start()
    yield running
    await running.broker.cleanup()
    await running.stop()


@pytest.fixture
async def real_client(real_platform: Platform, aiohttp_client) -> TestClient:
    """An HTTP client of the real-server platform's gateway."""
    assert real_platform.app is not None
    return await aiohttp_client(real_platform.app)
