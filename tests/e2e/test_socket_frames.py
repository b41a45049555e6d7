"""What a client may send on the view and chat sockets, over a raw TCP connection: masked
frames only (RFC 6455 5.1: an unmasked one closes the socket with 1002), and at most a
bucket of `ws_message_burst` frames refilled at `ws_message_rate` per second (past it:
4429); a client within its rate keeps its socket."""

from __future__ import annotations

import asyncio
import base64
import os
import struct
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.gateway.keys import SETTINGS
from tests.platform import Player, open_table, view

SOCKETS = ("/ws", "/chat/ws?channel=players")
TEXT, CLOSE, PING, PONG = 0x1, 0x8, 0x9, 0xA


class RawSocket:
    """A WebSocket client that writes its frames byte by byte as a test wants them."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, client: TestClient, path: str, player: Player) -> RawSocket:
        reader, writer = await asyncio.open_connection(client.server.host, client.server.port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            (f"GET {path} HTTP/1.1\r\nHost: {client.server.host}:{client.server.port}\r\n"
             "Upgrade: websocket\r\nConnection: Upgrade\r\n"
             f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
             f"Authorization: Bearer {player.token}\r\n\r\n").encode()
        )  # fmt: skip
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head
        return cls(reader, writer)

    def send(self, opcode: int, payload: bytes = b"", masked: bool = True, times: int = 1) -> None:
        """Write `times` frames at once (masked as a client must, or not)."""
        mask = os.urandom(4) if masked else b""
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if masked else payload
        frame = bytes([0x80 | opcode, (0x80 if masked else 0) | len(payload)]) + mask + body
        self.writer.write(frame * times)

    async def frame(self) -> tuple[int, bytes]:
        """The next frame from the server: (opcode, payload); (CLOSE, b"") at EOF."""
        try:
            first, second = await self.reader.readexactly(2)
        except asyncio.IncompleteReadError:
            return CLOSE, b""
        size = second & 0x7F
        if size == 126:
            (size,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif size == 127:
            (size,) = struct.unpack("!Q", await self.reader.readexactly(8))
        return first & 0x0F, await self.reader.readexactly(size)

    async def close_code(self) -> int:
        """Read until the server's close frame; its code."""
        while True:
            opcode, payload = await asyncio.wait_for(self.frame(), 10)
            if opcode == CLOSE:
                return int(struct.unpack("!H", payload[:2])[0]) if payload else 0

    def shut(self) -> None:
        """Drop the connection."""
        self.writer.close()


async def _table(client: TestClient) -> tuple[str, list[Player]]:
    return await open_table(client, "cantstop", 2)


@pytest.mark.parametrize("route", SOCKETS)
async def test_an_unmasked_client_frame_closes_the_socket_with_1002(
    client: TestClient, route: str
) -> None:
    table_id, players = await _table(client)
    socket = await RawSocket.open(client, f"/api/tables/{table_id}{route}", players[0])
    await socket.frame()  # the first view, or the chat backlog
    socket.send(TEXT, b"hello", masked=False)
    assert await socket.close_code() == 1002
    socket.shut()


@pytest.mark.parametrize("route", SOCKETS)
@pytest.mark.parametrize("opcode", [TEXT, PING])
async def test_a_flood_of_frames_closes_the_socket_with_4429(
    client: TestClient, route: str, opcode: int
) -> None:
    table_id, players = await _table(client)
    burst = client.app[SETTINGS].ws_message_burst
    socket = await RawSocket.open(client, f"/api/tables/{table_id}{route}", players[0])
    await socket.frame()
    socket.send(opcode, b"x", times=burst * 3)
    assert await socket.close_code() == 4429
    socket.shut()


async def test_a_client_within_its_rate_keeps_its_socket(client: TestClient) -> None:
    table_id, players = await _table(client)
    burst = client.app[SETTINGS].ws_message_burst
    socket = await RawSocket.open(client, f"/api/tables/{table_id}/ws", players[0])
    opcode, first = await socket.frame()
    assert opcode == TEXT
    socket.send(PONG, b"x", times=burst // 2)  # a text frame is a message: a move or else
    socket.send(PING, b"p", times=burst // 4)
    seen = await view(client, table_id, players[0])
    mover = players[seen["to_act"][0]]
    moved = await client.post(f"/api/tables/{table_id}/moves", json={"move": {"type": "Roll"}},
                              headers=mover.auth)  # fmt: skip
    assert moved.status == 200, await moved.text()
    frames: list[Any] = []
    while not any(b'"version"' in p and p != first for op, p in frames if op == TEXT):
        frames.append(await asyncio.wait_for(socket.frame(), 10))
        assert frames[-1][0] != CLOSE, frames[-1]
    socket.shut()
