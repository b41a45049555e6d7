"""The WebSocket close codes of the gateway (documented in docs/architecture.md, "Error
codes"; the web client explains each): a socket is closed with one of these when the
viewer's rights end while it is open, when its client floods it
(`services.gateway.live.frames`) or sends a malformed message
(`services.gateway.live.moves`), so a client can tell "stop and explain" from a network
drop it should reconnect after."""

from __future__ import annotations

import contextlib
from typing import Final

from aiohttp import web

TOKEN_REVOKED: Final = 4401  # the token the socket was opened with was revoked
RIGHTS_LOST: Final = 4403  # the viewer may no longer watch the table or read the channel
BAD_MESSAGE: Final = 4400  # a client message that is no JSON move or resignation (`live.moves`)
TOO_MANY_MESSAGES: Final = 4429  # the client sent frames faster than `ws_message_rate`


async def close(socket: web.WebSocketResponse, code: int, reason: str) -> None:
    """Close a socket with one of the codes above; `reason` is the error code that ended it
    (at most 123 bytes, as a close frame allows)."""
    with contextlib.suppress(Exception):
        await socket.close(code=code, message=reason.encode()[:123])
