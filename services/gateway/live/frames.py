"""What a client may send on a gateway WebSocket: masked frames (RFC 6455, 5.1), at a
bounded rate.

On the chat socket a client has nothing to say but its close and its answers to our pings;
on the table socket it also sends its moves (`services.gateway.live.moves`). Every frame a
client sends (data, ping, pong, continuation) takes one token of the socket's bucket,
refilled at `ws_message_rate` per second up to `ws_message_burst`; a socket that runs dry
is closed with 4429 (`closing.TOO_MANY_MESSAGES`), before aiohttp decodes the frame. A frame
without a mask closes the socket with 1002 (protocol error), as the RFC asks of a server
(aiohttp accepts unmasked frames).

The guard reads the frame headers from the bytes as they arrive (its own small parser of
RFC 6455 framing) and hands the bytes on to aiohttp's parser unchanged.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_websocket import WebSocketError

from services.gateway.keys import GatewaySettings
from services.gateway.live import closing


class FrameGuard:
    """Stands in front of aiohttp's WebSocket parser: counts and checks each client frame."""

    def __init__(self, parser: Any, queue: Any, rate: float, burst: int) -> None:
        self._parser = parser  # aiohttp's WebSocketReader (feed_data, feed_eof)
        self._queue = queue  # where aiohttp's socket reads messages and errors from
        self._rate, self._burst = rate, max(1, burst)
        self._tokens = float(self._burst)
        self._last = asyncio.get_running_loop().time()
        self._head = bytearray()  # the header of the next frame, as far as it has come
        self._left = 0  # payload bytes of the current frame still to come
        self._failed = False

    def feed_data(self, data: bytes) -> tuple[bool, bytes]:
        """Check the frames in `data`, then let aiohttp parse it; (True, b"") once refused:
        aiohttp then closes the socket with the error's code."""
        if self._failed:
            return True, b""
        try:
            self.scan(data)
        except WebSocketError as exc:
            self._failed = True
            self._queue.set_exception(exc)
            return True, b""
        result: tuple[bool, bytes] = self._parser.feed_data(data)
        return result

    def feed_eof(self) -> None:
        """The client's side of the connection ended."""
        self._parser.feed_eof()

    def scan(self, data: bytes) -> None:
        """Walk the frame headers in `data`; WebSocketError for an unmasked frame or one over
        the socket's rate."""
        i, end = 0, len(data)
        while i < end:
            if self._left:
                step = min(self._left, end - i)
                self._left -= step
                i += step
                continue
            self._head.append(data[i])
            i += 1
            if len(self._head) < 2:
                continue
            second = self._head[1]
            if not second & 0x80:
                raise WebSocketError(WSCloseCode.PROTOCOL_ERROR, "client frames must be masked")
            size = second & 0x7F
            extra = 2 if size == 126 else 8 if size == 127 else 0
            if len(self._head) < 2 + extra + 4:  # the extended length, then the mask key
                continue
            if extra:
                size = int.from_bytes(self._head[2 : 2 + extra], "big")
            self._head.clear()
            self._left = size
            self._take()

    def _take(self) -> None:
        if self._rate <= 0:
            return
        now = asyncio.get_running_loop().time()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens < 1:
            raise WebSocketError(closing.TOO_MANY_MESSAGES, "too_many_messages")
        self._tokens -= 1


class ClientSocket(web.WebSocketResponse):
    """A server WebSocket whose client frames pass a `FrameGuard` (masked, rate-bounded)."""

    def __init__(self, *, rate: float, burst: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._guard_limits = (rate, burst)

    def _post_start(self, request: web.BaseRequest, protocol: str | None, writer: Any) -> None:
        handler: Any = request.protocol
        early = bytes(handler._message_tail)  # sent with the handshake: parsed at once below
        super()._post_start(request, protocol, writer)
        guard = FrameGuard(handler._payload_parser, self._reader, *self._guard_limits)
        handler._payload_parser = guard
        if early:
            try:
                guard.scan(early)
            except WebSocketError as exc:
                guard._failed = True
                self._reader.set_exception(exc)  # type: ignore[union-attr]


def client_socket(settings: GatewaySettings, *, player: bool = False) -> ClientSocket:
    """The socket the view, chat and (`player`) player routes answer with (heartbeat every
    30 s)."""
    rate = settings.ws_player_message_rate if player else settings.ws_message_rate
    return ClientSocket(
        heartbeat=30, max_msg_size=settings.ws_max_message, rate=rate,
        burst=settings.ws_message_burst,
    )  # fmt: skip


async def drain(socket: web.WebSocketResponse) -> None:
    """Read (and ignore) client messages until the socket closes (the chat socket only
    pushes: chat posts are HTTP)."""
    async for message in socket:
        if message.type in (WSMsgType.CLOSE, WSMsgType.ERROR):
            break
