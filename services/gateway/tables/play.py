"""Playing at a table: the games offered, opening, joining and starting a table, my view,
moves and the log (declared in `services.gateway.tables.routes`)."""

from __future__ import annotations

import uuid
from functools import partial
from typing import Annotated, Any

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import Identity, bearer_token, caller, viewer
from services.gateway.http.request import (
    decode_body,
    int_query,
    json_response,
    table_model,
    viewer_seat,
)
from services.gateway.http.storecall import in_store
from services.gateway.keys import SETTINGS, STORE, TABLE_CACHE
from services.gateway.tables.commands import CommandId, submit
from services.gateway.views import player as views
from shared.accounts import players
from shared.contracts.envelopes import (
    CreateTable,
    JoinTable,
    Outcome,
    PlayMove,
    Spectators,
    StartTable,
    Visibility,
)
from shared.contracts.errors import BadRequest
from shared.games.registry import available_games, get_game
from shared.tables.access import invitation_hash
from shared.tables.reader import events

_encode = msgspec.json.Encoder()


class NewTable(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables."""

    game: str
    seats: int
    options: dict[str, Any] = {}  # the game's options; checked by the table service
    command_id: CommandId | None = None
    spectators: Spectators = "players"  # who may watch without a seat
    visibility: Visibility = "public"  # private: not in the lobby, joined by invitation
    takebacks: bool = False  # a move may be taken back when all the others agree
    start_when_full: bool = False  # the seat that fills the table starts the game (no /start)
    # The table's seed, 64 hex digits; only where the gateway allows it (`client_seeds`).
    seed: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")] | None = None


class LobbyCommand(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/join and /start."""

    command_id: CommandId | None = None


class JoinRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/join (a private table's join names its invitation code)."""

    command_id: CommandId | None = None
    invitation: Annotated[str, msgspec.Meta(max_length=64)] | None = None


class MoveRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/moves."""

    move: msgspec.Raw
    command_id: CommandId | None = None
    expected_version: int | None = None
    seat: int | None = None  # optional: the seat the client means to act for (403 if not its own)


class GameInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One game offered: its name, seats, rules version and the JSON Schema of its options."""

    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: int
    options_schema: dict[str, Any]
    takebacks: bool = False  # some moves may be taken back at a table with `takebacks`
    titles: dict[str, str] = {}  # the title in other languages, by language code (`de`)


async def list_games(request: web.Request) -> web.Response:
    """The games that can be played (a short list: the registry's, never paged)."""
    out = []
    for name in available_games():
        game = get_game(name)
        out.append(
            GameInfo(
                name=game.name,
                title=game.title,
                min_players=game.min_players,
                max_players=game.max_players,
                rules_version=game.rules_version,
                options_schema=msgspec.json.schema(game.options_type),
                takebacks=game.undoable is not None,
                titles=dict(game.titles),
            )
        )
    return json_response(out)


async def create_table(request: web.Request) -> web.Response:
    """Open a table; the caller takes seat 0."""
    who = caller(request)
    body = await decode_body(request, NewTable)
    return json_response(await open_new(request, body, who), 201)


async def open_new(request: web.Request, body: NewTable, who: Identity) -> Outcome:
    """A new table of `body` with `who` in seat 0 (from HTTP or the player socket)."""
    get_game(body.game)  # 404 unknown_game before anything is sent
    if body.seed is not None and not request.app[SETTINGS].client_seeds:
        raise BadRequest(
            "a table's seed is secret: this gateway does not let clients choose it",
            code="seed_not_allowed",
        )
    table_id = str(uuid.uuid4()) if body.command_id is None else _stable_table_id(request, body)
    if body.seed is not None:
        # The game's draws derive from seed and table id: a chosen seed names the table too.
        table_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"senet:seeded:{body.seed}"))
    action = CreateTable(
        game=body.game,
        seats=body.seats,
        options=msgspec.Raw(_encode.encode(body.options)),
        player_name=who.name,
        seed=body.seed,
        spectators=body.spectators,
        visibility=body.visibility,
        takebacks=body.takebacks,
        start_when_full=body.start_when_full,
    )
    return await submit(request, action, table_id=table_id, command_id=body.command_id, who=who)


def _stable_table_id(request: web.Request, body: NewTable) -> str:
    # A repeated create (same token, same command id) must address the same table; the
    # token's hash keeps the id secret: player ids are public and command ids guessable.
    secret = players.hash_token(bearer_token(request))
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"senet:{secret}:{body.command_id}"))


async def join_table(request: web.Request) -> web.Response:
    """Take the next free seat (a private table's with its invitation code: the table decider
    checks the code's hash against the table's own)."""
    body = await decode_body(request, JoinRequest)
    return json_response(await join(request, request.match_info["table_id"], body, caller(request)))


async def join(request: web.Request, table_id: str, body: JoinRequest, who: Identity) -> Outcome:
    """`who` takes the table's next free seat (from HTTP or the player socket)."""
    action = JoinTable(player_name=who.name, invitation_hash=invitation_hash(body.invitation or ""))
    return await submit(request, action, command_id=body.command_id, table_id=table_id, who=who)


async def start_table(request: web.Request) -> web.Response:
    """Start the game (every seat taken; the table worker decides, not our cache)."""
    body = await decode_body(request, LobbyCommand)
    return json_response(await submit(request, StartTable(), command_id=body.command_id))


async def my_view(request: web.Request) -> web.Response:
    """The caller's view with legal moves (a spectator's where the table lets one watch);
    `?min_version=N` waits for that version."""
    model = await table_model(request)
    seat = viewer_seat(request, model, viewer(request))
    wanted = int_query(request, "min_version", code="bad_query")
    if wanted and model.state.version < wanted:
        await request.app[TABLE_CACHE].wait_for(
            model.state.table_id, wanted, request.app[SETTINGS].view_wait
        )
    return json_response(views.player_view(model, seat))


class MoveAnswer(Outcome, frozen=True, kw_only=True):
    """The outcome of a move and the mover's view right after it (its version is the
    outcome's, or later if another seat moved meanwhile): a client needs no second request."""

    view: views.PlayerView | None = None


async def play(
    request: web.Request, body: MoveRequest, who: Identity, table_id: str | None = None
) -> Outcome:
    """The move of `who` at the table in the path (or `table_id`), decided by its table
    worker (seat, turn, move): the accepted outcome once this gateway's cache shows it; a
    refusal raises its error. The one path of a move, from HTTP (`submit_move`) or a socket
    (`services.gateway.live.moves`)."""
    action = PlayMove(move=body.move, seat=body.seat)  # the decider checks a named seat
    return await submit(
        request, action, command_id=body.command_id, expected_version=body.expected_version,
        who=who, table_id=table_id,
    )  # fmt: skip


async def submit_move(request: web.Request) -> web.Response:
    """Submit a move for the caller's seat (the table worker checks seat, turn and move);
    the answer carries the mover's new view."""
    body = await decode_body(request, MoveRequest)
    outcome = await play(request, body, caller(request))
    model = request.app[TABLE_CACHE].cached(outcome.table_id)
    answer = _encode.encode(outcome)
    if model is not None and model.state.version >= outcome.version:
        # A `MoveAnswer`: the outcome and the view's bytes, encoded once per version and seat
        # (the same bytes the seat's sockets push).
        answer = answer[:-1] + b',"view":' + views.player_frame(model, outcome.seat) + b"}"
    else:
        answer = answer[:-1] + b',"view":null}'
    return web.Response(body=answer, content_type="application/json")


async def table_events(request: web.Request) -> web.Response:
    """A page of the table's event log as the caller may see it, read from the store
    (`?after=VERSION&limit=N`; the answer's `next` is the `after` of the next page)."""
    model = await table_model(request)
    seat = viewer_seat(request, model, viewer(request))
    after = int_query(request, "after", code="bad_query")
    limit = int_query(request, "limit", code="bad_query", default=LOG_PAGE, most=LOG_PAGE_MAX)
    if limit < 1:
        details = {"parameter": "limit"}
        raise BadRequest("limit must be 1 or more", code="bad_query", details=details)
    table_id = model.state.table_id
    store = request.app[STORE]
    read = await in_store(request, partial(events, store, table_id, after, limit=limit + 1))
    page, more = read[:limit], len(read) > limit
    items = views.log_for(model.state.spec, page, seat)
    return json_response(views.LogPage(items=items, next=page[-1].version if more else None))


LOG_PAGE, LOG_PAGE_MAX = 50, 200  # events per page of a table log: default and most
