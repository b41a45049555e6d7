"""The limits applied to requests: a middleware (rate, in-flight) and the WebSocket origin."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import hdrs, web

from services.gateway.auth import bearer_token
from services.gateway.keys import IDENTITIES, LIMITER, SETTINGS
from services.gateway.limits import address_key, is_allowed_origin, token_key
from services.gateway.players import hash_token
from shared.contracts.errors import Forbidden, Unauthorized

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
# Writes send a command or change stored state: these are the requests held "in flight".
WRITES = frozenset({hdrs.METH_POST, hdrs.METH_PUT, hdrs.METH_PATCH, hdrs.METH_DELETE})


@web.middleware
async def limits_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """429 past a caller's rate or the in-flight bounds; runs before the body is read.

    A token has its own bucket (keyed by its hash). Calls without a token spend from
    their client address's bucket, and so does every unknown token: a made-up token is
    looked up only while its address has requests left (no fresh bucket per token).
    """
    limiter = request.app[LIMITER]
    token = bearer_token(request)
    address = address_key(request.remote)
    if not token:
        if request.path.startswith("/api/"):  # probes and metrics are not rate limited
            limiter.take(address)
        return await _within_flight(request, handler, None)
    key = token_key(token)
    known = hash_token(token) in request.app[IDENTITIES]
    if not known:
        limiter.check(address)
    limiter.take(key)
    try:
        return await _within_flight(request, handler, key)
    except Unauthorized as exc:
        if exc.code == "bad_token":
            limiter.charge(address)
        raise


async def _within_flight(
    request: web.Request, handler: Handler, key: str | None
) -> web.StreamResponse:
    if request.method not in WRITES:
        return await handler(request)
    with request.app[LIMITER].in_flight(key):
        return await handler(request)


def check_origin(request: web.Request) -> None:
    """403 `bad_origin` for a WebSocket handshake from a page of a foreign origin."""
    allowed = request.app[SETTINGS].allowed_origins
    origin = request.headers.get(hdrs.ORIGIN)
    if not is_allowed_origin(origin, request.host, allowed):
        raise Forbidden(f"origin {origin!r} may not open this socket", code="bad_origin")
