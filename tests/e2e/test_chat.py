"""Table chat over HTTP and WebSocket on the embedded default: channels, who reads what,
limits, mutes, live delivery, and that chat never enters the game's log or record."""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from dataclasses import replace

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import GatewaySettings
from shared.chat import rules
from shared.chat.rules import BURST, MAX_TEXT
from tests.e2e.chatkit import chat_table, read, say, texts
from tests.platform import Player, embedded_config, register


async def test_players_talk_in_their_channel_and_spectators_in_theirs(client: TestClient) -> None:
    table_id, (ann, bob) = await chat_table(client)
    status, posted = await say(client, table_id, ann, "  good luck!  ")
    assert status == 201, posted
    assert (posted["n"], posted["channel"], posted["seat"], posted["text"]) == (
        1, "players", 0, "good luck!",
    )  # fmt: skip
    assert posted["player_id"] == ann.player_id and posted["name"] == ann.name
    await say(client, table_id, bob, "you too")
    status, page = await read(client, table_id, bob)
    assert status == 200 and page["channel"] == "players"
    assert texts(page) == ["good luck!", "you too"] and page["next_after"] == 2
    status, page = await read(client, table_id, ann, "?after=1")
    assert texts(page) == ["you too"]

    watcher = await register(client, f"w-{uuid.uuid4().hex[:6]}")
    status, body = await read(client, table_id, watcher, "?channel=players")
    assert (status, body["code"]) == (403, "not_seated")
    status, posted = await say(client, table_id, watcher, "nice move")
    assert status == 201 and posted["channel"] == "spectators" and posted["seat"] is None
    status, page = await read(client, table_id, watcher)
    assert page["channel"] == "spectators" and texts(page) == ["nice move"]
    # During play the players may not read the spectators (no kibitzing) ...
    status, body = await read(client, table_id, ann, "?channel=spectators")
    assert (status, body["code"]) == (403, "spectator_chat_closed")
    # ... and the players' channel never shows the spectator's message.
    assert "nice move" not in texts((await read(client, table_id, bob))[1])
    # Once the game is over they may.
    response = await client.post(f"/api/tables/{table_id}/resign", json={}, headers=bob.auth)
    assert response.status == 200
    status, page = await read(client, table_id, ann, "?channel=spectators")
    assert status == 200 and texts(page) == ["nice move"]
    status, body = await read(client, table_id, watcher, "?channel=players")
    assert (status, body["code"]) == (403, "not_seated")


async def test_who_may_watch_decides_who_may_talk_without_a_seat(client: TestClient) -> None:
    closed, _ = await chat_table(client, "none")
    stranger = await register(client, f"x-{uuid.uuid4().hex[:6]}")
    status, body = await say(client, closed, stranger, "hello?")
    assert (status, body["code"]) == (403, "no_spectators")
    status, body = await read(client, closed, stranger, "?channel=spectators")
    assert (status, body["code"]) == (403, "no_spectators")

    public, _ = await chat_table(client, "anyone")
    await say(client, public, stranger, "watching from the couch")
    status, page = await read(client, public, None)  # no account: the spectators' channel
    assert status == 200 and texts(page) == ["watching from the couch"]
    status, body = await read(client, public, None, "?channel=players")
    assert (status, body["code"]) == (403, "not_seated")
    status, body = await say(client, public, None, "anonymous")
    assert (status, body["code"]) == (401, "missing_token")

    default, _ = await chat_table(client, "players")
    status, body = await read(client, default, None)
    assert (status, body["code"]) == (401, "missing_token")


async def test_bad_messages_and_floods_are_refused_and_change_nothing(client: TestClient) -> None:
    table_id, (ann, bob) = await chat_table(client)
    for bad in ("", "   ", "x" * (MAX_TEXT + 1), "bell\x07", "rtl\u202eoverride"):
        status, body = await say(client, table_id, ann, bad)
        assert (status, body["code"]) == (400, "bad_chat_text"), bad
    status, body = await say(client, table_id, ann, 42)
    assert (status, body["code"]) == (400, "invalid_request")
    response = await client.post(
        f"/api/tables/{table_id}/chat", json={"text": "hi", "to": "all"}, headers=ann.auth
    )
    assert response.status == 400
    assert texts((await read(client, table_id, bob))[1]) == []
    status, _ = await say(client, table_id, ann, "line one\nline two\ttabbed")
    assert status == 201
    for i in range(BURST - 1):
        assert (await say(client, table_id, ann, f"spam {i}"))[0] == 201
    response = await client.post(
        f"/api/tables/{table_id}/chat", json={"text": "one too many"}, headers=ann.auth
    )
    assert response.status == 429 and int(response.headers["Retry-After"]) >= 1
    assert (await response.json())["code"] == "chat_rate_limited"
    assert (await say(client, table_id, bob, "my turn to talk"))[0] == 201  # others unaffected
    page = (await read(client, table_id, bob))[1]
    assert len(page["messages"]) == BURST + 1 and "one too many" not in texts(page)
    status, body = await read(client, table_id, bob, "?channel=lobby")
    assert (status, body["code"]) == (400, "bad_query")
    status, body = await read(client, table_id, bob, "?limit=0")
    assert (status, body["code"]) == (400, "bad_query")
    status, body = await say(client, str(uuid.uuid4()), ann, "anyone here?")
    assert (status, body["code"]) == (404, "unknown_table")


async def test_a_muted_player_is_hidden_everywhere_until_unmuted(client: TestClient) -> None:
    table_id, (ann, bob) = await chat_table(client)
    await say(client, table_id, ann, "first")
    await say(client, table_id, bob, "second")
    response = await client.put(f"/api/me/mutes/{ann.player_id}", headers=bob.auth)
    assert response.status == 200 and (await response.json())["muted"] == [ann.player_id]
    again = await client.put(f"/api/me/mutes/{ann.player_id}", headers=bob.auth)
    assert (await again.json())["muted"] == [ann.player_id]  # idempotent
    page = (await read(client, table_id, bob))[1]
    assert texts(page) == ["second"] and page["next_after"] == 2
    assert texts((await read(client, table_id, ann))[1]) == ["first", "second"]
    mine = await (await client.get("/api/me/mutes", headers=bob.auth)).json()
    assert mine == {"muted": [ann.player_id]}
    response = await client.delete(f"/api/me/mutes/{ann.player_id}", headers=bob.auth)
    assert (await response.json())["muted"] == []
    assert texts((await read(client, table_id, bob))[1]) == ["first", "second"]
    response = await client.put(f"/api/me/mutes/{bob.player_id}", headers=bob.auth)
    assert (response.status, (await response.json())["code"]) == (400, "bad_player_id")
    response = await client.put("/api/me/mutes/not-an-id", headers=bob.auth)
    assert (response.status, (await response.json())["code"]) == (400, "bad_player_id")


async def test_the_socket_sends_the_backlog_then_each_message_live(client: TestClient) -> None:
    table_id, (ann, bob) = await chat_table(client, "anyone")
    await say(client, table_id, ann, "before")
    path = f"/api/tables/{table_id}/chat/ws?token={bob.token}"
    async with client.ws_connect(path) as socket:
        backlog = (await socket.receive(timeout=5)).json()
        assert [m["text"] for m in backlog["messages"]] == ["before"]
        await say(client, table_id, ann, "live one")
        live = (await socket.receive(timeout=5)).json()
        assert [m["text"] for m in live["messages"]] == ["live one"]
        await client.put(f"/api/me/mutes/{ann.player_id}", headers=bob.auth)
        await say(client, table_id, ann, "muted now")
        await say(client, table_id, bob, "can you hear me")
        heard = (await socket.receive(timeout=5)).json()
        assert [m["text"] for m in heard["messages"]] == ["can you hear me"]

    watcher = f"/api/tables/{table_id}/chat/ws"  # anonymous: the spectators' channel
    async with client.ws_connect(watcher) as socket:
        assert (await socket.receive(timeout=5)).json() == {"messages": []}
        await say(client, table_id, ann, "players only")  # never reaches a spectator
        stranger = await register(client, f"s-{uuid.uuid4().hex[:6]}")
        await say(client, table_id, stranger, "from the stands")
        heard = (await socket.receive(timeout=5)).json()
        assert [m["text"] for m in heard["messages"]] == ["from the stands"]

    response = await client.get(f"/api/tables/{table_id}/chat/ws?channel=players")
    assert response.status == 403  # no seat, no players' channel: refused before the upgrade
    async with client.ws_connect(path + "&after=1") as socket:
        first = await socket.receive(timeout=5)
        assert first.type == WSMsgType.TEXT
        # after message 1, without ann's (muted): bob's own only
        assert [m["text"] for m in first.json()["messages"]] == ["can you hear me"]


async def test_chat_stays_out_of_the_game_log_and_record(client: TestClient) -> None:
    table_id, (ann, bob) = await chat_table(client)
    before = await (await client.get(f"/api/tables/{table_id}/events", headers=ann.auth)).json()
    await say(client, table_id, ann, "this is not a move")
    after = await (await client.get(f"/api/tables/{table_id}/events", headers=ann.auth)).json()
    assert after == before
    await client.post(f"/api/tables/{table_id}/resign", json={}, headers=bob.auth)
    record = await (await client.get(f"/api/tables/{table_id}/record", headers=ann.auth)).read()
    assert b"this is not a move" not in record


async def test_an_admin_reads_every_channel_for_disputes(tmp_path, aiohttp_client) -> None:
    admin_hash = hashlib.sha256(b"chat-admin-token").hexdigest()
    config = replace(
        embedded_config(f"sqlite:///{tmp_path}/senet.db"),
        gateway=GatewaySettings(admin_token_hashes=frozenset({admin_hash})),
    )
    async with Platform(config) as running:
        assert running.app is not None
        client = await aiohttp_client(running.app)
        table_id, (ann, bob) = await chat_table(client)
        await say(client, table_id, ann, "mean words")
        await client.put(f"/api/me/mutes/{ann.player_id}", headers=bob.auth)
        admin = {"Authorization": "Bearer chat-admin-token"}
        path = f"/api/admin/tables/{table_id}/chat"
        page = await (await client.get(path, headers=admin)).json()
        assert texts(page) == ["mean words"]  # muting hides, it does not erase
        assert (await client.get(path, headers=bob.auth)).status == 403
        assert (await client.get(path + "?channel=spectators", headers=admin)).status == 200


async def test_many_concurrent_posters_all_get_their_messages_in(client: TestClient) -> None:
    table_id, _ = await chat_table(client, spectators="players")
    tag = uuid.uuid4().hex[:6]
    watchers = [await register(client, f"w{i}-{tag}") for i in range(8)]

    async def chatter(who: Player) -> list[int]:
        return [(await say(client, table_id, who, f"{who.name} {i}"))[0] for i in range(4)]

    statuses = await asyncio.gather(*(chatter(who) for who in watchers))
    assert [s for each in statuses for s in each] == [201] * 32, statuses
    status, page = await read(client, table_id, watchers[0], "?limit=200")
    assert status == 200 and len(page["messages"]) == 32
    assert [m["n"] for m in page["messages"]] == list(range(1, 33))


async def test_new_accounts_share_a_part_of_the_spectators_channel(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rules, "NEW_ACCOUNT", 2.0)
    monkeypatch.setattr(rules, "NEWCOMERS_SHARE", 4)
    table_id, _ = await chat_table(client, spectators="players")
    tag = uuid.uuid4().hex[:6]
    regular = await register(client, f"regular-{tag}")
    await asyncio.sleep(2.2)  # older than a "new" account now
    throwaway = [await register(client, f"throwaway{i}-{tag}") for i in range(3)]
    statuses = [(await say(client, table_id, who, "spam"))[:1] for who in throwaway * 2]
    assert statuses == [(201,)] * 4 + [(409,)] * 2
    status, body = await say(client, table_id, throwaway[0], "more")
    assert (status, body["code"]) == (409, "chat_newcomers_full")
    status, _ = await say(client, table_id, regular, "still room for me")
    assert status == 201


async def test_one_author_posts_at_most_a_share_of_the_spectators_channel(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rules, "AUTHOR_SHARE", 3)
    table_id, [ann, _] = await chat_table(client, spectators="players")
    eve = await register(client, f"eve-{uuid.uuid4().hex[:6]}")
    assert [(await say(client, table_id, eve, f"m{i}"))[0] for i in range(3)] == [201] * 3
    status, body = await say(client, table_id, eve, "one more")
    assert (status, body["code"]) == (409, "chat_author_full")
    for i in range(4):  # the players' channel has no such share
        assert (await say(client, table_id, ann, f"p{i}"))[0] == 201
