"""Who is calling: bearer tokens and identities. The wrapper a route's declaration puts
around it (`services.gateway.http.routes.guarded`) identifies the caller, so a handler reads
`caller(request)` and never identifies."""

from __future__ import annotations

import time

import msgspec
from aiohttp import web

from services.gateway.http.storecall import in_store
from services.gateway.keys import IDENTITIES, STORE
from shared.accounts import ledger, players
from shared.contracts.errors import SenetError, Unauthorized
from shared.store import STORE_OUTAGES


class Identity(msgspec.Struct, frozen=True, kw_only=True):
    """Who the bearer token belongs to."""

    player_id: str
    name: str


IDENTITY = web.RequestKey("senet.identity", Identity)  # the caller, found by `guarded`
TOKEN_HASH = web.RequestKey("senet.token_hash", str)  # its bearer token's hash


IDENTITIES_KEPT = 100_000  # known tokens remembered per gateway before the memo starts over
IDENTITY_TTL = 60.0  # seconds a remembered token is trusted before the store is asked again


# The routes that take `?token=`, the WebSockets: browsers cannot set headers on them.
# Anywhere else a token in the URL would end up in history and proxy logs, so it is
# ignored (401).
WS_ROUTES = frozenset({"/api/ws", "/api/tables/{table_id}/ws", "/api/tables/{table_id}/chat/ws"})


def bearer_token(request: web.Request) -> str:
    """The request's bearer token ("" if none): the header; `?token=` on WS_ROUTES only."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token:
        return token
    route = request.match_info.route.resource
    if route is not None and route.canonical in WS_ROUTES:
        return request.query.get("token", "")
    return ""


def token_hash(request: web.Request) -> str:
    """The SHA-256 of the request's bearer token ("" without one), computed once per
    request: the rate limit, the identity memo and the socket registry all key on it."""
    known = request.get(TOKEN_HASH)
    if not isinstance(known, str):
        token = bearer_token(request)
        known = players.hash_token(token) if token else ""
        request[TOKEN_HASH] = known
    return known


async def identify(request: web.Request) -> Identity:
    """The caller, from the bearer token; 401 if missing or unknown."""
    token = bearer_token(request)
    if not token:
        raise Unauthorized("missing bearer token", code="missing_token")
    memo: dict[str, tuple[Identity, float]] = request.app[IDENTITIES]
    key = token_hash(request)  # plain tokens are kept nowhere, not even in memory
    known = memo.get(key)
    now = time.monotonic()
    if known is not None and now - known[1] < IDENTITY_TTL:
        return known[0]
    player = await in_store(request, ledger.find_by_token, request.app[STORE], token)
    if player is None:
        memo.pop(key, None)
        raise Unauthorized("unknown or revoked token", code="bad_token")
    identity = Identity(player_id=str(player.id), name=player.name)
    if len(memo) >= IDENTITIES_KEPT:
        memo.clear()
    memo[key] = (identity, now)
    return identity


async def still_valid(request: web.Request) -> bool:
    """False once the request's token is known revoked. An open socket asks every
    IDENTITY_TTL seconds, so it closes even when the revocation signal from another gateway
    was lost (the remembered identity expires and the store is asked); a store that does not
    answer is asked again next time."""
    try:
        await identify(request)
    except Unauthorized:
        return False
    except SenetError:  # 503: the store did not answer in time
        return True
    except STORE_OUTAGES:
        return True
    return True


def caller(request: web.Request) -> Identity:
    """The identity the route's `auth` wrapper found (only on routes marked `auth`)."""
    identity = request.get(IDENTITY)
    assert isinstance(identity, Identity), "the route is not declared `auth`"
    return identity


def viewer(request: web.Request) -> Identity | None:
    """The caller on a route marked `viewers`: the identity, or None without a token."""
    identity = request.get(IDENTITY)
    assert identity is None or isinstance(identity, Identity)
    return identity
