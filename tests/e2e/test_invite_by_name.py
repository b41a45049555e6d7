"""Invitations by player name: the creator invites, the invitee finds the table among their
own and joins a private table without the link, or declines; withdrawn, unknown, repeated
and foreign invitations are refused and change nothing; the record verifies."""

from __future__ import annotations

import uuid
from typing import Any

from aiohttp.test_utils import TestClient

from shared.audit.record import decode_record
from shared.audit.verify import verify_record
from tests.platform import Player, register


async def _private_table(client: TestClient, host: Player) -> str:
    body = {"game": "ra", "seats": 3, "visibility": "private"}
    response = await client.post("/api/tables", json=body, headers=host.auth)
    assert response.status == 201, await response.text()
    return str((await response.json())["table_id"])


async def _invite(client: TestClient, table_id: str, host: Player, name: str) -> tuple[int, Any]:
    response = await client.post(
        f"/api/tables/{table_id}/invitations", json={"name": name}, headers=host.auth
    )
    return response.status, await response.json()


async def _summary(client: TestClient, table_id: str, who: Player) -> dict[str, Any]:
    """The summary as `who` sees it (a private table's is its players' and invitees')."""
    response = await client.get(f"/api/tables/{table_id}", headers=who.auth)
    assert response.status == 200, await response.text()
    return await response.json()


async def test_an_invited_player_joins_a_private_table_without_the_link(
    client: TestClient,
) -> None:
    tag = uuid.uuid4().hex[:6]
    host, ann, bob, eve = [
        await register(client, f"{n}-{tag}") for n in ("host", "ann", "bob", "eve")
    ]
    table_id = await _private_table(client, host)
    status, _ = await _invite(client, table_id, host, ann.name.upper())  # names fold
    assert status == 200
    status, _ = await _invite(client, table_id, host, bob.name)
    invited = (await _summary(client, table_id, host))["invited"]
    assert invited == [
        {"player_id": ann.player_id, "name": ann.name},
        {"player_id": bob.player_id, "name": bob.name},
    ]
    mine = await (await client.get("/api/me/tables?turn=mine", headers=ann.auth)).json()
    assert [t["table_id"] for t in mine["items"]] == [table_id]  # waiting for her answer

    response = await client.post(f"/api/tables/{table_id}/join", json={}, headers=eve.auth)
    assert (response.status, (await response.json())["code"]) == (403, "bad_invitation")
    response = await client.post(f"/api/tables/{table_id}/join", json={}, headers=ann.auth)
    assert response.status == 200, await response.text()
    response = await client.post(f"/api/tables/{table_id}/invitations/decline", headers=bob.auth)
    assert response.status == 200
    summary = await _summary(client, table_id, host)
    assert summary["invited"] == []
    assert [s["player_id"] for s in summary["seats"]] == [host.player_id, ann.player_id, None]
    mine = await (await client.get("/api/me/tables", headers=bob.auth)).json()
    assert mine["items"] == []  # declined: gone from bob's tables
    response = await client.post(f"/api/tables/{table_id}/join", json={}, headers=bob.auth)
    assert (response.status, (await response.json())["code"]) == (403, "bad_invitation")

    await _invite(client, table_id, host, eve.name)
    response = await client.delete(
        f"/api/tables/{table_id}/invitations/{eve.player_id}", headers=host.auth
    )
    assert response.status == 200
    response = await client.post(f"/api/tables/{table_id}/join", json={}, headers=eve.auth)
    assert (response.status, (await response.json())["code"]) == (403, "bad_invitation")

    await _invite(client, table_id, host, bob.name)  # invited again, this time he joins
    assert (
        await client.post(f"/api/tables/{table_id}/join", json={}, headers=bob.auth)
    ).status == 200
    assert (
        await client.post(f"/api/tables/{table_id}/start", json={}, headers=host.auth)
    ).status == 200
    await client.post(f"/api/tables/{table_id}/resign", json={}, headers=ann.auth)
    await client.post(f"/api/tables/{table_id}/resign", json={}, headers=bob.auth)
    record = await client.get(f"/api/tables/{table_id}/record", headers=host.auth)
    decoded = decode_record(await record.read())
    kinds = [c.kind for c in decoded.commands]
    assert kinds.count("invite_player") == 4 and "decline" in kinds and "withdraw" in kinds
    report = verify_record(decoded)
    assert report.ok, report.problem


async def test_bad_invitations_are_refused_and_change_nothing(client: TestClient) -> None:
    tag = uuid.uuid4().hex[:6]
    host, ann, eve = [await register(client, f"{n}-{tag}") for n in ("h", "a", "e")]
    table_id = await _private_table(client, host)
    before = (await _summary(client, table_id, host))["version"]
    status, body = await _invite(client, table_id, host, f"nobody-{tag}")
    assert (status, body["code"]) == (404, "unknown_player")
    status, body = await _invite(client, table_id, eve, ann.name)  # not the creator
    assert (status, body["code"]) == (403, "not_seated")
    status, body = await _invite(client, table_id, host, host.name)
    assert (status, body["code"]) == (409, "already_seated")
    response = await client.post(f"/api/tables/{table_id}/invitations/decline", headers=ann.auth)
    assert (response.status, (await response.json())["code"]) == (409, "not_invited")
    response = await client.post(
        f"/api/tables/{table_id}/invitations", json={"name": ann.name, "x": 1}, headers=host.auth
    )
    assert response.status == 400
    assert (await _summary(client, table_id, host))["version"] == before
    await _invite(client, table_id, host, ann.name)
    status, body = await _invite(client, table_id, host, ann.name)
    assert (status, body["code"]) == (409, "already_invited")
