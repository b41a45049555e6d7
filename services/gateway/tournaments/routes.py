"""HTTP handlers of tournaments: decode, send the command to the tournament's shard (or read),
encode. Reads of one tournament fold its aggregate from the store (always current); lists and
standings come from the tournament read model, a page at a time."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import secrets
import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, TypeVar

import msgspec
from aiohttp import web
from eventsourcing.application import AggregateNotFoundError

from services.gateway.accounts.auth import bearer_token, caller, viewer
from services.gateway.http.request import decode_body, json_response, link_hash
from services.gateway.http.routes import Route
from services.gateway.http.storecall import in_store
from services.gateway.keys import READMODELS, SETTINGS, STORE, TABLES
from shared.accounts import players
from shared.contracts.envelopes import TimeoutPolicy, Visibility
from shared.contracts.errors import BadRequest, NotFound
from shared.observability import correlation
from shared.readmodels.queries import decode_cursor, encode_cursor, limit_of
from shared.readmodels.rows import Page
from shared.store import EventStore
from shared.tables.access import invitation_hash
from shared.tables.client import accepted
from shared.tournaments import readmodel
from shared.tournaments.access import check_reader
from shared.tournaments.actions import (
    CancelTournament,
    CreateTournament,
    JoinTournament,
    Name,
    StartTournament,
    TournamentAction,
    TournamentCommand,
    TournamentOutcome,
    WithdrawFromTournament,
)
from shared.tournaments.aggregate import Tournament
from shared.tournaments.events import ForfeitPolicy, Format
from shared.tournaments.ratings import rating_of
from shared.tournaments.standings import TournamentStanding
from shared.tournaments.state import TournamentState
from shared.tournaments.views import RoundView, TournamentSummary, TournamentView, view_of

CommandId = Annotated[str, msgspec.Meta(max_length=128)]
_encode = msgspec.json.Encoder()
T = TypeVar("T")
FRESH_WAIT = 1.0  # seconds a standings read waits for the model to show the newest version


class NewTournament(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tournaments."""

    name: Name  # a display name of 1-60 characters (`shared.names`; 400 `bad_name`)
    format: Format
    game: str
    options: dict[str, Any] = {}
    seats: int = 2
    rounds: int = 0
    min_players: int = 2
    max_players: int = 64
    signup_deadline: str = ""
    move_deadline: int = 0
    timeout_policy: TimeoutPolicy = "bot"
    forfeits: ForfeitPolicy = "last"
    visibility: Visibility = "public"
    command_id: CommandId | None = None
    # The tournament's seed, 64 hex digits; only where the gateway allows it (`client_seeds`,
    # self-play): it names the tournament and the seeds of its match tables, so that the
    # same self-play command plays the same tournament.
    seed: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")] | None = None


class TournamentCommandBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tournaments/{id}/join, /withdraw, /start, /cancel."""

    command_id: CommandId | None = None
    invitation: Annotated[str, msgspec.Meta(max_length=64)] | None = None


class CreatedTournament(TournamentOutcome, frozen=True, kw_only=True):
    """The answer to a create: the outcome, and a private tournament's invitation code
    (shown only here; players join with it)."""

    invitation: str = ""


class TournamentTable(msgspec.Struct, frozen=True, kw_only=True):
    """A match table of a tournament."""

    round: int
    table_id: str
    players: list[str]
    names: list[str]
    opened: bool
    over: bool


async def create_tournament(request: web.Request) -> web.Response:
    """Announce a tournament (the creator does not sign up by creating it)."""
    who = caller(request)
    body = await decode_body(request, NewTournament)
    tournament_id, code = str(uuid.uuid4()), secrets.token_urlsafe(16)
    if body.command_id is not None:
        # A repeated create (same token, same command id) names the same tournament with the
        # same code; the token's hash keeps both secret: player ids are public and command
        # ids guessable.
        key = f"senet:tournament:{players.hash_token(bearer_token(request))}:{body.command_id}"
        tournament_id = str(uuid.uuid5(uuid.NAMESPACE_URL, key))
        code = _code_of(key)
    if body.visibility != "private":
        code = ""
    if body.seed is not None:
        if not request.app[SETTINGS].client_seeds:
            raise BadRequest(
                "a tournament's seed draws its tables' seeds: this gateway does not let "
                "clients choose it", code="seed_not_allowed",
            )  # fmt: skip
        tournament_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"senet:seeded-tournament:{body.seed}"))
    fields = msgspec.structs.asdict(body)
    fields.pop("command_id")
    fields["seed"] = body.seed or ""
    fields["options"] = msgspec.Raw(_encode.encode(body.options))
    action = CreateTournament(**fields, invitation=invitation_hash(code))
    outcome = await _send(request, tournament_id, who.player_id, action, body.command_id)
    answer = CreatedTournament(**msgspec.structs.asdict(outcome), invitation=code)
    return json_response(answer, 201)


def _code_of(key: str) -> str:
    """The invitation code of a create repeated under one secret key (22 characters, as
    `secrets.token_urlsafe(16)`)."""
    digest = hashlib.sha256(f"{key}:invitation".encode()).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


async def join_tournament(request: web.Request) -> web.Response:
    """Sign up, with the rating of the tournament's game (a knockout seeds by it)."""
    who = caller(request)
    body = await decode_body(request, TournamentCommandBody)
    state = await _state(request)
    db = request.app[READMODELS].db
    rating = await in_store(request, rating_of, db, state.created.game, who.player_id)
    action = JoinTournament(
        player_name=who.name, rating=rating, invitation=invitation_hash(body.invitation or "")
    )
    outcome = await _send(request, state.tournament_id, who.player_id, action, body.command_id)
    return json_response(outcome)


async def withdraw_from_tournament(request: web.Request) -> web.Response:
    """Leave (after the start: forfeit the match being played and be paired no more)."""
    return await _simple(request, WithdrawFromTournament())


async def start_tournament(request: web.Request) -> web.Response:
    """Close sign-up and pair round 1 (the creator; anyone past the sign-up deadline)."""
    now = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    return await _simple(request, StartTournament(now=now))


async def cancel_tournament(request: web.Request) -> web.Response:
    """The creator cancels a tournament before its start."""
    return await _simple(request, CancelTournament())


async def _simple(request: web.Request, action: TournamentAction) -> web.Response:
    who = caller(request)
    body = await decode_body(request, TournamentCommandBody)
    tournament_id = request.match_info["tournament_id"]
    outcome = await _send(request, tournament_id, who.player_id, action, body.command_id)
    return json_response(outcome)


async def _send(
    request: web.Request,
    tournament_id: str,
    player_id: str,
    action: TournamentAction,
    command_id: str | None,
) -> TournamentOutcome:
    command = TournamentCommand(
        command_id=command_id or uuid.uuid4().hex, tournament_id=tournament_id,
        player_id=player_id, action=action, correlation_id=correlation.current(),
    )  # fmt: skip
    return accepted(await request.app[TABLES].send(command))


# ---- reads --------------------------------------------------------------------------------


async def _readable(request: web.Request) -> TournamentState:
    """The tournament of the path if the caller may read it (`shared.tournaments.access`:
    a private one its creator, players and the holders of its code in `?invite=`)."""
    state = await _state(request)
    who = viewer(request)
    check_reader(state, who.player_id if who is not None else None, link_hash(request))
    return state


async def _state(request: web.Request) -> TournamentState:
    """The tournament of the path, folded from the store; 404 `unknown_tournament`."""
    raw = request.match_info["tournament_id"]
    try:
        tournament_id = uuid.UUID(raw)
    except ValueError as exc:
        raise NotFound("no such tournament", code="unknown_tournament") from exc
    found = await in_store(request, _load, request.app[STORE], tournament_id)
    if found is None:
        raise NotFound("no such tournament", code="unknown_tournament")
    return found


def _load(store: EventStore, tournament_id: uuid.UUID) -> TournamentState | None:
    try:
        found: Any = store.repository.get(tournament_id)
    except AggregateNotFoundError:
        return None
    return found.tournament if isinstance(found, Tournament) else None


async def read_tournament(request: web.Request) -> web.Response:
    """A tournament in full: settings, players, rounds with their tables, standings."""
    return json_response(view_of(await _readable(request)))


def _paged(request: web.Request, items: list[T]) -> Page[T]:
    """A page of a list held whole (a tournament's rounds or tables): the cursor is the
    index of the next item."""
    after = decode_cursor(request.query.get("cursor"), (int,))
    start = after[0] if after is not None else 0
    limit = limit_of(request.query.get("limit"))
    more = len(items) > start + limit
    return Page(items=items[start : start + limit],
                next=encode_cursor([start + limit]) if more else None)  # fmt: skip


async def tournament_rounds(request: web.Request) -> web.Response:
    """The rounds paired so far, each with its tables (players, results) and byes (paged)."""
    return json_response(_paged(request, view_of(await _readable(request)).rounds))


async def tournament_tables(request: web.Request) -> web.Response:
    """Every match table of the tournament, round by round (paged)."""
    state = await _readable(request)
    names = {e.player_id: e.name for e in state.entrants}
    tables = [
        TournamentTable(
            round=m.round,
            table_id=m.table_id,
            players=list(m.players),
            names=[names.get(p, "") for p in m.players],
            opened=m.round in state.opened,
            over=m.is_over,
        )
        for m in state.matches
    ]
    return json_response(_paged(request, tables))


async def tournament_standings(request: web.Request) -> web.Response:
    """The standings with tie-breaks, best first (paged; the tournament read model)."""
    state = await _readable(request)
    db = request.app[READMODELS].db
    loop = asyncio.get_running_loop()
    deadline = loop.time() + FRESH_WAIT
    while loop.time() < deadline:  # read what this tournament's last event shows
        if await in_store(request, readmodel.version_of, db, state.tournament_id) >= state.version:
            break
        await asyncio.sleep(0.05)
    cursor, limit = request.query.get("cursor"), limit_of(request.query.get("limit"))
    page = await in_store(request, readmodel.standings_page, db, state.tournament_id, cursor, limit)
    return json_response(page)


async def _fresh(request: web.Request) -> None:
    """Wait (at most a second) until the tournament rows show everything stored before this
    request (the manager's position follows the whole log), so a client that just created
    or joined reads its own write."""
    db = request.app[READMODELS].db
    last = await in_store(request, request.app[STORE].last_position)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + FRESH_WAIT
    while await in_store(request, readmodel.position, db) < last and loop.time() < deadline:
        await asyncio.sleep(0.05)


async def list_tournaments(request: web.Request) -> web.Response:
    """Public tournaments, newest first: `state=open|running|finished` (default: all)."""
    cursor, limit = request.query.get("cursor"), limit_of(request.query.get("limit"))
    status = request.query.get("state")
    await _fresh(request)
    db = request.app[READMODELS].db
    return json_response(await in_store(request, readmodel.listed, db, status, cursor, limit))


async def my_tournaments(request: web.Request) -> web.Response:
    """The tournaments I signed up for, newest first."""
    who = caller(request)
    cursor, limit = request.query.get("cursor"), limit_of(request.query.get("limit"))
    await _fresh(request)
    db = request.app[READMODELS].db
    return json_response(await in_store(request, readmodel.mine, db, who.player_id, cursor, limit))


__all__ = [
    "CreatedTournament",
    "NewTournament",
    "Page",
    "RoundView",
    "TournamentCommandBody",
    "TournamentOutcome",
    "TournamentStanding",
    "TournamentSummary",
    "TournamentTable",
    "TournamentView",
]  # fmt: skip


# In the order of the published document (`services.gateway.openapi.routes`).
ROUTES: list[Route] = [
    Route(
        "POST",
        "/api/tournaments",
        create_tournament,
        "Announce a tournament: round robin, Swiss or knockout, its game, seats and limits"
        " (a private one answers its invitation code once)",
        NewTournament,
        CreatedTournament,
        status=201,
    ),
    Route(
        "GET",
        "/api/tournaments",
        list_tournaments,
        "Public tournaments, newest first: `state=open|running|finished` (paged)",
        None,
        Page[TournamentSummary],
        auth=False,
        query=("state", "cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/me/tournaments",
        my_tournaments,
        "The tournaments I signed up for, newest first (paged)",
        None,
        Page[TournamentSummary],
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/tournaments/{tournament_id}",
        read_tournament,
        "A tournament: settings, players, seeding, rounds with their tables, standings",
        None,
        TournamentView,
        query=("invite",),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tournaments/{tournament_id}/rounds",
        tournament_rounds,
        "A tournament's rounds: pairings (tables, results, match points) and byes",
        None,
        Page[RoundView],
        query=("cursor", "limit", "invite"),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tournaments/{tournament_id}/tables",
        tournament_tables,
        "A tournament's match tables, round by round (open them at /api/tables/{id})",
        None,
        Page[TournamentTable],
        query=("cursor", "limit", "invite"),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tournaments/{tournament_id}/standings",
        tournament_standings,
        "Standings: points, then Buchholz and Sonneborn-Berger (Swiss) or head-to-head"
        " (round robin) or the round reached (knockout), best first (paged)",
        None,
        Page[TournamentStanding],
        query=("cursor", "limit", "invite"),
        viewers=True,
    ),
    Route(
        "POST",
        "/api/tournaments/{tournament_id}/join",
        join_tournament,
        "Sign up (a private tournament with its invitation code)",
        TournamentCommandBody,
        TournamentOutcome,
    ),
    Route(
        "POST",
        "/api/tournaments/{tournament_id}/withdraw",
        withdraw_from_tournament,
        "Withdraw: before the start the place is free; after it, forfeit what is left",
        TournamentCommandBody,
        TournamentOutcome,
    ),
    Route(
        "POST",
        "/api/tournaments/{tournament_id}/start",
        start_tournament,
        "Close sign-up and pair round 1 (the creator; anyone after the sign-up deadline)",
        TournamentCommandBody,
        TournamentOutcome,
    ),
    Route(
        "POST",
        "/api/tournaments/{tournament_id}/cancel",
        cancel_tournament,
        "Cancel a tournament before its start (the creator)",
        TournamentCommandBody,
        TournamentOutcome,
    ),
]
