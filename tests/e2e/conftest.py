"""An embedded platform behind an aiohttp test client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import GatewaySettings
from tests.platform import embedded_config, gateway_client


@pytest.fixture
async def platform(tmp_path) -> AsyncIterator[Platform]:
    """The embedded default (in-process broker, SQLite file in a temp dir)."""
    running = Platform(embedded_config(f"sqlite:///{tmp_path}/senet.db"))
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
async def client(platform: Platform, aiohttp_client) -> TestClient:
    """An HTTP client of the platform's gateway."""
    assert platform.app is not None
    return await aiohttp_client(platform.app)


@pytest.fixture
async def few_requests(aiohttp_client: Any) -> AsyncIterator[TestClient]:
    """A platform whose tokens get a handful of requests, then (practically) no refill."""
    async for client in gateway_client(
        aiohttp_client, GatewaySettings(rate_limit=0.001, rate_burst=12)
    ):
        yield client
