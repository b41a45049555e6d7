"""A route as a feature package declares it, and its registration behind the checks it
declares: the caller's token (`auth`, `admin`, `viewers`) and the query bounds (`QUERY`).
The OpenAPI document is built from the same declarations (`services.gateway.openapi`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from services.gateway.accounts.admin import require_admin
from services.gateway.accounts.auth import IDENTITY, bearer_token, identify
from services.gateway.disputes.arbiters import require_arbiter
from services.gateway.http import Handler
from services.gateway.http.request import MAX_INVITE, QUERY_MAX
from shared.contracts.errors import BadRequest

UUID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"

# Every query parameter a route may declare, with its schema: a whole number beyond its
# `maximum` is refused before the handler runs (`bounded`).
QUERY: dict[str, dict[str, Any]] = {
    "status": {"type": "string", "enum": ["open", "playing", "over"]},
    "game": {"type": "string"},
    "min_version": {"type": "integer", "minimum": 0, "maximum": QUERY_MAX},
    "after": {"type": "integer", "minimum": 0, "maximum": QUERY_MAX},
    "from": {"type": "integer", "minimum": 1, "maximum": QUERY_MAX},
    "to": {"type": "integer", "minimum": 1, "maximum": QUERY_MAX},
    "at": {"type": "integer", "minimum": 1, "maximum": QUERY_MAX},
    "limit": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50},
    "seat": {"type": "integer", "minimum": 0, "maximum": QUERY_MAX},  # your own: 403 for another
    "token": {"type": "string"},
    "cursor": {"type": "string"},  # opaque: the `next` of the previous page
    "turn": {"type": "string", "enum": ["mine", "waiting", "over"]},
    # of tournaments (open, running, finished); of disputes (open, settled)
    "state": {"type": "string", "enum": ["open", "running", "finished", "settled"]},
    "channel": {"type": "string", "enum": ["players", "spectators"]},
    # a private table's current invitation code: its holder may look before joining
    "invite": {"type": "string", "maxLength": MAX_INVITE},
}


@dataclass(frozen=True)
class Route:
    """One HTTP route and what it documents."""

    method: str
    path: str
    handler: Handler
    summary: str
    body: type | None = None
    answer: Any = None
    auth: bool = True  # a player's bearer token is required (checked by `guarded`)
    admin: bool = False  # an admin token is required instead (see services.gateway.accounts.admin)
    # an arbiter is required instead: an admin token or a named arbiter's
    # (services.gateway.disputes.arbiters)
    arbiter: bool = False
    status: int = 200
    query: tuple[str, ...] = ()  # documented query parameters (see QUERY)
    # A token is optional: without one, the table decides whether anyone may watch
    # (its `spectators` option); a token given must be valid.
    viewers: bool = False
    # Path parameters that must match a pattern (else no route: 404), so that a fixed
    # path beside a parameter (`invitations/decline`) is not taken for a value of it.
    patterns: tuple[tuple[str, str], ...] = ()
    description: str = ""  # the document's longer text (a WebSocket's messages and codes)
    # A WebSocket's messages, client's and server's: their schemas go in the document.
    messages: tuple[type, ...] = ()

    def __post_init__(self) -> None:
        unknown = set(self.query) - QUERY.keys()
        assert not unknown, f"{self.path}: undeclared query parameters {sorted(unknown)}"

    def router_path(self) -> str:
        """The path as aiohttp's router takes it, with the parameters' patterns."""
        path = self.path
        for name, pattern in self.patterns:
            path = path.replace("{" + name + "}", "{" + name + ":" + pattern + "}")
        return path


def add_routes(app: web.Application, routes: Iterable[Route]) -> None:
    """Register each route, in order (aiohttp matches in it), behind the checks it declares."""
    for route in routes:
        handler = guarded(
            bounded(route.handler, route.query),
            auth=route.auth, admin=route.admin, viewers=route.viewers, arbiter=route.arbiter,
        )  # fmt: skip
        app.router.add_route(route.method, route.router_path(), handler)


def guarded(
    handler: Handler, *, auth: bool, admin: bool = False, viewers: bool = False,
    arbiter: bool = False,
) -> Handler:  # fmt: skip
    """The handler behind the route's check: an admin token, an arbiter's, a player's, a
    player's if one is given (`viewers`: the table decides whether anyone may watch), or
    none. The identity found is the handler's `caller(request)`
    (`services.gateway.accounts.auth`), an arbiter `arbiter(request)`."""
    if arbiter:

        async def as_arbiter(request: web.Request) -> web.StreamResponse:
            await require_arbiter(request)
            return await handler(request)

        return as_arbiter
    if admin:

        async def as_admin(request: web.Request) -> web.StreamResponse:
            await require_admin(request)
            return await handler(request)

        return as_admin
    if viewers:

        async def as_viewer(request: web.Request) -> web.StreamResponse:
            if bearer_token(request):  # no token: no identity, a viewer without an account
                request[IDENTITY] = await identify(request)
            return await handler(request)

        return as_viewer
    if not auth:
        return handler

    async def as_player(request: web.Request) -> web.StreamResponse:
        request[IDENTITY] = await identify(request)
        return await handler(request)

    return as_player


def bounded(handler: Handler, names: tuple[str, ...]) -> Handler:
    """The handler behind the check its route declares: a whole-number query parameter beyond
    its documented maximum is 400 `bad_query` (other bad values are the handler's to refuse)."""
    most = {name: QUERY[name]["maximum"] for name in names if "maximum" in QUERY[name]}
    if not most:
        return handler

    async def bounded(request: web.Request) -> web.StreamResponse:
        for name, limit in most.items():
            raw = request.query.get(name, "").strip()
            if raw.isascii() and raw.isdigit() and len(raw) <= 100 and int(raw) > limit:
                raise BadRequest(
                    f"{name} must be at most {limit}", code="bad_query",
                    details={"parameter": name},
                )  # fmt: skip
        return await handler(request)

    return bounded
