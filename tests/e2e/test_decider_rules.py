"""Table rules decided by the table, not by a gateway's cache: a private table's join is
checked against the table's own invitation (in order with a revoke), and a move naming a
seat is checked by the decider."""

from __future__ import annotations

import asyncio
import uuid

import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import TABLE_CACHE
from tests.platform import Player, open_table, register, view


async def _private(client: TestClient, seats: int = 2) -> tuple[str, Player, str]:
    host = await register(client, f"h-{uuid.uuid4().hex[:6]}")
    body = {"game": "ra", "seats": seats, "visibility": "private"}
    response = await client.post("/api/tables", json=body, headers=host.auth)
    assert response.status == 201, await response.text()
    table_id = (await response.json())["table_id"]
    made = await client.post(f"/api/tables/{table_id}/invitation", headers=host.auth)
    return table_id, host, (await made.json())["code"]


async def test_a_revoked_link_fails_even_when_a_gateways_cache_is_stale(
    platform: Platform, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, host, code = await _private(client)
    assert platform.app is not None
    projector = platform.app[TABLE_CACHE]
    before = msgspec.structs.replace((await projector.get(table_id)).state)  # link valid
    response = await client.delete(f"/api/tables/{table_id}/invitation", headers=host.auth)
    assert response.status == 200

    # This gateway has not heard of the revoke: its broker feed and its store reads lag.
    async def lagging(*args: object) -> None:
        return None

    monkeypatch.setattr(projector, "refresh", lagging)
    monkeypatch.setattr(projector, "apply", lagging)
    projector.tables[table_id].state = before
    guest = await register(client, f"g-{uuid.uuid4().hex[:6]}")
    path = f"/api/tables/{table_id}/join"
    response = await client.post(path, json={"invitation": code}, headers=guest.auth)
    assert (response.status, (await response.json())["code"]) == (403, "bad_invitation")


async def test_joins_in_flight_beside_a_revoke_get_in_only_before_it(client: TestClient) -> None:
    table_id, host, code = await _private(client, seats=4)
    guests = [await register(client, f"g{i}-{uuid.uuid4().hex[:6]}") for i in range(3)]
    path = f"/api/tables/{table_id}/join"

    async def join(guest: Player) -> tuple[int, dict[str, object]]:
        response = await client.post(path, json={"invitation": code}, headers=guest.auth)
        return response.status, await response.json()

    async def revoke() -> int:
        response = await client.delete(f"/api/tables/{table_id}/invitation", headers=host.auth)
        assert response.status == 200
        return int((await response.json())["version"])

    *joins, revoked = await asyncio.gather(*(join(g) for g in guests), revoke())
    for status, body in joins:
        if status == 200:
            assert int(str(body["version"])) < revoked  # the table took it before the revoke
        else:
            assert (status, body["code"]) == (403, "bad_invitation")


async def test_a_move_naming_another_seat_is_refused_by_the_table(client: TestClient) -> None:
    table_id, (ann, _bob) = await open_table(client, "ra", 2)
    mine = await view(client, table_id, ann)
    move = mine["legal_moves"][0]
    path = f"/api/tables/{table_id}/moves"
    response = await client.post(path, json={"move": move, "seat": 1}, headers=ann.auth)
    assert (response.status, (await response.json())["code"]) == (403, "not_your_seat")
    response = await client.post(path, json={"move": move, "seat": 0}, headers=ann.auth)
    assert response.status == 200, await response.text()


async def test_the_timing_is_the_creators_before_the_start_whatever_a_cache_says(
    platform: Platform, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    host = await register(client, f"t-{uuid.uuid4().hex[:6]}")
    guest = await register(client, f"u-{uuid.uuid4().hex[:6]}")
    created = await client.post("/api/tables", json={"game": "ra", "seats": 2}, headers=host.auth)
    table_id = (await created.json())["table_id"]
    path = f"/api/tables/{table_id}/timing"
    timing = {"first_reminder": 12, "repeat_every": 12, "last_warning": 6, "deadline": 48}
    await client.post(f"/api/tables/{table_id}/join", json={}, headers=guest.auth)
    response = await client.put(path, json=timing, headers=guest.auth)
    assert (response.status, (await response.json())["code"]) == (403, "not_creator")
    response = await client.put(path, json=timing, headers=host.auth)
    assert response.status == 200, await response.text()
    assert platform.app is not None
    projector = platform.app[TABLE_CACHE]
    before = (await projector.get(table_id)).state  # still open
    response = await client.post(f"/api/tables/{table_id}/start", json={}, headers=host.auth)
    assert response.status == 200

    async def lagging(*args: object) -> None:
        return None

    monkeypatch.setattr(projector, "refresh", lagging)
    monkeypatch.setattr(projector, "apply", lagging)
    projector.tables[table_id].state = before  # this gateway has not seen the start
    response = await client.put(path, json=timing | {"deadline": 24}, headers=host.auth)
    assert (response.status, (await response.json())["code"]) == (409, "table_not_open")
