"""A socket holds the viewer's rights at every frame, not those of its handshake.

A player who left or was removed watches on as a spectator (where spectators may watch)
or is closed with 4403; a chat socket closes with 4403 once its reader may no longer read
the channel; a revoked token closes both with 4401. The next occupant's hand never reaches
the seat's former player (every game that hides something in its views).
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.accounts import auth
from services.gateway.keys import REVOCATIONS, TABLE_CACHE, GatewaySettings
from services.gateway.live.closing import RIGHTS_LOST, TOKEN_REVOKED
from shared.games.registry import get_game
from tests.e2e.chatkit import say
from tests.harness.requests import posted
from tests.platform import Player, embedded_config, open_table, play_moves, register, view

HIDDEN = ["sobek", "herazeus", "egizia", "istanbul", "ra"]  # ra hides only the legal moves


async def _players(client: TestClient, n: int) -> list[Player]:
    tag = uuid.uuid4().hex[:6]
    return [await register(client, f"r{i}-{tag}") for i in range(n)]


async def _open(client: TestClient, host: Player, game: str, seats: int, **table: Any) -> str:
    body = {"game": game, "seats": seats, **table}
    response = await client.post("/api/tables", json=body, headers=host.auth)
    assert response.status == 201, await response.text()
    return str((await response.json())["table_id"])


async def _frames(socket: Any, until: Any) -> tuple[list[Any], int | None]:
    """The frames until one satisfies `until` (then stops) or the socket closes (its code)."""
    got: list[Any] = []
    while True:
        message = await socket.receive(timeout=10)
        if message.type != WSMsgType.TEXT:
            return got, _close_code(message)
        got.append(message.json())
        if until(got[-1]):
            return got, None


def _close_code(message: Any) -> int:
    """The code of a close frame (the client's own `close_code` may say 1006 once it has
    answered the close)."""
    assert message.type == WSMsgType.CLOSE, message
    return int(message.data)


async def _removed(client: TestClient, table_id: str, host: Player, gone: Player, how: str) -> int:
    """Kick `gone` or let them leave; the table's version after it."""
    if how == "kick":
        body = {"player_id": gone.player_id}
        outcome = await posted(client, f"/api/tables/{table_id}/kick", host, body)
    else:
        outcome = await posted(client, f"/api/tables/{table_id}/leave", gone)
    return int(outcome["version"])


@pytest.mark.parametrize("how", ["kick", "leave"])
@pytest.mark.parametrize("game", HIDDEN)
async def test_a_removed_players_socket_never_gets_the_next_occupants_view(
    client: TestClient, game: str, how: str
) -> None:
    seats = get_game(game).min_players
    host, gone, *others = await _players(client, seats + 1)
    table_id = await _open(client, host, game, seats)
    await posted(client, f"/api/tables/{table_id}/join", gone)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={gone.token}") as socket:
        first, _ = await _frames(socket, lambda v: True)
        assert first[-1]["seat"] == 1
        removed = await _removed(client, table_id, host, gone, how)
        for other in others:
            await posted(client, f"/api/tables/{table_id}/join", other)
        started = await posted(client, f"/api/tables/{table_id}/start", host)
        frames, closed = await _frames(
            socket, lambda v: v["table"]["version"] >= started["version"]
        )
        assert closed is None
        stranger = (await _players(client, 1))[0]
        response = await client.get(f"/api/tables/{table_id}/view", headers=stranger.auth)
        spectator = await response.json()
    after = [f for f in frames if f["table"]["version"] >= removed]
    assert after and all(f["seat"] is None and f["legal_moves"] == [] for f in after)
    assert frames[-1]["game"] == spectator["game"]  # the spectator's view, not seat 1's


@pytest.mark.parametrize("how", ["kick", "leave"])
@pytest.mark.parametrize("game", HIDDEN)
async def test_a_removed_players_socket_closes_where_nobody_may_watch(
    client: TestClient, game: str, how: str
) -> None:
    seats = get_game(game).min_players
    host, gone, *others = await _players(client, seats + 1)
    table_id = await _open(client, host, game, seats, spectators="none")
    await posted(client, f"/api/tables/{table_id}/join", gone)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={gone.token}") as socket:
        await _frames(socket, lambda v: True)
        await _removed(client, table_id, host, gone, how)
        for other in others:
            await posted(client, f"/api/tables/{table_id}/join", other)
        await posted(client, f"/api/tables/{table_id}/start", host)
        frames, closed = await _frames(socket, lambda v: v["table"]["status"] == "playing")
    assert closed == RIGHTS_LOST
    assert not any(f["table"]["status"] == "playing" for f in frames)


async def test_a_removed_players_chat_socket_closes_before_the_next_occupant_speaks(
    client: TestClient,
) -> None:
    host, gone, newcomer = await _players(client, 3)
    table_id = await _open(client, host, "ra", 2)
    await posted(client, f"/api/tables/{table_id}/join", gone)
    path = f"/api/tables/{table_id}/chat/ws?channel=players&token={gone.token}"
    async with client.ws_connect(path) as socket:
        assert (await socket.receive(timeout=5)).json() == {"messages": []}
        await _removed(client, table_id, host, gone, "kick")
        await posted(client, f"/api/tables/{table_id}/join", newcomer)
        await say(client, table_id, newcomer, "for the players only")
        message = await socket.receive(timeout=5)
        assert _close_code(message) == RIGHTS_LOST


async def test_a_spectators_chat_socket_closes_when_its_reader_sits_down_to_play(
    client: TestClient,
) -> None:
    host, sitter, stranger = await _players(client, 3)
    table_id = await _open(client, host, "ra", 2)
    path = f"/api/tables/{table_id}/chat/ws?token={sitter.token}"  # a spectator: spectators'
    async with client.ws_connect(path) as socket:
        assert (await socket.receive(timeout=5)).json() == {"messages": []}
        await posted(client, f"/api/tables/{table_id}/join", sitter)
        await posted(client, f"/api/tables/{table_id}/start", host)
        await say(client, table_id, stranger, "play the Ra tile now")  # kibitzing
        message = await socket.receive(timeout=5)
        assert _close_code(message) == RIGHTS_LOST


async def test_a_players_chat_socket_closes_when_its_reader_leaves_a_table_without_spectators(
    client: TestClient,
) -> None:
    host, gone = await _players(client, 2)
    table_id = await _open(client, host, "ra", 2, spectators="none")
    await posted(client, f"/api/tables/{table_id}/join", gone)
    path = f"/api/tables/{table_id}/chat/ws?channel=players&token={gone.token}"
    async with client.ws_connect(path) as socket:
        assert (await socket.receive(timeout=5)).json() == {"messages": []}
        await _removed(client, table_id, host, gone, "leave")
        message = await socket.receive(timeout=5)  # closed at the change, no message needed
        assert _close_code(message) == RIGHTS_LOST


@pytest.mark.parametrize("kind", ["view", "players", "spectators"])
async def test_a_revoked_token_closes_every_socket_opened_with_it(
    client: TestClient, kind: str
) -> None:
    host, guest, watcher = await _players(client, 3)
    table_id = await _open(client, host, "ra", 2)
    await posted(client, f"/api/tables/{table_id}/join", guest)
    who = watcher if kind == "spectators" else guest
    if kind == "view":
        path = f"/api/tables/{table_id}/ws?token={who.token}"
    else:
        path = f"/api/tables/{table_id}/chat/ws?channel={kind}&token={who.token}"
    async with client.ws_connect(path) as socket:
        await socket.receive(timeout=5)
        tokens = await (await client.get("/api/me/tokens", headers=who.auth)).json()
        [mine] = tokens["tokens"]
        response = await client.delete(f"/api/me/tokens/{mine['id']}", headers=who.auth)
        assert response.status == 200
        message = await socket.receive(timeout=5)
        assert _close_code(message) == TOKEN_REVOKED


@pytest.mark.parametrize("kind", ["view", "spectators"])
async def test_a_withdrawn_invitee_stops_watching_a_private_table(
    client: TestClient, kind: str
) -> None:
    host, invitee = await _players(client, 2)
    table_id = await _open(client, host, "ra", 2, visibility="private")
    await posted(client, f"/api/tables/{table_id}/invitations", host, {"name": invitee.name})
    if kind == "view":
        path = f"/api/tables/{table_id}/ws?token={invitee.token}"
    else:
        path = f"/api/tables/{table_id}/chat/ws?token={invitee.token}"
    async with client.ws_connect(path) as socket:
        await socket.receive(timeout=5)
        response = await client.delete(
            f"/api/tables/{table_id}/invitations/{invitee.player_id}", headers=host.auth
        )
        assert response.status == 200, await response.text()
        message = await socket.receive(timeout=5)  # no frame at the withdrawal's version
        assert _close_code(message) == RIGHTS_LOST


async def test_a_private_table_shows_nothing_to_a_stranger_without_its_current_link(
    client: TestClient,
) -> None:
    host, stranger, holder = await _players(client, 3)
    table_id = await _open(client, host, "ra", 2, visibility="private", spectators="anyone")
    made = await posted(client, f"/api/tables/{table_id}/invitation", host)
    base = f"/api/tables/{table_id}"
    paths = (
        base,
        f"{base}/view",
        f"{base}/events",
        f"{base}/chat",
        f"{base}/ws",
        f"{base}/chat/ws",
    )
    for path in paths:
        response = await client.get(path, headers=stranger.auth)
        assert (response.status, (await response.json())["code"]) == (403, "private_table"), path
        response = await client.get(path)  # no account: not even where anyone may watch
        assert response.status == 401, path
    response = await client.post(f"{base}/chat", json={"text": "hi"}, headers=stranger.auth)
    assert (response.status, (await response.json())["code"]) == (403, "private_table")
    link = f"?invite={made['code']}"
    for path in (base, f"{base}/view"):
        response = await client.get(f"{path}{link}", headers=holder.auth)
        assert response.status == 200  # the link's page shows the table before joining
    async with client.ws_connect(f"{base}/ws{link}&token={holder.token}") as socket:
        assert (await socket.receive(timeout=5)).json()["seat"] is None
        revoke = await client.delete(f"{base}/invitation", headers=host.auth)
        assert revoke.status == 200
        message = await socket.receive(timeout=5)  # the revoked link shows nothing more
        assert _close_code(message) == RIGHTS_LOST
    response = await client.get(f"{base}/view{link}", headers=holder.auth)
    assert (response.status, (await response.json())["code"]) == (403, "private_table")


@pytest.mark.parametrize("kind", ["view", "players"])
async def test_a_revoked_token_closes_its_socket_even_when_the_signal_is_lost(
    platform: Platform, client: TestClient, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    host, guest = await _players(client, 2)
    table_id = await _open(client, host, "ra", 2)
    await posted(client, f"/api/tables/{table_id}/join", guest)
    assert platform.app is not None
    revocations = platform.app[REVOCATIONS]

    async def lost(player_id: str, token_hash: str) -> None:
        return None  # revoked through another gateway whose signal never came

    monkeypatch.setattr(revocations, "revoked", lost)
    monkeypatch.setattr(auth, "IDENTITY_TTL", 0.2)
    if kind == "view":
        path = f"/api/tables/{table_id}/ws?token={guest.token}"
    else:
        path = f"/api/tables/{table_id}/chat/ws?channel=players&token={guest.token}"
    async with client.ws_connect(path) as socket:
        await socket.receive(timeout=5)
        tokens = await (await client.get("/api/me/tokens", headers=guest.auth)).json()
        [mine] = tokens["tokens"]
        response = await client.delete(f"/api/me/tokens/{mine['id']}", headers=guest.auth)
        assert response.status == 200
        message = await socket.receive(timeout=5)
        assert _close_code(message) == TOKEN_REVOKED


@pytest.fixture
async def small_cache(tmp_path: Any) -> AsyncIterator[Platform]:
    """The embedded default with a table cache of two tables."""
    config = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    config.gateway = GatewaySettings(table_cache=2)
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


async def _push_out(client: TestClient, platform: Platform, table_id: str, host: Player) -> None:
    """Read other tables until a cache of two has evicted `table_id` (two do it, unless the
    relay's late copy of one of its earlier events wakes its socket, which loads it again)."""
    assert platform.app is not None
    for _ in range(10):
        for _ in range(2):
            other = await _open(client, host, "ra", 2)
            response = await client.get(f"/api/tables/{other}/view", headers=host.auth)
            assert response.status == 200
        if platform.app[TABLE_CACHE].cached(table_id) is None:
            return
    raise AssertionError(f"{table_id} stays in a cache of two")


@pytest.mark.parametrize("game", ["sobek", "ra"])
async def test_a_kicked_players_socket_gets_no_seat_after_its_table_left_the_cache(
    small_cache: Platform, aiohttp_client: Any, game: str
) -> None:
    """The rights are those of the table as it is now, wherever the cache got it from: a
    socket opened before its table was evicted does not keep the seat of its handshake."""
    client: TestClient = await aiohttp_client(small_cache.app)
    seats = get_game(game).min_players
    host, gone, *others = await _players(client, seats + 1)
    table_id = await _open(client, host, game, seats)
    await posted(client, f"/api/tables/{table_id}/join", gone)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={gone.token}") as socket:
        first, _ = await _frames(socket, lambda v: True)
        assert first[-1]["seat"] == 1
        await _push_out(client, small_cache, table_id, host)
        removed = await _removed(client, table_id, host, gone, "kick")
        for other in others:
            await posted(client, f"/api/tables/{table_id}/join", other)
        started = await posted(client, f"/api/tables/{table_id}/start", host)
        frames, closed = await _frames(
            socket, lambda v: v["table"]["version"] >= started["version"]
        )
    assert closed is None
    after = [f for f in frames if f["table"]["version"] >= removed]
    assert after and all(f["seat"] is None and f["legal_moves"] == [] for f in after)
    assert not any(f.get("your_turn") for f in after)


@pytest.mark.parametrize("game", HIDDEN)
async def test_two_seats_sockets_at_one_version_each_get_only_their_own_view(
    client: TestClient, game: str
) -> None:
    """Frames are shared per version *and seat*: two players watching the same versions
    each get their own seat's view, equal to what `GET /view` shows them."""
    table_id, players = await open_table(client, game, get_game(game).min_players)
    watching = players[:2]
    sockets = [
        await client.ws_connect(f"/api/tables/{table_id}/ws?token={p.token}") for p in watching
    ]
    try:
        await play_moves(client, table_id, players, seed=5, limit=3)
        final = (await view(client, table_id, players[0]))["table"]["version"]
        for seat, (socket, player) in enumerate(zip(sockets, watching, strict=True)):
            frames, closed = await _frames(socket, lambda v: v["table"]["version"] >= final)
            assert closed is None
            assert frames and all(f["seat"] == seat for f in frames)
            assert frames[-1] == await view(client, table_id, player)
    finally:
        for socket in sockets:
            await socket.close()
