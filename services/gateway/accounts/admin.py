"""Operators' admin tokens: configured as SHA-256 hashes, never stored in plain.

`SENET_ADMIN_TOKENS` (`--admin-tokens`, read by `keys.admin_hashes`) holds a comma-separated
list of token hashes (`senet keys admin-token` prints a fresh token and its hash). An admin
request carries the token as a bearer token; without one the answer is 401, with a player's
token 403 `not_admin`.
"""

from __future__ import annotations

import asyncio
import hmac

from aiohttp import web

from services.gateway.keys import SETTINGS, STORE
from shared.accounts import ledger, players
from shared.contracts.errors import Forbidden, Unauthorized


def is_admin_token(token: str, hashes: frozenset[str]) -> bool:
    """True when the token's hash is one of the configured ones (constant-time compares)."""
    digest = players.hash_token(token)
    return any(hmac.compare_digest(digest, known) for known in hashes)


async def require_admin(request: web.Request) -> None:
    """Pass for an admin token; 401 without a token or with an unknown one, 403 for a player."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("missing bearer token", code="missing_token")
    if is_admin_token(token, request.app[SETTINGS].admin_token_hashes):
        return
    player = await asyncio.to_thread(ledger.find_by_token, request.app[STORE], token)
    if player is None:
        raise Unauthorized("unknown token", code="bad_token")
    raise Forbidden("this needs an admin token", code="not_admin")
