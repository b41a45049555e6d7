"""Private tables: kept out of the lobby, joined through the creator's invitation link, which
the creator renews (the old link stops working) or revokes; the record still verifies."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from shared.audit.record import decode_record
from shared.audit.verify import verify_record
from tests.harness.requests import post
from tests.platform import play_moves, register


async def test_a_private_table_is_joined_by_its_current_invitation_only(client: TestClient) -> None:
    host, ann, bob, cy = [await register(client, n) for n in ("host", "ann", "bob", "cy")]
    status, created = await post(
        client, "/api/tables", host, {"game": "ra", "seats": 4, "visibility": "private"}
    )
    assert status == 201
    table_id = created["table_id"]
    lobby = await (await client.get("/api/tables?status=open")).json()
    assert table_id not in {t["table_id"] for t in lobby["items"]}  # not listed
    mine = await (await client.get("/api/me/tables", headers=host.auth)).json()
    assert [t["visibility"] for t in mine["items"]] == ["private"]

    join = f"/api/tables/{table_id}/join"
    status, body = await post(client, join, ann)
    assert (status, body["code"]) == (403, "bad_invitation")  # no link yet
    status, body = await post(client, f"/api/tables/{table_id}/invitation", ann)
    assert (status, body["code"]) == (403, "not_seated")  # only its creator invites
    status, first = await post(client, f"/api/tables/{table_id}/invitation", host)
    assert status == 201 and first["link"] == f"/tables/{table_id}?invite={first['code']}"
    status, body = await post(client, join, ann, {"invitation": "not-the-code"})
    assert (status, body["code"]) == (403, "bad_invitation")
    status, _ = await post(client, join, ann, {"invitation": first["code"]})
    assert status == 200

    status, second = await post(client, f"/api/tables/{table_id}/invitation", host)
    assert status == 201 and second["code"] != first["code"]
    status, body = await post(client, join, bob, {"invitation": first["code"]})
    assert (status, body["code"]) == (403, "bad_invitation")  # renewed: the old link is dead
    status, _ = await post(client, join, bob, {"invitation": second["code"]})
    assert status == 200

    response = await client.delete(f"/api/tables/{table_id}/invitation", headers=host.auth)
    assert response.status == 200
    status, body = await post(client, join, cy, {"invitation": second["code"]})
    assert (status, body["code"]) == (403, "bad_invitation")  # revoked
    status, third = await post(client, f"/api/tables/{table_id}/invitation", host)
    status, _ = await post(client, join, cy, {"invitation": third["code"]})
    assert status == 200

    status, _ = await post(client, f"/api/tables/{table_id}/start", host)
    assert status == 200
    players = [host, ann, bob, cy]
    await play_moves(client, table_id, players, seed=2)
    record = await client.get(f"/api/tables/{table_id}/record", headers=host.auth)
    decoded = decode_record(await record.read())
    assert decoded.visibility == "private"
    assert [c.kind for c in decoded.commands].count("invite") == 4
    report = verify_record(decoded)
    assert report.ok, report.problem
    # The log shows only hashes of the codes: no code a player could reuse.
    log = await (
        await client.get(f"/api/tables/{table_id}/events?limit=200", headers=cy.auth)
    ).text()
    assert first["code"] not in log and third["code"] not in log


async def test_a_public_table_is_listed_and_joined_without_a_code(client: TestClient) -> None:
    host, ann = await register(client, "host2"), await register(client, "ann2")
    status, created = await post(client, "/api/tables", host, {"game": "ra", "seats": 2})
    assert status == 201
    lobby = await (await client.get("/api/tables?status=open")).json()
    assert created["table_id"] in {t["table_id"] for t in lobby["items"]}
    status, _ = await post(client, f"/api/tables/{created['table_id']}/join", ann)
    assert status == 200
