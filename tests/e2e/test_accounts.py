"""A player's tokens over HTTP: list, issue, name, revoke (at once, sockets too)."""

from __future__ import annotations

from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient

from shared.accounts.players import MAX_TOKENS
from tests.platform import open_table, register, view


async def _me(client: TestClient, token: str) -> tuple[int, dict]:
    response = await client.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    return response.status, await response.json()


async def test_tokens_are_listed_named_and_revoked_at_once(client: TestClient) -> None:
    ann = await register(client, "ann-tokens")
    listed = await (await client.get("/api/me/tokens", headers=ann.auth)).json()
    [first] = listed["tokens"]
    assert (first["name"], first["revoked"], first["current"]) == ("first token", False, True)
    assert ann.token not in str(listed)

    response = await client.post("/api/me/tokens", json={"name": " phone "}, headers=ann.auth)
    assert response.status == 201
    phone = await response.json()
    assert (phone["name"], phone["player_id"], phone["player_name"]) == (
        "phone", ann.player_id, ann.name,
    )  # fmt: skip
    status, me = await _me(client, phone["token"])
    assert status == 200 and me["player_id"] == ann.player_id
    listed = await (await client.get("/api/me/tokens", headers=ann.auth)).json()
    assert [(t["name"], t["current"]) for t in listed["tokens"]] == [
        ("first token", True), ("phone", False),
    ]  # fmt: skip
    path = f"/api/me/tokens/{phone['id']}"
    renamed = await client.patch(path, json={"name": "old phone"}, headers=ann.auth)
    assert (await renamed.json())["name"] == "old phone"

    revoked = await client.delete(path, headers=ann.auth)
    assert revoked.status == 200 and (await revoked.json())["revoked"] is True
    status, body = await _me(client, phone["token"])  # it had been seen: still refused at once
    assert (status, body["code"]) == (401, "bad_token")
    again = await client.delete(path, headers=ann.auth)
    assert again.status == 200  # revoking twice changes nothing
    assert (await _me(client, ann.token))[0] == 200

    # Revoking the token in use signs this device out.
    own = f"/api/me/tokens/{first['id']}"
    assert (await client.delete(own, headers=ann.auth)).status == 200
    status, body = await _me(client, ann.token)
    assert (status, body["code"]) == (401, "bad_token")


async def test_renaming_a_revoked_token_is_409_token_revoked(client: TestClient) -> None:
    ann = await register(client, "ann-revoked-name")
    response = await client.post("/api/me/tokens", json={"name": "phone"}, headers=ann.auth)
    path = f"/api/me/tokens/{(await response.json())['id']}"
    assert (await client.delete(path, headers=ann.auth)).status == 200
    renamed = await client.patch(path, json={"name": "found again"}, headers=ann.auth)
    assert (renamed.status, (await renamed.json())["code"]) == (409, "token_revoked")
    listed = await (await client.get("/api/me/tokens", headers=ann.auth)).json()
    assert [t["name"] for t in listed["tokens"]] == ["first token", "phone"]


async def test_bad_token_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    bob = await register(client, "bob-tokens")
    eve = await register(client, "eve-tokens")
    for name in ("", "   ", "x" * 41, "tab\there"):
        response = await client.post("/api/me/tokens", json={"name": name}, headers=bob.auth)
        assert (response.status, (await response.json())["code"]) == (400, "bad_token_name")
    mine = (await (await client.get("/api/me/tokens", headers=bob.auth)).json())["tokens"]
    assert len(mine) == 1
    # Another player's token id is not mine: 404, and it keeps working.
    theirs = (await (await client.get("/api/me/tokens", headers=eve.auth)).json())["tokens"]
    response = await client.delete(f"/api/me/tokens/{theirs[0]['id']}", headers=bob.auth)
    assert (response.status, (await response.json())["code"]) == (404, "unknown_token")
    assert (await _me(client, eve.token))[0] == 200
    for i in range(MAX_TOKENS - 1):
        response = await client.post("/api/me/tokens", json={"name": f"d{i}"}, headers=bob.auth)
        assert response.status == 201
    response = await client.post("/api/me/tokens", json={"name": "one more"}, headers=bob.auth)
    assert (response.status, (await response.json())["code"]) == (409, "too_many_tokens")


async def test_a_revoked_token_closes_its_open_sockets(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    ann = players[0]
    spare = await (
        await client.post("/api/me/tokens", json={"name": "tablet"}, headers=ann.auth)
    ).json()
    view_socket = await client.ws_connect(f"/api/tables/{table_id}/ws?token={spare['token']}")
    chat_socket = await client.ws_connect(f"/api/tables/{table_id}/chat/ws?token={spare['token']}")
    kept = await client.ws_connect(f"/api/tables/{table_id}/ws?token={ann.token}")
    for socket in (view_socket, chat_socket, kept):
        assert (await socket.receive(timeout=5)).type == WSMsgType.TEXT
    await client.delete(f"/api/me/tokens/{spare['id']}", headers=ann.auth)
    for socket in (view_socket, chat_socket):
        closing = await socket.receive(timeout=5)
        assert closing.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
    first = await view(client, table_id, ann)  # the other token's socket stays: it gets
    mover = players[first["to_act"][0]]  # the next change
    move = (await view(client, table_id, mover))["legal_moves"][0]
    response = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": move}, headers=mover.auth
    )
    assert response.status == 200, await response.text()
    assert (await kept.receive(timeout=10)).type == WSMsgType.TEXT
    await kept.close()
