"""The disputes tests' platform: the embedded one with an admin token, on a SQLite file or a
private PostgreSQL schema, and an HTTP client of its gateway."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from tests.disputes.kit import platform_of


@pytest.fixture(params=["sqlite", "postgresql"])
async def platform(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Platform]:
    """The platform on a SQLite file or a private PostgreSQL schema."""
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgres_url"))
    else:
        url = f"sqlite:///{tmp_path}/senet.db"
    running = platform_of(url)
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
async def client(platform: Platform, aiohttp_client: Any) -> TestClient:
    """An HTTP client of the platform's gateway."""
    assert platform.app is not None
    return await aiohttp_client(platform.app)
