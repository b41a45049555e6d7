"""Who may act as an arbiter: an admin token, or a player account an operator named arbiter
(`shared.disputes.cases.name_arbiter`). The arbiter found is the handler's `arbiter(request)`."""

from __future__ import annotations

import asyncio

import msgspec
from aiohttp import web

from services.gateway.accounts.admin import is_admin_token
from services.gateway.keys import SETTINGS, STORE
from shared.accounts import ledger, players
from shared.contracts.errors import Forbidden, Unauthorized
from shared.disputes.cases import roster


class Arbiter(msgspec.Struct, frozen=True, kw_only=True):
    """The arbiter behind a request: as logged, and the player account (None: admin token)."""

    who: str  # a player id, or "admin:" and the first 12 hex digits of the token's hash
    player_id: str | None


ARBITER = web.RequestKey("senet.arbiter", Arbiter)


def admin_name(token: str) -> str:
    """How an admin token is named in the log: by a prefix of its hash, never itself."""
    return "admin:" + players.hash_token(token)[:12]


async def require_arbiter(request: web.Request) -> None:
    """Pass for an admin token or a named arbiter's token; 401 without a token or with an
    unknown one, 403 `not_arbiter` for another player."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("missing bearer token", code="missing_token")
    if is_admin_token(token, request.app[SETTINGS].admin_token_hashes):
        request[ARBITER] = Arbiter(who=admin_name(token), player_id=None)
        return
    store = request.app[STORE]
    player = await asyncio.to_thread(ledger.find_by_token, store, token)
    if player is None:
        raise Unauthorized("unknown token", code="bad_token")
    if str(player.id) not in await asyncio.to_thread(roster, store):
        raise Forbidden("this needs an arbiter", code="not_arbiter")
    request[ARBITER] = Arbiter(who=str(player.id), player_id=str(player.id))


def arbiter(request: web.Request) -> Arbiter:
    """The arbiter the route's check found (only on routes marked `arbiter`)."""
    found = request.get(ARBITER)
    assert isinstance(found, Arbiter), "the route is not declared `arbiter`"
    return found
