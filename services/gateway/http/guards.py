"""The limits applied to requests: a middleware (rate, in-flight) and the WebSocket origin."""

from __future__ import annotations

import asyncio

import structlog
from aiohttp import hdrs, web

from services.gateway.accounts.auth import bearer_token, token_hash
from services.gateway.http import Handler
from services.gateway.http.errors import error_response
from services.gateway.http.limits import address_key, hashed_token_key, is_allowed_origin
from services.gateway.keys import IDENTITIES, LIMITER, SETTINGS
from shared.contracts.errors import Forbidden, SenetError, TooManyRequests, Unauthorized

log = structlog.get_logger("senet.gateway")

# Writes send a command or change stored state: these are the requests held "in flight".
WRITES = frozenset({hdrs.METH_POST, hdrs.METH_PUT, hdrs.METH_PATCH, hdrs.METH_DELETE})


@web.middleware
async def limits_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """429 past a caller's rate or the in-flight bounds; runs before the body is read. A
    write takes its in-flight slot only once its whole body has arrived (408 past the body
    timeout; 429 past the address's cap of bodies still arriving).

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
    digest = token_hash(request)  # hashed once per request
    key = hashed_token_key(digest)
    known = digest in request.app[IDENTITIES]
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
    limiter = request.app[LIMITER]
    # The body first: a slow sender must not hold a write slot while it trickles in.
    try:
        with limiter.arriving(address_key(request.remote)):
            arrived = await _body_arrived(request)
    except TooManyRequests as exc:
        return await _cut_off(request, exc)
    if not arrived:
        seconds = request.app[SETTINGS].body_timeout
        message = f"the request body did not arrive within {seconds:g} seconds"
        log.info("body_timeout", path=request.path, remote=request.remote)
        return await _cut_off(request, SenetError(message, code="body_timeout", status=408))
    with limiter.in_flight(key):
        return await handler(request)


async def _body_arrived(request: web.Request) -> bool:
    """Wait, within the body timeout, until the whole body is in aiohttp's buffer; False if
    it did not arrive in time. Nothing is read: the handler reads the body as before."""
    if not request.body_exists:
        return True
    if (request.content_length or 0) > request.client_max_size:
        return True  # the handler's read answers 413 at once
    try:
        async with asyncio.timeout(request.app[SETTINGS].body_timeout):
            await request.content.wait_eof()
    except TimeoutError:
        return False
    return True


async def _cut_off(request: web.Request, error: SenetError) -> web.StreamResponse:
    """Answer `error`, then close the connection: the rest of the body is not waited for."""
    retry_after = str(error.retry_after or request.app[SETTINGS].retry_after)
    headers = {"Retry-After": retry_after} if error.status == 429 else None
    response = error_response(error.status, error.code, error.message, None, headers)
    response.force_close()
    await response.prepare(request)
    await response.write_eof()
    request.protocol.force_close()
    return response


def check_origin(request: web.Request) -> None:
    """403 `bad_origin` for a WebSocket handshake from a page of a foreign origin."""
    allowed = request.app[SETTINGS].allowed_origins
    origin = request.headers.get(hdrs.ORIGIN)
    if not is_allowed_origin(origin, request.host, allowed):
        raise Forbidden(f"origin {origin!r} may not open this socket", code="bad_origin")
