"""A table's seed is secret unless the gateway lets self-play and benches choose it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.tables.decide import commitment_of
from tests.platform import embedded_config, register

SEED = "5e" * 32


async def _create(client: TestClient, seed: str) -> tuple[int, dict]:
    player = await register(client, "Seeder")
    response = await client.post(
        "/api/tables", json={"game": "ra", "seats": 2, "seed": seed}, headers=player.auth
    )
    return response.status, await response.json()


async def test_a_gateway_refuses_a_client_seed_by_default(client: TestClient) -> None:
    status, body = await _create(client, SEED)
    assert (status, body["code"]) == (400, "seed_not_allowed")
    lobby = await client.get("/api/tables?status=open")
    assert (await lobby.json())["items"] == []  # nothing was opened


@pytest.fixture
async def seeding(aiohttp_client) -> AsyncIterator[TestClient]:
    config = embedded_config()
    config.gateway = msgspec.structs.replace(config.gateway, client_seeds=True)
    async with Platform(config) as platform:
        assert platform.app is not None
        yield await aiohttp_client(platform.app)


async def test_a_seeding_gateway_opens_the_table_on_that_seed(seeding: TestClient) -> None:
    status, body = await _create(seeding, SEED)
    assert status == 201
    table_id = body["table_id"]
    player = await register(seeding, "Viewer")
    view = await (await seeding.get(f"/api/tables/{table_id}/view", headers=player.auth)).json()
    assert view["table"]["commitment"] == commitment_of(table_id, SEED)


@pytest.mark.parametrize("seed", ["5E" * 32, "ab", "zz" * 32])
async def test_a_seed_must_be_64_lowercase_hex_digits(seeding: TestClient, seed: str) -> None:
    status, body = await _create(seeding, seed)
    assert status == 400, body
