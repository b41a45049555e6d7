"""A table's seed is secret unless the gateway lets self-play and benches choose it."""

from __future__ import annotations

import asyncio
import hashlib
import uuid
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


async def test_a_tournament_seed_is_refused_by_default(client: TestClient) -> None:
    player = await register(client, "Organiser")
    body = {"name": "cup", "format": "swiss", "game": "cantstop", "seed": SEED}
    response = await client.post("/api/tournaments", json=body, headers=player.auth)
    assert (response.status, (await response.json())["code"]) == (400, "seed_not_allowed")


async def test_a_chosen_tournament_seed_names_it_and_seeds_its_match_tables(
    seeding: TestClient,
) -> None:
    players = [await register(seeding, f"Seeded{i}") for i in range(2)]
    body = {"name": "cup", "format": "swiss", "game": "cantstop", "seed": SEED, "rounds": 1}
    response = await seeding.post("/api/tournaments", json=body, headers=players[0].auth)
    assert response.status == 201, await response.text()
    tid = (await response.json())["tournament_id"]
    assert tid == str(uuid.uuid5(uuid.NAMESPACE_URL, f"senet:seeded-tournament:{SEED}"))
    for player in players:
        await seeding.post(f"/api/tournaments/{tid}/join", json={}, headers=player.auth)
    await seeding.post(f"/api/tournaments/{tid}/start", json={}, headers=players[0].auth)
    for _ in range(200):
        view = await (await seeding.get(f"/api/tournaments/{tid}")).json()
        matches = view["rounds"][0]["matches"] if view["rounds"] else []
        if matches and all(m["opened"] for m in matches):
            break
        await asyncio.sleep(0.05)
    table_id = matches[0]["table_id"]
    table = await seeding.get(f"/api/tables/{table_id}/view", headers=players[0].auth)
    seed = hashlib.sha256(f"senet:match:{SEED}:{table_id}".encode()).hexdigest()
    assert (await table.json())["table"]["commitment"] == commitment_of(table_id, seed)
