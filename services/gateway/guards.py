"""The limits applied to requests: a middleware (rate, in-flight) and the WebSocket origin."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import hdrs, web

from services.gateway.auth import bearer_token
from services.gateway.keys import LIMITER, SETTINGS
from services.gateway.limits import is_allowed_origin
from shared.contracts.errors import Forbidden

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
# Writes send a command or change stored state: these are the requests held "in flight".
WRITES = frozenset({hdrs.METH_POST, hdrs.METH_PUT, hdrs.METH_PATCH, hdrs.METH_DELETE})


@web.middleware
async def limits_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """429 past a token's rate or the in-flight bounds; runs before the body is read."""
    limiter = request.app[LIMITER]
    token = bearer_token(request)
    if token:
        limiter.take(token)
    if request.method not in WRITES:
        return await handler(request)
    with limiter.in_flight(token):
        return await handler(request)


def check_origin(request: web.Request) -> None:
    """403 `bad_origin` for a WebSocket handshake from a page of a foreign origin."""
    allowed = request.app[SETTINGS].allowed_origins
    origin = request.headers.get(hdrs.ORIGIN)
    if not is_allowed_origin(origin, request.host, allowed):
        raise Forbidden(f"origin {origin!r} may not open this socket", code="bad_origin")
