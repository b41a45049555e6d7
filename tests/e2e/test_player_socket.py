"""The player's socket (`/api/ws`): one connection for all of a player's tables.

Each followed table's frames are that player's view of it (the seat's own, a spectator's
where the player has no seat), with the rights asked again for every frame; a table the
player may no longer watch is dropped with `unwatched` while the socket carries on with the
others. Tables are opened, joined, played and resigned over it by the same code and bounds
as the HTTP requests, each message answered once, in order; a malformed message closes the
socket with 4400 and decides nothing; a revoked token closes it with 4401.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from aiohttp import WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient

from services.gateway.keys import GatewaySettings
from services.gateway.live.closing import BAD_MESSAGE, TOKEN_REVOKED
from shared.contracts.envelopes import Outcome
from shared.games.registry import get_game
from tests.harness.requests import posted
from tests.platform import Player, full_log, gateway_client, open_table, register, view

ANSWER_KEYS = {"type", *Outcome.__struct_fields__}
HIDDEN = ["sobek", "herazeus", "egizia", "istanbul", "ra"]  # ra hides only the legal moves


class _Socket:
    """A test's player socket: every frame it got, in order."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.frames: list[dict[str, Any]] = []

    async def ask(self, message: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Send a message: its answer, and the frames that came before it."""
        await self.socket.send_json(message)
        return await self.answer()

    async def answer(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        before: list[dict[str, Any]] = []
        while True:
            data = await self.next()
            if data.get("type") == "answer":
                return data, before
            before.append(data)

    async def next(self) -> dict[str, Any]:
        message = await self.socket.receive(timeout=10)
        assert message.type == WSMsgType.TEXT, message
        data: dict[str, Any] = message.json()
        self.frames.append(data)
        return data

    async def view_of(self, table_id: str, version: int) -> dict[str, Any]:
        """The first view frame of the table at `version` or later (no answer expected)."""
        while True:
            data = await self.next()
            assert data.get("type") is None, data
            if data["table"]["table_id"] == table_id and data["table"]["version"] >= version:
                return data

    async def closed(self) -> int:
        """Read until the server closes the socket: its close code."""
        while True:
            message = await self.socket.receive(timeout=10)
            if message.type == WSMsgType.TEXT:
                self.frames.append(message.json())
                continue
            assert message.type == WSMsgType.CLOSE, message
            return int(message.data)


def _connect(client: TestClient, player: Player) -> Any:
    return client.ws_connect(f"/api/ws?token={player.token}")


def _mark(table_id: str, cell: int, **more: Any) -> dict[str, Any]:
    return {"type": "move", "table_id": table_id, "move": {"type": "Mark", "cell": cell}, **more}


async def _players(client: TestClient, n: int) -> list[Player]:
    tag = uuid.uuid4().hex[:6]
    return [await register(client, f"ps{i}-{tag}") for i in range(n)]


async def _version(client: TestClient, table_id: str) -> int:
    watcher = (await _players(client, 1))[0]
    return int((await view(client, table_id, watcher))["table"]["version"])


async def test_a_match_is_opened_joined_and_played_over_two_player_sockets(
    client: TestClient,
) -> None:
    host, guest = await _players(client, 2)
    async with _connect(client, host) as a, _connect(client, guest) as b:
        first, second = _Socket(a), _Socket(b)
        body = {"type": "create", "game": "tictactoe", "seats": 2, "start_when_full": True}
        created, shown = await first.ask(body)
        table_id = created["table_id"]
        assert created["accepted"] and set(created) == ANSWER_KEYS and created["seat"] == 0
        assert shown[-1]["table"]["table_id"] == table_id  # followed: its view came first
        joined, shown = await second.ask({"type": "join", "table_id": table_id})
        assert joined["accepted"] and joined["status"] == "playing" and joined["seat"] == 1
        assert shown[-1]["table"]["version"] == joined["version"] and shown[-1]["seat"] == 1
        await first.view_of(table_id, joined["version"])
        moved, shown = await first.ask(_mark(table_id, 4, command_id="m-1"))
        assert moved["accepted"] and moved["version"] == joined["version"] + 1
        assert shown[-1]["table"]["version"] == moved["version"]  # the mover's view first
        seen = await second.view_of(table_id, moved["version"])
        assert seen["game"]["cells"][4] == 0 and seen["your_turn"]
        http = await posted(client, f"/api/tables/{table_id}/moves", guest,
                            {"move": {"type": "Mark", "cell": 0}})  # fmt: skip
        await first.view_of(table_id, http["version"])
        again, _ = await first.ask(_mark(table_id, 4, command_id="m-1"))  # a repeat
        assert again["replayed"] and again["version"] == moved["version"]
        body = {"move": {"type": "Mark", "cell": 4}, "command_id": "m-1"}
        replayed = await posted(client, f"/api/tables/{table_id}/moves", host, body)
        assert replayed["replayed"] and replayed["version"] == moved["version"]
        resigned, _ = await second.ask({"type": "resign", "table_id": table_id})
        assert resigned["accepted"] and resigned["status"] == "over"
    marks = [
        (e["seat"], e["payload"]["cell"])
        for e in await full_log(client, table_id, host)
        if e["name"] == "Marked"
    ]
    assert marks == [(0, 4), (1, 0)]


@pytest.mark.parametrize("game", HIDDEN)
async def test_each_followed_table_shows_only_that_players_view_of_it(
    client: TestClient, game: str
) -> None:
    seats = get_game(game).min_players
    mine, my_seats = await open_table(client, game, seats)
    other, _ = await open_table(client, game, seats, spectators="anyone")
    me = my_seats[1]
    async with _connect(client, me) as raw:
        socket = _Socket(raw)
        for table_id in (mine, other):
            answer, shown = await socket.ask({"type": "watch", "table_id": table_id})
            assert answer["accepted"] and answer["version"] == shown[-1]["table"]["version"]
        state = await view(client, mine, my_seats[0])
        mover = my_seats[state["to_act"][0]]
        legal = (await view(client, mine, mover))["legal_moves"]
        moved = await posted(client, f"/api/tables/{mine}/moves", mover, {"move": legal[0]})
        await socket.view_of(mine, moved["version"])
        expected = {
            mine: (await view(client, mine, me))["game"],
            other: (await view(client, other, me))["game"],  # a spectator's
        }
    views = [f for f in socket.frames if f.get("type") is None]
    assert {f["table"]["table_id"] for f in views} == {mine, other}
    assert all(f["seat"] == (1 if f["table"]["table_id"] == mine else None) for f in views)
    for table_id in (mine, other):
        newest = max((f for f in views if f["table"]["table_id"] == table_id),
                     key=lambda f: f["table"]["version"])  # fmt: skip
        assert newest["game"] == expected[table_id]


@pytest.mark.parametrize("spectators", ["anyone", "none"])
async def test_a_removed_player_gets_a_spectators_view_or_the_table_is_unwatched(
    client: TestClient, spectators: str
) -> None:
    host, gone, taker = await _players(client, 3)
    made = await posted(client, "/api/tables", host,
                        {"game": "sobek", "seats": 2, "spectators": spectators})  # fmt: skip
    table_id = made["table_id"]
    kept, _ = await open_table(client, "tictactoe", 2, spectators="anyone")
    await posted(client, f"/api/tables/{table_id}/join", gone)
    async with _connect(client, gone) as raw:
        socket = _Socket(raw)
        await socket.ask({"type": "watch", "table_id": table_id})
        await socket.ask({"type": "watch", "table_id": kept})
        await posted(client, f"/api/tables/{table_id}/kick", host, {"player_id": gone.player_id})
        await posted(client, f"/api/tables/{table_id}/join", taker)
        started = await posted(client, f"/api/tables/{table_id}/start", host)
        if spectators == "none":
            while (frame := await socket.next()).get("type") != "unwatched":
                assert frame["table"]["status"] != "playing"
            assert frame["table_id"] == table_id and frame["error"]["status"] == 403
        else:
            frame = await socket.view_of(table_id, started["version"])
            assert frame["seat"] is None and frame["legal_moves"] == []
        # the socket carries on with the other table
        answer, _ = await socket.ask({"type": "watch", "table_id": kept})
        assert answer["accepted"]
    frames = [f for f in socket.frames if f.get("table", {}).get("table_id") == table_id]
    playing = [f for f in frames if f["table"]["status"] == "playing"]
    assert all(f["seat"] is None for f in playing)  # never seat 1's hand, now the taker's


async def test_a_kicked_players_socket_cannot_move(client: TestClient) -> None:
    host, gone, taker = await _players(client, 3)
    made = await posted(client, "/api/tables", host, {"game": "tictactoe", "seats": 2})
    table_id = made["table_id"]
    await posted(client, f"/api/tables/{table_id}/join", gone)
    async with _connect(client, gone) as raw:
        socket = _Socket(raw)
        answer, _ = await socket.ask({"type": "watch", "table_id": table_id})
        assert answer["seat"] == 1
        await posted(client, f"/api/tables/{table_id}/kick", host, {"player_id": gone.player_id})
        await posted(client, f"/api/tables/{table_id}/join", taker)
        await posted(client, f"/api/tables/{table_id}/start", host)
        played = await posted(client, f"/api/tables/{table_id}/moves", host,
                              {"move": {"type": "Mark", "cell": 8}})  # fmt: skip
        # seat 1's turn now, and seat 1 is the taker's: the old seat-holder is refused
        moved, _ = await socket.ask(_mark(table_id, 0, command_id="late"))
        response = await client.post(f"/api/tables/{table_id}/moves", headers=gone.auth,
                                     json={"move": {"type": "Mark", "cell": 0}})  # fmt: skip
        http = await response.json()
    assert not moved["accepted"] and moved["error"]["status"] == response.status == 403
    assert moved["error"]["code"] == http["code"]
    assert await _version(client, table_id) == played["version"]


async def test_a_spectator_cannot_move_and_an_unknown_table_is_refused(
    client: TestClient,
) -> None:
    table_id, _ = await open_table(client, "tictactoe", 2, spectators="anyone")
    stranger = (await _players(client, 1))[0]
    before = await _version(client, table_id)
    async with _connect(client, stranger) as raw:
        socket = _Socket(raw)
        answer, _ = await socket.ask({"type": "watch", "table_id": table_id})
        assert answer["accepted"] and answer["seat"] is None
        moved, _ = await socket.ask(_mark(table_id, 0))
        response = await client.post(f"/api/tables/{table_id}/moves", headers=stranger.auth,
                                     json={"move": {"type": "Mark", "cell": 0}})  # fmt: skip
        http = await response.json()
        assert not moved["accepted"] and moved["error"]["status"] == response.status == 403
        assert moved["error"]["code"] == http["code"]
        unknown = str(uuid.uuid4())
        answer, _ = await socket.ask({"type": "watch", "table_id": unknown})
        assert not answer["accepted"] and answer["error"]["code"] == "unknown_table"
        answer, _ = await socket.ask({"type": "unwatch", "table_id": table_id})
        assert answer["accepted"]
    assert await _version(client, table_id) == before


async def test_a_table_unwatched_and_watched_again_is_followed(client: TestClient) -> None:
    table_id, (first, second) = await open_table(client, "tictactoe", 2)
    async with _connect(client, second) as raw:
        socket = _Socket(raw)
        answer, _ = await socket.ask({"type": "watch", "table_id": table_id})
        for message in ("unwatch", "watch"):  # at once: the second one comes in the same read
            await raw.send_json({"type": message, "table_id": table_id})
        for _ in range(2):
            answer, _ = await socket.answer()
            assert answer["accepted"], answer
        moved = await posted(client, f"/api/tables/{table_id}/moves", first,
                             {"move": {"type": "Mark", "cell": 3}})  # fmt: skip
        seen = await socket.view_of(table_id, moved["version"])
        assert seen["game"]["cells"][3] == 0 and seen["your_turn"]


async def test_the_socket_needs_a_valid_token(client: TestClient) -> None:
    for path in ("/api/ws", "/api/ws?token=not-a-token"):
        with pytest.raises(WSServerHandshakeError) as refused:
            async with client.ws_connect(path):
                pass
        assert refused.value.status == 401


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        '{"type": "watch"}',  # no table
        '{"type": "move", "move": {"type": "Mark", "cell": 0}}',  # no table
        '{"type": "dance", "table_id": "x"}',
        '{"type": "watch", "table_id": "' + "x" * 65 + '"}',
        '{"type": "create", "game": "tictactoe", "seats": 2, "extra": 1}',
    ],
)
async def test_a_malformed_message_closes_the_socket_and_decides_nothing(
    client: TestClient, message: str
) -> None:
    player = (await _players(client, 1))[0]
    async with _connect(client, player) as raw:
        socket = _Socket(raw)
        await raw.send_str(message)
        assert await socket.closed() == BAD_MESSAGE
    assert not any(f.get("type") == "answer" for f in socket.frames)
    response = await client.get("/api/me/tables", headers=player.auth)
    assert response.status == 200 and (await response.json())["items"] == []


async def test_binary_and_oversized_messages_close_the_socket(client: TestClient) -> None:
    player = (await _players(client, 1))[0]
    async with _connect(client, player) as raw:
        await raw.send_bytes(b'{"type": "unwatch", "table_id": "x"}')
        assert await _Socket(raw).closed() == 1003
    async with _connect(client, player) as raw:
        await raw.send_json({"type": "unwatch", "table_id": "x", "pad": " " * 5000})
        assert await _Socket(raw).closed() == 1009


async def test_a_revoked_token_closes_the_socket(client: TestClient) -> None:
    table_id, (first, _second) = await open_table(client, "tictactoe", 2)
    async with _connect(client, first) as raw:
        socket = _Socket(raw)
        await socket.ask({"type": "watch", "table_id": table_id})
        tokens = await (await client.get("/api/me/tokens", headers=first.auth)).json()
        [mine] = tokens["tokens"]
        response = await client.delete(f"/api/me/tokens/{mine['id']}", headers=first.auth)
        assert response.status == 200
        assert await socket.closed() == TOKEN_REVOKED


RateClient = Callable[..., Any]


@pytest.fixture
async def capped(aiohttp_client: RateClient) -> AsyncIterator[TestClient]:
    """A platform whose player sockets follow two tables at most."""
    async for client in gateway_client(aiohttp_client, GatewaySettings(player_socket_tables=2)):
        yield client


async def test_a_socket_follows_at_most_its_cap_of_tables(capped: TestClient) -> None:
    host = (await _players(capped, 1))[0]
    tables = [(await open_table(capped, "tictactoe", 2, spectators="anyone"))[0] for _ in range(3)]
    async with _connect(capped, host) as raw:
        socket = _Socket(raw)
        for table_id in tables[:2]:
            assert (await socket.ask({"type": "watch", "table_id": table_id}))[0]["accepted"]
        again, _ = await socket.ask({"type": "watch", "table_id": tables[0]})  # already
        assert again["accepted"]
        for refused in (
            {"type": "watch", "table_id": tables[2]},
            {"type": "create", "game": "tictactoe", "seats": 2},
            {"type": "join", "table_id": tables[2]},
        ):
            answer, _ = await socket.ask(refused)
            assert not answer["accepted"] and answer["error"]["code"] == "too_many_tables"
            assert answer["error"]["status"] == 429
        await socket.ask({"type": "unwatch", "table_id": tables[0]})
        assert (await socket.ask({"type": "watch", "table_id": tables[2]}))[0]["accepted"]
    response = await capped.get("/api/me/tables", headers=host.auth)
    assert (await response.json())["items"] == []  # the refused create opened nothing


async def test_watches_and_commands_spend_the_tokens_rate(few_requests: TestClient) -> None:
    table_id, (first, _second) = await open_table(few_requests, "tictactoe", 2)
    async with _connect(few_requests, first) as raw:
        socket = _Socket(raw)
        codes = []
        for i in range(12):
            message = {"type": "watch", "table_id": table_id} if i % 2 else _mark(table_id, 0)
            answer, _ = await socket.ask(message)
            codes.append(answer["error"]["code"] if answer["error"] else "ok")
    assert codes[-1] == "rate_limited", codes  # the handshake and set-up spent the rest
    assert "rate_limited" in codes[1::2]  # a watch is refused too
