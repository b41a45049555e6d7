"""Table life on RabbitMQ + PostgreSQL: a private table joined by its link, an invitation by
name declined, an anonymous spectator watching live over the WebSocket, a take-back asked
and allowed with the other player's page pushed the rewound view, and a resignation; the
table re-decides from the store and its record verifies."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.table.replay import verify_table
from shared.audit.record import decode_record
from shared.audit.verify import verify_record
from tests.harness.requests import post
from tests.platform import register, view

pytestmark = pytest.mark.integration


async def _next_version(socket: Any, above: int) -> dict[str, Any]:
    """The first pushed view past version `above`."""
    while True:
        message = await socket.receive(timeout=10)
        assert message.type == WSMsgType.TEXT, message
        pushed = message.json()
        if pushed.get("table", {}).get("version", 0) > above:
            return pushed


async def test_table_life_on_real_servers(real_client: TestClient, real_platform: Platform) -> None:
    client = real_client
    host, guest, invitee = [await register(client, n) for n in ("tl-host", "tl-guest", "tl-inv")]
    body = {"game": "cantstop", "seats": 2, "visibility": "private", "spectators": "anyone",
            "takebacks": True}  # fmt: skip
    status, created = await post(client, "/api/tables", host, body)
    assert status == 201
    table_id = created["table_id"]
    lobby = await (await client.get("/api/tables?status=open")).json()
    assert table_id not in {t["table_id"] for t in lobby["items"]}

    status, answer = await post(client, f"/api/tables/{table_id}/invitations", host,
                                 {"name": "tl-inv"})  # fmt: skip
    assert status == 200, answer
    mine = await (await client.get("/api/me/tables", headers=invitee.auth)).json()
    assert table_id in {t["table_id"] for t in mine["items"]}
    status, _ = await post(client, f"/api/tables/{table_id}/invitations/decline", invitee)
    assert status == 200
    status, refused = await post(client, f"/api/tables/{table_id}/join", guest,
                                  {"invitation": "wrong"})  # fmt: skip
    assert (status, refused["code"]) == (403, "bad_invitation")
    status, link = await post(client, f"/api/tables/{table_id}/invitation", host)
    assert status == 201
    status, _ = await post(client, f"/api/tables/{table_id}/join", guest,
                            {"invitation": link["code"]})  # fmt: skip
    assert status == 200
    status, _ = await post(client, f"/api/tables/{table_id}/start", host)
    assert status == 200

    players = [host, guest]
    response = await client.get(f"/api/tables/{table_id}/view")
    assert response.status == 401  # private: no account watches, whatever `spectators` says
    watching = f"/api/tables/{table_id}/ws?token={invitee.token}&invite={link['code']}"
    async with client.ws_connect(watching) as watcher:  # a signed-in holder of the link
        first = (await watcher.receive(timeout=10)).json()
        assert first["seat"] is None and first["legal_moves"] == []
        while True:  # roll until the player to act may choose sums
            seat = (await view(client, table_id, host))["to_act"][0]
            mover, other = players[seat], players[1 - seat]
            status, _ = await post(client, f"/api/tables/{table_id}/moves", mover,
                                    {"move": {"type": "Roll"}})  # fmt: skip
            assert status == 200
            rolled = await view(client, table_id, mover)
            choices = [m for m in rolled["legal_moves"] if m["type"] == "Choose"]
            if choices:
                break
        status, _ = await post(client, f"/api/tables/{table_id}/moves", mover,
                                {"move": choices[0]})  # fmt: skip
        assert status == 200
        chosen = await view(client, table_id, mover)
        status, _ = await post(client, f"/api/tables/{table_id}/undo", mover)
        assert status == 200
        async with client.ws_connect(f"/api/tables/{table_id}/ws?token={other.token}") as page:
            asked = (await page.receive(timeout=10)).json()
            assert asked["table"]["undo_asked"] == [] and asked["table"]["undo_seat"] == seat
            status, outcome = await post(client, f"/api/tables/{table_id}/undo/answer", other,
                                          {"accept": True})  # fmt: skip
            assert status == 200 and outcome["events"] == ["UndoAccepted", "MoveUndone"]
            pushed = await _next_version(page, outcome["version"] - 1)
            assert pushed["game"] == (await view(client, table_id, other))["game"]
            assert pushed["table"]["undo_asked"] is None
        back = await view(client, table_id, mover)
        assert back["game"] == rolled["game"] and back["game"] != chosen["game"]
        watched = await _next_version(watcher, chosen["table"]["version"])
        assert watched["seat"] is None

    status, _ = await post(client, f"/api/tables/{table_id}/resign", other)
    assert status == 200
    over = await view(client, table_id, mover)
    assert over["table"]["status"] == "over" and over["result"]["winners"] == [seat]
    assert verify_table(real_platform.store, table_id).ok
    response = await client.get(f"/api/tables/{table_id}/record", headers=host.auth)
    record = decode_record(await response.read())
    kinds = [c.kind for c in record.commands]
    assert {"invite_player", "decline", "invite", "undo", "undo_answer", "resign"} <= set(kinds)
    report = verify_record(record)
    assert report.ok, report.problem
