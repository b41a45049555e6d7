"""Request and answer helpers of the handlers: JSON bodies and answers, query numbers, the
table in the path and the seat a viewer watches from."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import Identity
from services.gateway.keys import TABLE_CACHE
from services.gateway.views.table_cache import TableModel
from shared.contracts.errors import BadRequest, Forbidden, NotFound
from shared.tables.access import invitation_hash, watch_seat

T = TypeVar("T")
MAX_INVITE = 200  # characters of `?invite=` (a code has 24)
_encode = msgspec.json.Encoder()


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON answer encoded by msgspec."""
    return web.Response(body=_encode.encode(data), status=status, content_type="application/json")


async def decode_body(request: web.Request, kind: type[T]) -> T:
    """The request body as a Struct; 400 for malformed JSON or a wrong shape."""
    raw = await request.read()
    try:
        # msgspec leaves the strings inside a Raw (a move) unchecked; the table service
        # would fail on invalid UTF-8 there, so the whole body is checked here.
        raw.decode()
    except UnicodeDecodeError as exc:
        raise BadRequest(f"malformed JSON: {exc}", code="malformed_json") from exc
    try:
        return msgspec.json.decode(raw or b"{}", type=kind)
    except msgspec.ValidationError as exc:
        raise BadRequest(f"invalid request: {exc}", code="invalid_request") from exc
    except msgspec.DecodeError as exc:
        raise BadRequest(f"malformed JSON: {exc}", code="malformed_json") from exc
    except RecursionError as exc:  # msgspec's depth guard, e.g. a move of 5,000 nested lists
        raise BadRequest("malformed JSON: nested too deeply", code="malformed_json") from exc


# The largest whole number a query may carry (a version, a position, a message number):
# far beyond any the platform reaches, and within every store's integer columns.
QUERY_MAX = 2**31 - 1


def int_query(
    request: web.Request,
    name: str,
    *,
    code: str = "invalid_request",
    default: int = 0,
    most: int = QUERY_MAX,
) -> int:
    """A whole-number query parameter from 0 to `most` (`default` when absent); 400 `code`
    otherwise."""
    raw = request.query.get(name)
    if raw is None:
        return default
    details = {"parameter": name}
    try:
        value = int(raw)
    except ValueError as exc:
        raise BadRequest(f"{name} must be a whole number", code=code, details=details) from exc
    if value < 0:
        raise BadRequest(f"{name} must not be negative", code=code, details=details)
    if value > most:
        raise BadRequest(f"{name} must be at most {most}", code=code, details=details)
    return value


async def table_model(request: web.Request) -> TableModel:
    """The table in the path (from the cache, or loaded from the store); 404 if unknown."""
    model = await request.app[TABLE_CACHE].get(request.match_info["table_id"])
    if model is None:
        raise NotFound("no such table", code="unknown_table")
    return model


def viewer_seat(request: web.Request, model: TableModel, who: Identity | None) -> int | None:
    """The seat a viewer watches from (None: a spectator's view), if the table lets them
    watch (`shared.tables.access.watch_seat`: 401 or 403 otherwise); 403 `not_your_seat`
    if `?seat=` names a seat not theirs."""
    seat = watch_seat(model.state, who.player_id if who is not None else None, link_hash(request))
    asked = request.query.get("seat")
    if asked is not None and (seat is None or asked.strip() != str(seat)):
        raise Forbidden(f"seat {asked!r} is not yours", code="not_your_seat")
    return seat


def link_hash(request: web.Request) -> str:
    """The hash of the invitation code in `?invite=` ("": none): a private table's link lets
    its holder look at the table before joining."""
    code = request.query.get("invite", "")
    if len(code) > MAX_INVITE:
        raise BadRequest(f"invite has at most {MAX_INVITE} characters", code="bad_query",
                         details={"parameter": "invite"})  # fmt: skip
    return invitation_hash(code)
