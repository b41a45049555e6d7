"""A private tournament follows the private-table rules: only its creator, its players and
the holders of its invitation code read it, its rounds, tables and standings; its id does
not follow from public facts. Tournament names pass the player-name rules."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from tests.platform import embedded_config, register
from tests.tournamenthttp import code_of, ok

READS = ("", "/rounds", "/tables", "/standings")


@pytest.fixture
async def client(aiohttp_client: Any) -> AsyncIterator[TestClient]:
    """The embedded platform (memory store and broker) behind a test client."""
    running = Platform(embedded_config())
    await running.start()
    assert running.app is not None
    yield await aiohttp_client(running.app)
    await running.stop()


async def _create(client: TestClient, headers: dict[str, str], **more: Any) -> dict[str, Any]:
    body = {"name": "Closed cup", "format": "swiss", "game": "cantstop", **more}
    return dict(await ok(await client.post("/api/tournaments", json=body, headers=headers), 201))


async def test_a_private_tournament_is_read_only_by_its_creator_players_and_link_holders(
    client: TestClient,
) -> None:
    host, guest = await register(client, "host"), await register(client, "guest")
    stranger = await register(client, "stranger")
    created = await _create(client, host.auth, visibility="private")
    tid, code = created["tournament_id"], created["invitation"]
    for tail in READS:
        path = f"/api/tournaments/{tid}{tail}"
        assert await code_of(await client.get(path), 401) == "missing_token"
        assert await code_of(await client.get(path, headers=stranger.auth), 403) == "private_table"
        wrong = await client.get(f"{path}?invite=nope", headers=stranger.auth)
        assert await code_of(wrong, 403) == "private_table"
        await ok(await client.get(path, headers=host.auth))
        await ok(await client.get(f"{path}?invite={code}", headers=stranger.auth))
    join = f"/api/tournaments/{tid}/join"
    await ok(await client.post(join, json={"invitation": code}, headers=guest.auth))
    for tail in READS:
        await ok(await client.get(f"/api/tournaments/{tid}{tail}", headers=guest.auth))


async def test_a_public_tournament_stays_readable_by_anyone(client: TestClient) -> None:
    host = await register(client, "host")
    tid = (await _create(client, host.auth))["tournament_id"]
    for tail in READS:
        await ok(await client.get(f"/api/tournaments/{tid}{tail}"))


async def test_a_tournament_id_does_not_follow_from_the_creator_and_command_id(
    client: TestClient,
) -> None:
    host = await register(client, "host")
    created = await _create(client, host.auth, visibility="private", command_id="c1")
    key = f"senet:tournament:{host.player_id}:c1"
    assert created["tournament_id"] != str(uuid.uuid5(uuid.NAMESPACE_URL, key))
    again = await _create(client, host.auth, visibility="private", command_id="c1")
    assert again["tournament_id"] == created["tournament_id"]  # a repeat names the same one
    assert again["invitation"] == created["invitation"]  # with the same code
    other = await ok(await client.post("/api/me/tokens", json={"name": "phone"},
                                       headers=host.auth), 201)  # fmt: skip
    phone = {"Authorization": f"Bearer {other['token']}"}
    third = await _create(client, phone, visibility="private", command_id="c1")
    assert third["tournament_id"] != created["tournament_id"]


@pytest.mark.parametrize(
    "name",
    ["Cup\r\nBcc: x@example.test", "Cup\nTwo", "nul\x00cup", "rtl\u202ecup", "\u200b",
     "zw\u200bcup", "   ", "", "esc\x1bcup"],
)  # fmt: skip
async def test_a_tournament_name_passes_the_name_rules(client: TestClient, name: str) -> None:
    host = await register(client, "host")
    body = {"name": name, "format": "swiss", "game": "cantstop"}
    response = await client.post("/api/tournaments", json=body, headers=host.auth)
    assert await code_of(response, 400) == "bad_name"
    listed = await ok(await client.get("/api/tournaments"))
    assert listed["items"] == []  # nothing was created


async def test_a_tournament_name_is_normalised_as_a_player_name(client: TestClient) -> None:
    host = await register(client, "host")
    created = await _create(client, host.auth, name="  Spring   Cup  ")
    view = await ok(await client.get(f"/api/tournaments/{created['tournament_id']}"))
    assert view["summary"]["name"] == "Spring Cup"
