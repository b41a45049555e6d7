"""The route table and the OpenAPI document generated from it (one source for both)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import msgspec
from aiohttp import web

from services.gateway.accounts import routes as accounts
from services.gateway.accounts.auth import Identity, guarded
from services.gateway.chat import routes as chat
from services.gateway.http import Handler
from services.gateway.http.request import QUERY_MAX
from services.gateway.live import socket as ws
from services.gateway.openapi.games import add_game_schemas, game_types, statuses
from services.gateway.settings import notifications as notify_routes
from services.gateway.tables import invitations, rematch, routes, undo, view_at
from services.gateway.tables import lists as list_routes
from services.gateway.tables import lobby as lobby_routes
from services.gateway.tables import results as results_routes
from services.gateway.tournaments import routes as tournaments
from services.gateway.views import player as views
from shared.contracts.envelopes import ErrorBody, Outcome
from shared.contracts.errors import BadRequest
from shared.observability import http as observed
from shared.readmodels.rows import Page, TableSummary
from shared.standings.board import SkillRating


@dataclass(frozen=True)
class Route:
    """One HTTP route and what it documents."""

    method: str
    path: str
    handler: Handler
    summary: str
    body: type | None = None
    answer: Any = None
    auth: bool = True  # a player's bearer token is required (checked by `setup_routes`)
    admin: bool = False  # an admin token is required instead (see services.gateway.accounts.admin)
    status: int = 200
    query: tuple[str, ...] = ()  # documented query parameters (see QUERY)
    # A token is optional: without one, the table decides whether anyone may watch
    # (its `spectators` option); a token given must be valid.
    viewers: bool = False
    # Path parameters that must match a pattern (else no route: 404), so that a fixed
    # path beside a parameter (`invitations/decline`) is not taken for a value of it.
    patterns: tuple[tuple[str, str], ...] = ()

    def router_path(self) -> str:
        """The path as aiohttp's router takes it, with the parameters' patterns."""
        path = self.path
        for name, pattern in self.patterns:
            path = path.replace("{" + name + "}", "{" + name + ":" + pattern + "}")
        return path


UUID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"


ROUTES: list[Route] = [
    Route(
        "POST",
        "/api/players",
        routes.register_player,
        "Register a player (name → token)",
        routes.RegisterPlayer,
        routes.Registered,
        auth=False,
        status=201,
    ),
    Route("GET", "/api/me", routes.me, "Who the token belongs to", None, Identity),
    Route(
        "GET",
        "/api/me/tokens",
        accounts.list_tokens,
        "My tokens: id, name, revoked, and which one this request used",
        None,
        accounts.Tokens,
    ),
    Route(
        "POST",
        "/api/me/tokens",
        accounts.issue_token,
        "A new token for another device, with a name (the token is shown once)",
        accounts.TokenName,
        accounts.NewToken,
        status=201,
    ),
    Route(
        "PATCH",
        "/api/me/tokens/{token_id}",
        accounts.rename_token,
        "Rename one of my tokens",
        accounts.TokenName,
        accounts.TokenInfo,
    ),
    Route(
        "DELETE",
        "/api/me/tokens/{token_id}",
        accounts.revoke_token,
        "Revoke one of my tokens: it stops working at once, on every gateway",
        None,
        accounts.TokenInfo,
    ),
    Route(
        "POST",
        "/api/sign-in-links",
        accounts.ask_sign_in_link,
        "Mail a sign-in link to a confirmed address (202 whether or not it is anyone's)",
        accounts.SignInLinkRequest,
        accounts.SignInLinkAnswer,
        auth=False,
        status=202,
    ),
    Route(
        "POST",
        "/api/sign-in",
        accounts.sign_in,
        "Follow a mailed sign-in link: a new token, once, within 30 minutes",
        accounts.SignInRequest,
        accounts.NewToken,
        auth=False,
        status=201,
    ),
    Route(
        "GET",
        "/api/games",
        routes.list_games,
        "The games offered",
        None,
        list[routes.GameInfo],
        auth=False,
    ),
    Route(
        "POST",
        "/api/tables",
        routes.create_table,
        "Open a table (you take seat 0)",
        routes.NewTable,
        Outcome,
        status=201,
    ),
    Route(
        "GET",
        "/api/tables",
        list_routes.list_tables,
        "The lobby, newest first (?status=open|playing|over&game=; paged)",
        None,
        Page[TableSummary],
        auth=False,
        query=("status", "game", "cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/tables/{table_id}",
        list_routes.get_table,
        "A table's summary (a private table's: to its players, invitees and link holders)",
        None,
        TableSummary,
        query=("invite",),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/me/tables",
        list_routes.my_tables,
        "My tables: my turn first, then waiting, then over (?turn=mine|waiting|over; paged)",
        None,
        Page[TableSummary],
        query=("turn", "cursor", "limit"),
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/join",
        routes.join_table,
        "Take the next free seat (a private table: with its invitation code)",
        routes.JoinRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/invitation",
        invitations.renew,
        "A new invitation link for my open table (the creator's); the old one stops working",
        invitations.InvitationRequest,
        invitations.Invitation,
        status=201,
    ),
    Route(
        "DELETE",
        "/api/tables/{table_id}/invitation",
        invitations.revoke,
        "Stop my table's invitation link",
        None,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/start",
        routes.start_table,
        "Start the game",
        routes.LobbyCommand,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/leave",
        lobby_routes.leave_table,
        "Leave an open table (not its creator)",
        lobby_routes.LobbyRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/resign",
        lobby_routes.resign,
        "Resign the game under way: ranked last; with one other player left the game ends",
        lobby_routes.LobbyRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/cancel",
        lobby_routes.cancel_table,
        "Cancel my open table (creator only)",
        lobby_routes.LobbyRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/kick",
        lobby_routes.kick_player,
        "Remove a seated player before the start (creator only)",
        lobby_routes.KickRequest,
        Outcome,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/view",
        view_at.my_view,
        "My view, legal moves and version (?min_version=N waits; ?at=V: as I saw it after V)",
        None,
        views.PlayerView,
        query=("min_version", "seat", "at", "invite"),
        viewers=True,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/moves",
        routes.submit_move,
        "Submit a move; the answer carries the mover's new view",
        routes.MoveRequest,
        routes.MoveAnswer,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/events",
        routes.table_events,
        "A page of the table's event log as I may see it (?after=VERSION&limit=N)",
        None,
        views.LogPage,
        query=("after", "limit", "seat", "invite"),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/ws",
        ws.table_socket,
        "WebSocket: my view after every change (token in ?token= or header)",
        query=("token", "seat", "invite"),
        viewers=True,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/invitations",
        invitations.invite_by_name,
        "Invite a registered player by name to my open table (they are notified)",
        invitations.InviteByName,
        Outcome,
    ),
    Route(
        "DELETE",
        "/api/tables/{table_id}/invitations/{player_id}",
        invitations.withdraw,
        "Withdraw my invitation of a player",
        None,
        Outcome,
        patterns=(("player_id", UUID_PATTERN),),
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/invitations/decline",
        invitations.decline,
        "Decline my invitation to a table (accepting is joining it)",
        invitations.InvitationRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/undo",
        undo.ask,
        "Ask the others to take back my last move (tables with `takebacks`; never a move "
        "that drew at random, revealed something hidden or ended the game)",
        undo.UndoRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/undo/answer",
        undo.answer,
        "Accept or decline the take-back another player asked for; the last acceptance "
        "takes the move back (`MoveUndone`)",
        undo.UndoAnswer,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/rematch",
        rematch.answer,
        "After the game: offer or accept a rematch (`accept`), or decline it; the last "
        "acceptance opens the new table with everyone seated",
        rematch.RematchRequest,
        rematch.RematchState,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/rematch/open",
        rematch.open_agreed,
        "Open the agreed rematch if it is not open yet (harmless when it is)",
        None,
        rematch.RematchState,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/chat",
        chat.post_message,
        "Say something at the table: seated players in `players`, others in `spectators`",
        chat.ChatBody,
        chat.log.Message,
        status=201,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/chat",
        chat.read_messages,
        "A page of a chat channel, oldest first (?channel=players|spectators&after=&limit=)",
        None,
        chat.ChatPage,
        query=("channel", "after", "limit", "invite"),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/chat/ws",
        chat.chat_socket,
        "WebSocket of a chat channel: the last page at once, then each new message",
        query=("channel", "after", "token", "invite"),
        viewers=True,
    ),
    Route("GET", "/api/me/mutes", chat.my_mutes, "Whom I muted in chat", None, chat.Mutes),
    Route(
        "PUT",
        "/api/me/mutes/{player_id}",
        chat.mute,
        "Mute a player's chat messages for me, at every table",
        None,
        chat.Mutes,
    ),
    Route(
        "DELETE",
        "/api/me/mutes/{player_id}",
        chat.unmute,
        "Show a muted player's chat messages again",
        None,
        chat.Mutes,
    ),
    Route(
        "POST",
        "/api/me/email",
        notify_routes.set_email,
        "Register my e-mail address for notifications",
        notify_routes.EmailBody,
        notify_routes.PreferencesView,
    ),
    Route(
        "POST",
        "/api/me/push-subscriptions",
        notify_routes.add_push_subscription,
        "Register a browser's web-push subscription (its toJSON())",
        notify_routes.PushSubscriptionBody,
        notify_routes.PreferencesView,
        status=201,
    ),
    Route(
        "GET",
        "/api/me/preferences",
        notify_routes.get_preferences,
        "My notification preferences",
        None,
        notify_routes.PreferencesView,
    ),
    Route(
        "PUT",
        "/api/me/preferences",
        notify_routes.put_preferences,
        "Set channels, quiet hours (time zone) and digest or one mail per turn",
        notify_routes.Settings,
        notify_routes.PreferencesView,
    ),
    Route(
        "POST",
        "/api/me/vacation",
        notify_routes.set_vacation,
        "Pause my turn clocks for some days",
        notify_routes.VacationBody,
        notify_routes.PreferencesView,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/timing",
        notify_routes.get_timing,
        "A table's reminders and deadline in effect (its choice, else the defaults)",
        None,
        notify_routes.Timing,
        query=("invite",),
        viewers=True,
    ),
    Route(
        "PUT",
        "/api/tables/{table_id}/timing",
        notify_routes.put_timing,
        "Choose reminders, deadline and timeout policy (creator, before start)",
        notify_routes.Timing,
        notify_routes.Timing,
    ),
    Route(
        "GET",
        "/api/push/key",
        notify_routes.push_key,
        "The VAPID public key for web push",
        None,
        notify_routes.PushKey,
        auth=False,
    ),
    Route(
        "GET",
        "/api/email-confirmations/{token}",
        notify_routes.confirm_email_page,
        "Confirmation link of a new address: a page with a button (changes nothing)",
        auth=False,
    ),
    Route(
        "POST",
        "/api/email-confirmations/{token}",
        notify_routes.confirm_email,
        "Confirm the address the signed link was sent to",
        auth=False,
    ),
    Route(
        "GET",
        "/api/unsubscribe/{token}",
        notify_routes.unsubscribe,
        "Unsubscribe link of a mail: a confirmation page (changes nothing)",
        auth=False,
    ),
    Route(
        "POST",
        "/api/unsubscribe/{token}",
        notify_routes.unsubscribe_one_click,
        "One-click unsubscribe (List-Unsubscribe-Post)",
        auth=False,
    ),
    Route(
        "GET",
        "/api/players/{player_id}/results",
        list_routes.player_results,
        "A player's finished games, newest first: seat, score, rank, win, forfeit (paged;"
        " a private table's only to a signed-in player who played it)",
        None,
        Page[list_routes.PlayerResult],
        viewers=True,
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/games/{game}/standings",
        list_routes.game_standings,
        "Standings of a game, best first: games, wins, average score (paged)",
        None,
        Page[list_routes.Standing],
        auth=False,
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/games/{game}/ratings",
        list_routes.game_ratings,
        "Pairwise-Elo ratings of a game's players, best first (paged)",
        None,
        Page[list_routes.Rating],
        auth=False,
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/games/{game}/leaderboard",
        list_routes.game_leaderboard,
        "Plackett-Luce skills of a game's players (mu, sigma), best conservative estimate"
        " mu - 3 sigma first (paged)",
        None,
        Page[SkillRating],
        auth=False,
        query=("cursor", "limit"),
    ),
    Route(
        "POST",
        "/api/tournaments",
        tournaments.create_tournament,
        "Announce a tournament: round robin, Swiss or knockout, its game, seats and limits"
        " (a private one answers its invitation code once)",
        tournaments.NewTournament,
        tournaments.CreatedTournament,
        status=201,
    ),
    Route(
        "GET",
        "/api/tournaments",
        tournaments.list_tournaments,
        "Public tournaments, newest first: `state=open|running|finished` (paged)",
        None,
        Page[tournaments.TournamentSummary],
        auth=False,
        query=("state", "cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/me/tournaments",
        tournaments.my_tournaments,
        "The tournaments I signed up for, newest first (paged)",
        None,
        Page[tournaments.TournamentSummary],
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/tournaments/{tournament_id}",
        tournaments.read_tournament,
        "A tournament: settings, players, seeding, rounds with their tables, standings",
        None,
        tournaments.TournamentView,
        query=("invite",),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tournaments/{tournament_id}/rounds",
        tournaments.tournament_rounds,
        "A tournament's rounds: pairings (tables, results, match points) and byes",
        None,
        Page[tournaments.RoundView],
        query=("cursor", "limit", "invite"),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tournaments/{tournament_id}/tables",
        tournaments.tournament_tables,
        "A tournament's match tables, round by round (open them at /api/tables/{id})",
        None,
        Page[tournaments.TournamentTable],
        query=("cursor", "limit", "invite"),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tournaments/{tournament_id}/standings",
        tournaments.tournament_standings,
        "Standings: points, then Buchholz and Sonneborn-Berger (Swiss) or head-to-head"
        " (round robin) or the round reached (knockout), best first (paged)",
        None,
        Page[tournaments.TournamentStanding],
        query=("cursor", "limit", "invite"),
        viewers=True,
    ),
    Route(
        "POST",
        "/api/tournaments/{tournament_id}/join",
        tournaments.join_tournament,
        "Sign up (a private tournament with its invitation code)",
        tournaments.TournamentCommandBody,
        tournaments.TournamentOutcome,
    ),
    Route(
        "POST",
        "/api/tournaments/{tournament_id}/withdraw",
        tournaments.withdraw_from_tournament,
        "Withdraw: before the start the place is free; after it, forfeit what is left",
        tournaments.TournamentCommandBody,
        tournaments.TournamentOutcome,
    ),
    Route(
        "POST",
        "/api/tournaments/{tournament_id}/start",
        tournaments.start_tournament,
        "Close sign-up and pair round 1 (the creator; anyone after the sign-up deadline)",
        tournaments.TournamentCommandBody,
        tournaments.TournamentOutcome,
    ),
    Route(
        "POST",
        "/api/tournaments/{tournament_id}/cancel",
        tournaments.cancel_tournament,
        "Cancel a tournament before its start (the creator)",
        tournaments.TournamentCommandBody,
        tournaments.TournamentOutcome,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/record",
        results_routes.table_record,
        "The game record of a finished table, for its players (403 others, 409 before the end)",
        None,
        results_routes.GameRecord,
    ),
    Route(
        "GET",
        "/api/admin/flagged",
        list_routes.flagged_tables,
        "Finished tables whose record does not verify (admin token: 401 without, 403 player)",
        None,
        Page[list_routes.Verdict],
        admin=True,
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/admin/tables/{table_id}/chat",
        chat.admin_messages,
        "A table's chat, nothing muted, for disputes (admin token; ?channel=&after=&limit=)",
        None,
        chat.ChatPage,
        admin=True,
        query=("channel", "after", "limit"),
    ),
    Route("GET", "/healthz", observed.healthz, "Liveness: 200, or 503 with reasons", auth=False),
    Route(
        "GET",
        "/readyz",
        observed.readyz,
        "Readiness: 503 with reasons while the broker, the store or the views are not ready",
        auth=False,
    ),
    Route("GET", "/metrics", observed.metrics, "Prometheus metrics (text format)", auth=False),
]

ERRORS = {
    "400": "Malformed JSON or schema; a bad cursor, limit or filter value (bad_query)",
    "401": "Missing or unknown token",
    "403": "Not your seat, not a player of the table, not an admin, or a foreign WebSocket origin",
    "404": "Unknown table or game",
    "405": "Method not allowed (the Allow header lists the methods)",
    "408": "The request body did not arrive in time (body_timeout); the connection is closed",
    "409": "Not your turn, stale version, lobby conflict, a name taken (name_taken)",
    "413": "Body too large",
    "422": "Illegal move (details.rule names the rule)",
    "429": "Rate limit or in-flight bound exceeded; retry after Retry-After seconds",
    "503": "Broker or store unavailable or too slow; retry after Retry-After seconds",
}
QUERY: dict[str, dict[str, Any]] = {
    "status": {"type": "string", "enum": ["open", "playing", "over"]},
    "game": {"type": "string"},
    "min_version": {"type": "integer", "minimum": 0, "maximum": QUERY_MAX},
    "after": {"type": "integer", "minimum": 0, "maximum": QUERY_MAX},
    "at": {"type": "integer", "minimum": 1, "maximum": QUERY_MAX},
    "limit": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50},
    "seat": {"type": "integer", "minimum": 0, "maximum": QUERY_MAX},  # your own: 403 for another
    "token": {"type": "string"},
    "cursor": {"type": "string"},  # opaque: the `next` of the previous page
    "turn": {"type": "string", "enum": ["mine", "waiting", "over"]},
    "state": {"type": "string", "enum": ["open", "running", "finished"]},  # of tournaments
    "channel": {"type": "string", "enum": ["players", "spectators"]},
    # a private table's current invitation code: its holder may look before joining
    "invite": {"type": "string", "maxLength": 200},  # http.MAX_INVITE
}
RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before retrying",
        "required": True,
        "schema": {"type": "integer", "minimum": 1},
    }
}


def setup_routes(app: web.Application) -> None:
    """Register every route of the table behind the token check its row asks for, and the
    OpenAPI document (the same rows document `security`)."""
    for route in ROUTES:
        handler = guarded(
            _bounded(route.handler, route.query),
            auth=route.auth, admin=route.admin, viewers=route.viewers,
        )  # fmt: skip
        app.router.add_route(route.method, route.router_path(), handler)
    app.router.add_get("/api/openapi.json", openapi_handler)


def _bounded(handler: Handler, names: tuple[str, ...]) -> Handler:
    """The handler behind the check its row declares: a whole-number query parameter beyond
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


async def openapi_handler(request: web.Request) -> web.Response:
    """The OpenAPI document."""
    return web.json_response(openapi_document())


def _error(text: str, schema: dict[str, Any], status: str) -> dict[str, Any]:
    answer = {"description": text, "content": {"application/json": {"schema": schema}}}
    return answer | ({"headers": RETRY_AFTER} if status in ("429", "503") else {})


def _path_schema(patterns: dict[str, str], name: str) -> dict[str, Any]:
    pattern = patterns.get(name)
    return {"type": "string"} | ({"pattern": f"^{pattern}$"} if pattern else {})


# Component names clients generated code from, kept when a module moved (msgspec names a
# type by its module where two types share a name).
STABLE_NAMES = {"services.gateway.views.player.PlayerView": "services.gateway.views.PlayerView"}


def openapi_document() -> dict[str, Any]:
    """OpenAPI 3.1 for the route table; schemas come from the msgspec types."""
    document = _document()
    encoded = msgspec.json.encode(document).decode()
    for now, kept in STABLE_NAMES.items():
        encoded = encoded.replace(f'"#/components/schemas/{now}"', f'"#/components/schemas/{kept}"')
    renamed: dict[str, Any] = msgspec.json.decode(encoded)
    schemas = renamed["components"]["schemas"]
    for now, kept in STABLE_NAMES.items():
        if now in schemas:
            schemas[kept] = schemas.pop(now)
    return renamed


def _document() -> dict[str, Any]:
    types = [r.body for r in ROUTES if r.body] + [r.answer for r in ROUTES if r.answer]
    types.append(ErrorBody)
    games = game_types()
    schemas, components = msgspec.json.schema_components(
        [*types, *games.values()], ref_template="#/components/schemas/{name}"
    )
    by_type = dict(zip(types, schemas, strict=False))
    add_game_schemas(components, dict(zip(games, schemas[len(types) :], strict=True)))
    paths: dict[str, dict[str, Any]] = {}
    error_ref = by_type[ErrorBody]
    for route in ROUTES:
        op: dict[str, Any] = {"summary": route.summary, "operationId": route.handler.__name__}
        patterns = dict(route.patterns)
        params = [
            {"name": name, "in": "path", "required": True, "schema": _path_schema(patterns, name)}
            for name in re.findall(r"{(\w+)}", route.path)
        ] + [{"name": name, "in": "query", "schema": QUERY[name]} for name in route.query]
        if params:
            op["parameters"] = params
        if route.body is not None:
            # A body whose fields all have defaults may be left out (it reads as `{}`).
            needed = any(f.required for f in msgspec.structs.fields(route.body))
            op["requestBody"] = {
                "required": needed,
                "content": {"application/json": {"schema": by_type[route.body]}},
            }
        ok: dict[str, Any] = {"description": "OK"}
        if route.answer is not None:
            ok["content"] = {"application/json": {"schema": by_type[route.answer]}}
        returned = statuses(
            route.method, route.path, auth=route.auth, body=route.body is not None,
            query=bool(route.query),
        )  # fmt: skip
        op["responses"] = {str(route.status): ok} | {
            code: _error(ERRORS[code], error_ref, code) for code in returned
        }
        if route.auth or route.admin:
            op["security"] = [{"bearer": []}, {}] if route.viewers else [{"bearer": []}]
        paths.setdefault(route.path, {})[route.method.lower()] = op
    paths["/api/openapi.json"] = {
        "get": {"summary": "This document", "responses": {"200": {"description": "OK"}}}
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "senet", "version": "1"},
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }
