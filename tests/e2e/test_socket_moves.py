"""Moves over the table socket: decided by the same path as `POST /moves`, answered once on
the socket (after the push of the mover's view at the answer's version), with the socket's
rights at the moment of the move.

A move over the socket and one over HTTP of the same table are decided in the order they
arrive, each once; a `command_id` replayed over either path answers `replayed` with the same
outcome; a kicked player's or a spectator's socket moves nothing (the HTTP codes); a
malformed message closes the socket with 4400 (1003 binary, 1009 too large) and moves
nothing; the answer carries the outcome alone, never a view.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient

from services.gateway.live.closing import BAD_MESSAGE
from shared.contracts.envelopes import Outcome
from tests.harness.requests import posted
from tests.platform import (
    Player,
    full_log,
    open_table,
    register,
    view,
)

ANSWER_KEYS = {"type", *Outcome.__struct_fields__}


async def _answer(socket: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The next answer on the socket, and the view frames pushed before it."""
    views = []
    while True:
        message = await socket.receive(timeout=10)
        assert message.type == WSMsgType.TEXT, message
        data = message.json()
        if data.get("type") == "answer":
            return data, views
        views.append(data)


async def _view_at(socket: Any, version: int) -> dict[str, Any]:
    """The first view frame of `version` or later (answers are not expected here)."""
    while True:
        message = await socket.receive(timeout=10)
        assert message.type == WSMsgType.TEXT, message
        data = message.json()
        assert data.get("type") != "answer", data
        if data["table"]["version"] >= version:
            return data


async def _closed(socket: Any) -> tuple[int, list[dict[str, Any]]]:
    """Read until the server closes the socket: its close code and the frames before."""
    frames = []
    while True:
        message = await socket.receive(timeout=10)
        if message.type == WSMsgType.TEXT:
            frames.append(message.json())
            continue
        assert message.type == WSMsgType.CLOSE, message
        return int(message.data), frames


def _free_cell(state: dict[str, Any]) -> int:
    return next(i for i, owner in enumerate(state["game"]["cells"]) if owner == -1)


def _mark(cell: int, **more: Any) -> dict[str, Any]:
    return {"type": "move", "move": {"type": "Mark", "cell": cell}, **more}


async def test_socket_and_http_moves_are_decided_once_each_in_order(client: TestClient) -> None:
    table_id, (first, second) = await open_table(client, "tictactoe", 2)
    start = (await view(client, table_id, first))["table"]["version"]
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={first.token}") as socket:
        await _view_at(socket, start)
        await socket.send_json(_mark(0, command_id="s-1", expected_version=start))
        answer, pushed = await _answer(socket)
        assert answer["accepted"] and answer["version"] == start + 1 and answer["seat"] == 0
        assert set(answer) == ANSWER_KEYS  # the outcome alone: the view comes as a push,
        assert pushed[-1]["table"]["version"] == answer["version"]  # just before the answer
        assert pushed[-1]["game"]["cells"][0] == 0
        http = await posted(client, f"/api/tables/{table_id}/moves", second,
                            {"move": {"type": "Mark", "cell": 4}})  # fmt: skip
        assert http["version"] == start + 2
        await _view_at(socket, http["version"])
        await socket.send_json(_mark(1, command_id="s-2"))
        answer, pushed = await _answer(socket)
        assert answer["accepted"] and answer["version"] == start + 3
        assert pushed[-1]["table"]["version"] == answer["version"]
    log = await full_log(client, table_id, first)
    marks = [(e["seat"], e["payload"]["cell"]) for e in log if e["name"] == "Marked"]
    assert marks == [(0, 0), (1, 4), (0, 1)]


async def test_a_replayed_command_id_answers_the_same_over_socket_and_http(
    client: TestClient,
) -> None:
    table_id, (first, _second) = await open_table(client, "tictactoe", 2)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={first.token}") as socket:
        await socket.send_json(_mark(4, command_id="once"))
        decided, _ = await _answer(socket)
        await socket.send_json(_mark(4, command_id="once"))
        again, _ = await _answer(socket)
        body = {"move": {"type": "Mark", "cell": 4}, "command_id": "once"}
        http = await posted(client, f"/api/tables/{table_id}/moves", first, body)
    assert decided["accepted"] and not decided["replayed"]
    assert again["replayed"] and http["replayed"]
    assert again["version"] == http["version"] == decided["version"]
    # and the other way round: decided over HTTP, replayed over the socket
    table_id, (first, _second) = await open_table(client, "tictactoe", 2)
    body = {"move": {"type": "Mark", "cell": 2}, "command_id": "http-first"}
    http = await posted(client, f"/api/tables/{table_id}/moves", first, body)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={first.token}") as socket:
        await socket.send_json(_mark(2, command_id="http-first"))
        again, _ = await _answer(socket)
    assert again["replayed"] and again["version"] == http["version"]
    moves = [e for e in await full_log(client, table_id, first) if e["name"] == "Marked"]
    assert len(moves) == 1


async def _refused_alike(
    client: TestClient, table_id: str, player: Player | None, socket: Any
) -> dict[str, Any]:
    """A move over the socket and over HTTP by the same caller: both refused, the same
    error; the table did not change."""
    before = await _version(client, table_id)
    await socket.send_json(_mark(0, command_id="nope"))
    answer, _ = await _answer(socket)
    headers = player.auth if player is not None else {}
    response = await client.post(f"/api/tables/{table_id}/moves", headers=headers,
                                 json={"move": {"type": "Mark", "cell": 0}})  # fmt: skip
    http = await response.json()
    assert not answer["accepted"] and answer["error"] is not None
    assert answer["error"]["code"] == http["code"] and answer["error"]["status"] == response.status
    assert answer["error"]["message"] == http["message"]
    assert await _version(client, table_id) == before
    return answer


async def _version(client: TestClient, table_id: str) -> int:
    watcher = await register(client, f"w-{uuid.uuid4().hex[:6]}")
    return int((await view(client, table_id, watcher))["table"]["version"])


async def test_a_kicked_players_socket_cannot_move(client: TestClient) -> None:
    host, gone, taker = [await register(client, f"k{i}-{uuid.uuid4().hex[:6]}") for i in range(3)]
    made = await posted(client, "/api/tables", host, {"game": "tictactoe", "seats": 2})
    table_id = made["table_id"]
    await posted(client, f"/api/tables/{table_id}/join", gone)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={gone.token}") as socket:
        assert (await _view_at(socket, 0))["seat"] == 1
        await posted(client, f"/api/tables/{table_id}/kick", host, {"player_id": gone.player_id})
        await posted(client, f"/api/tables/{table_id}/join", taker)
        started = await posted(client, f"/api/tables/{table_id}/start", host)
        assert (await _view_at(socket, started["version"]))["seat"] is None
        # seat 1 is the taker's now; it is not the host's turn yet, so a move by the seat
        # would be refused for the turn: the host moves first, then the old socket tries
        await posted(client, f"/api/tables/{table_id}/moves", host,
                     {"move": {"type": "Mark", "cell": 8}})  # fmt: skip
        answer = await _refused_alike(client, table_id, gone, socket)
    assert answer["error"]["status"] == 403, answer


async def test_a_spectators_socket_cannot_move(client: TestClient) -> None:
    table_id, _players = await open_table(client, "tictactoe", 2, spectators="anyone")
    stranger = await register(client, f"s-{uuid.uuid4().hex[:6]}")
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={stranger.token}") as socket:
        assert (await _view_at(socket, 0))["seat"] is None
        answer = await _refused_alike(client, table_id, stranger, socket)
    assert answer["error"]["status"] == 403
    async with client.ws_connect(f"/api/tables/{table_id}/ws") as socket:  # no account
        await _view_at(socket, 0)
        answer = await _refused_alike(client, table_id, None, socket)
    assert answer["error"]["code"] == "missing_token"


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        '{"type": "move"}',  # no move
        '{"type": "dance", "move": {}}',
        '{"move": {"type": "Mark", "cell": 0}}',  # no type
        '{"type": "move", "move": {"type": "Mark", "cell": 0}, "extra": 1}',
        '{"type": "move", "move": {"type": "Mark", "cell": 0}, "command_id": 7}',
        "[" * 1500 + "]" * 1500,  # nested too deeply for a move
    ],
)
async def test_a_malformed_message_closes_the_socket_and_moves_nothing(
    client: TestClient, message: str
) -> None:
    table_id, (first, _second) = await open_table(client, "tictactoe", 2)
    before = await _version(client, table_id)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={first.token}") as socket:
        await socket.send_str(message)
        code, frames = await _closed(socket)
    assert code == BAD_MESSAGE
    assert not any(f.get("type") == "answer" for f in frames)
    assert await _version(client, table_id) == before


async def test_binary_and_oversized_messages_close_the_socket(client: TestClient) -> None:
    table_id, (first, _second) = await open_table(client, "tictactoe", 2)
    path = f"/api/tables/{table_id}/ws?token={first.token}"
    async with client.ws_connect(path) as socket:
        await socket.send_bytes(b'{"type": "move", "move": {"type": "Mark", "cell": 0}}')
        assert (await _closed(socket))[0] == 1003
    async with client.ws_connect(path) as socket:
        await socket.send_json(_mark(0, command_id="x" * 100, padding=" " * 5000))
        assert (await _closed(socket))[0] == 1009
    assert (await view(client, table_id, first))["game"]["cells"] == [-1] * 9


HIDDEN = ["sobek", "herazeus", "egizia", "istanbul", "ra"]


@pytest.mark.parametrize("game", HIDDEN)
async def test_the_answer_to_a_move_holds_no_view(client: TestClient, game: str) -> None:
    """What the mover may see comes as its own seat's push; the answer is the outcome."""
    table_id, players = await open_table(client, game, 2)
    state = await view(client, table_id, players[0])
    mover = players[state["to_act"][0]]
    mine = await view(client, table_id, mover)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={mover.token}") as socket:
        first = await _view_at(socket, mine["table"]["version"])
        await socket.send_json({"type": "move", "move": mine["legal_moves"][0]})
        answer, pushed = await _answer(socket)
    assert answer["accepted"] and set(answer) == ANSWER_KEYS
    assert pushed[-1]["table"]["version"] >= answer["version"]
    assert first["seat"] == pushed[-1]["seat"] == mine["seat"]


async def test_socket_moves_spend_the_tokens_rate(few_requests: TestClient) -> None:
    table_id, (first, _second) = await open_table(few_requests, "tictactoe", 2)
    async with few_requests.ws_connect(f"/api/tables/{table_id}/ws?token={first.token}") as socket:
        codes = []
        for i in range(12):
            await socket.send_json(_mark(0, command_id=f"r-{i}"))
            answer, _ = await _answer(socket)
            codes.append(answer["error"]["code"] if answer["error"] else "ok")
    assert "rate_limited" in codes, codes
    assert codes[0] in ("ok", "rate_limited")


async def test_a_resignation_over_the_socket_ends_the_game_once(client: TestClient) -> None:
    table_id, (first, second) = await open_table(client, "tictactoe", 2)
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={second.token}") as socket:
        await socket.send_json({"type": "resign", "command_id": "bye"})
        answer, pushed = await _answer(socket)
        await socket.send_json({"type": "resign", "command_id": "bye"})
        again, _ = await _answer(socket)
    assert answer["accepted"] and answer["status"] == "over", answer
    assert pushed[-1]["result"] is not None
    assert again["replayed"] and again["version"] == answer["version"]
    assert (await view(client, table_id, first))["result"]["winners"] == [0]
