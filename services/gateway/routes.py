"""HTTP handlers: decode, call, encode. Routes are registered in `setup_routes`."""

from __future__ import annotations

import uuid
from typing import Annotated, Any, TypeVar

import msgspec
from aiohttp import web

from services.gateway import players, views
from services.gateway.commands import send
from services.gateway.keys import BROKER, IDENTITIES, PROJECTOR, SETTINGS, STORE
from services.gateway.projector import TableModel
from services.gateway.storecall import in_store
from shared.contracts.envelopes import CreateTable, JoinTable, Outcome, PlayMove, StartTable
from shared.contracts.errors import BadRequest, Forbidden, NotFound, Unauthorized
from shared.games.registry import available_games, get_game

T = TypeVar("T")
_encode = msgspec.json.Encoder()
# A client's command id is remembered by its table for good: keep it short.
CommandId = Annotated[str, msgspec.Meta(max_length=128)]


class RegisterPlayer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/players."""

    name: str


class NewTable(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables."""

    game: str
    seats: int
    options: dict[str, Any] = {}  # the game's options; checked by the table service
    command_id: CommandId | None = None


class LobbyCommand(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/join and /start."""

    command_id: CommandId | None = None


class MoveRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/moves."""

    move: msgspec.Raw
    command_id: CommandId | None = None
    expected_version: int | None = None
    seat: int | None = None  # optional: the seat the client means to act for (403 if not its own)


class Identity(msgspec.Struct, frozen=True, kw_only=True):
    """Who the bearer token belongs to."""

    player_id: str
    name: str


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


IDENTITIES_KEPT = 100_000  # known tokens remembered per gateway before the memo starts over


# The one route that takes `?token=`: browsers cannot set headers on a WebSocket. Anywhere
# else a token in the URL would end up in history and proxy logs, so it is ignored (401).
WS_ROUTE = "/api/tables/{table_id}/ws"


def bearer_token(request: web.Request) -> str:
    """The request's bearer token ("" if none): the header; `?token=` on WS_ROUTE only."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token:
        return token
    route = request.match_info.route.resource
    if route is not None and route.canonical == WS_ROUTE:
        return request.query.get("token", "")
    return ""


async def identify(request: web.Request) -> Identity:
    """The caller, from the bearer token; 401 if missing or unknown."""
    token = bearer_token(request)
    if not token:
        raise Unauthorized("missing bearer token", code="missing_token")
    memo: dict[str, Identity] = request.app[IDENTITIES]
    key = players.hash_token(token)  # plain tokens are kept nowhere, not even in memory
    known = memo.get(key)
    if known is not None:
        return known
    player = await in_store(request, players.find_by_token, request.app[STORE], token)
    if player is None:
        raise Unauthorized("unknown token", code="bad_token")
    identity = Identity(player_id=str(player.id), name=player.name)
    if len(memo) >= IDENTITIES_KEPT:
        memo.clear()
    memo[key] = identity
    return identity


def table_model(request: web.Request) -> TableModel:
    """The read model of the table in the path; 404 if unknown."""
    model = request.app[PROJECTOR].get(request.match_info["table_id"])
    if model is None:
        raise NotFound("no such table", code="unknown_table")
    return model


def caller_seat(request: web.Request, model: TableModel, who: Identity) -> int | None:
    """The caller's seat (None: no seat); 403 `not_your_seat` if `?seat=` names another."""
    seat = model.state.seat_of(who.player_id)
    asked = request.query.get("seat")
    if asked is not None and (seat is None or asked.strip() != str(seat)):
        raise Forbidden(f"seat {asked!r} is not yours", code="not_your_seat")
    return seat


async def _settled(request: web.Request, outcome: Outcome) -> Outcome:
    """Wait (bounded) until the views reflect an accepted command: read your writes."""
    await request.app[PROJECTOR].wait_for(
        outcome.table_id, outcome.version, request.app[SETTINGS].view_wait
    )
    return outcome


async def register_player(request: web.Request) -> web.Response:
    """Register a player; the token is shown only in this answer."""
    body = await decode_body(request, RegisterPlayer)
    name = body.name.strip()
    if not 1 <= len(name) <= 40:
        raise BadRequest("a player name has 1-40 characters", code="bad_name")
    player, token = await in_store(request, players.register, request.app[STORE], name)
    return json_response({"player_id": str(player.id), "name": name, "token": token}, 201)


async def me(request: web.Request) -> web.Response:
    """The caller's identity."""
    return json_response(await identify(request))


async def list_games(request: web.Request) -> web.Response:
    """The games that can be played."""
    out = []
    for name in available_games():
        game = get_game(name)
        out.append(
            {
                "name": game.name,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "rules_version": game.rules_version,
            }
        )
    return json_response(out)


async def create_table(request: web.Request) -> web.Response:
    """Open a table; the caller takes seat 0."""
    who = await identify(request)
    body = await decode_body(request, NewTable)
    get_game(body.game)  # 404 unknown_game before anything is sent
    table_id = str(uuid.uuid4()) if body.command_id is None else _stable_table_id(who, body)
    action = CreateTable(
        game=body.game,
        seats=body.seats,
        options=msgspec.Raw(_encode.encode(body.options)),
        player_name=who.name,
    )
    outcome = await send(
        request.app[BROKER],
        table_id=table_id,
        player_id=who.player_id,
        action=action,
        timeout=request.app[SETTINGS].command_timeout,
        command_id=body.command_id,
    )
    return json_response(await _settled(request, outcome), 201)


def _stable_table_id(who: Identity, body: NewTable) -> str:
    # A repeated create (same player, same command id) must address the same table.
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"senet:{who.player_id}:{body.command_id}"))


async def list_tables(request: web.Request) -> web.Response:
    """Tables, optionally filtered by status and game."""
    status = request.query.get("status")
    game = request.query.get("game")
    out = [
        views.summary(m.state)
        for m in request.app[PROJECTOR].all()
        if (status is None or m.state.status == status) and (game is None or m.state.game == game)
    ]
    return json_response(out[-200:])


async def get_table(request: web.Request) -> web.Response:
    """A table's public summary."""
    return json_response(views.summary(table_model(request).state))


async def _lobby(request: web.Request, action: JoinTable | StartTable) -> web.Response:
    who = await identify(request)
    table_model(request)
    body = await decode_body(request, LobbyCommand)
    outcome = await send(
        request.app[BROKER],
        table_id=request.match_info["table_id"],
        player_id=who.player_id,
        action=action,
        timeout=request.app[SETTINGS].command_timeout,
        command_id=body.command_id,
    )
    return json_response(await _settled(request, outcome))


async def join_table(request: web.Request) -> web.Response:
    """Take the next free seat."""
    who = await identify(request)
    return await _lobby(request, JoinTable(player_name=who.name))


async def start_table(request: web.Request) -> web.Response:
    """Start the game (every seat taken)."""
    return await _lobby(request, StartTable())


async def my_view(request: web.Request) -> web.Response:
    """The caller's view with legal moves; `?min_version=N` waits for that version."""
    who = await identify(request)
    model = table_model(request)
    seat = caller_seat(request, model, who)
    wanted = _int_query(request, "min_version")
    if wanted and model.state.version < wanted:
        await request.app[PROJECTOR].wait_for(
            model.state.table_id, wanted, request.app[SETTINGS].view_wait
        )
    return json_response(views.player_view(model, seat))


async def submit_move(request: web.Request) -> web.Response:
    """Submit a move for the caller's seat."""
    who = await identify(request)
    model = table_model(request)
    body = await decode_body(request, MoveRequest)
    seat = model.state.seat_of(who.player_id)
    if seat is None:
        raise Forbidden("you have no seat at this table", code="not_seated")
    if body.seat is not None and body.seat != seat:
        raise Forbidden(f"seat {body.seat} is not yours", code="not_your_seat")
    outcome = await send(
        request.app[BROKER],
        table_id=model.state.table_id,
        player_id=who.player_id,
        action=PlayMove(move=body.move),
        timeout=request.app[SETTINGS].command_timeout,
        command_id=body.command_id,
        expected_version=body.expected_version,
    )
    return json_response(await _settled(request, outcome))


async def table_events(request: web.Request) -> web.Response:
    """The table's event log as the caller may see it (`?after=VERSION`)."""
    who = await identify(request)
    model = table_model(request)
    seat = caller_seat(request, model, who)
    return json_response(views.log_for(model, seat, _int_query(request, "after")))


def _int_query(request: web.Request, name: str) -> int:
    raw = request.query.get(name, "0")
    try:
        value = int(raw)
    except ValueError as exc:
        raise BadRequest(f"{name} must be a whole number", code="invalid_request") from exc
    if value < 0:
        raise BadRequest(f"{name} must not be negative", code="invalid_request")
    return value
