"""The tables' routes: each declared once, with its handler, types and checks (the route
table and the OpenAPI document are built from these lists: `services.gateway.openapi`)."""

from __future__ import annotations

from services.gateway.http.routes import UUID_PATTERN, Route
from services.gateway.live import moves as socket_moves
from services.gateway.live import player_socket, socket
from services.gateway.tables import invitations, lists, lobby, play, rematch, results, undo, view_at
from services.gateway.views import player as views
from shared.contracts.envelopes import Outcome
from shared.readmodels.rows import Page, TableSummary
from shared.standings.board import SkillRating

# Lobby, play, invitations, take-backs and rematches.
ROUTES: list[Route] = [
    Route(
        "GET",
        "/api/games",
        play.list_games,
        "The games offered",
        None,
        list[play.GameInfo],
        auth=False,
    ),
    Route(
        "POST",
        "/api/tables",
        play.create_table,
        "Open a table (you take seat 0); `start_when_full`: the seat that fills it starts "
        "the game (no `/start` needed)",
        play.NewTable,
        Outcome,
        status=201,
    ),
    Route(
        "GET",
        "/api/tables",
        lists.list_tables,
        "The lobby, newest first (?status=open|playing|over&game=; paged)",
        None,
        Page[TableSummary],
        auth=False,
        query=("status", "game", "cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/tables/{table_id}",
        lists.get_table,
        "A table's summary (a private table's: to its players, invitees and link holders)",
        None,
        TableSummary,
        query=("invite",),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/me/tables",
        lists.my_tables,
        "My tables: my turn first, then waiting, then over (?turn=mine|waiting|over; paged)",
        None,
        Page[TableSummary],
        query=("turn", "cursor", "limit"),
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/join",
        play.join_table,
        "Take the next free seat (a private table: with its invitation code)",
        play.JoinRequest,
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
        "/api/tables/{table_id}/bots",
        lobby.seat_bot,
        "Seat a bot (kind, level) in the next free seat of my open table (creator only)",
        lobby.BotSeatRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/start",
        play.start_table,
        "Start the game (the creator, every seat taken)",
        play.LobbyCommand,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/leave",
        lobby.leave_table,
        "Leave an open table (not its creator)",
        lobby.LobbyRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/resign",
        lobby.resign,
        "Resign the game under way: ranked last; with one other player left the game ends",
        lobby.LobbyRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/cancel",
        lobby.cancel_table,
        "Cancel my open table (creator only)",
        lobby.LobbyRequest,
        Outcome,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/kick",
        lobby.kick_player,
        "Remove a seated player before the start (creator only)",
        lobby.KickRequest,
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
        "GET",
        "/api/tables/{table_id}/views",
        view_at.views_between,
        "My views after each version from ?from= to ?to= (at most 50): a replay's steps",
        None,
        view_at.PastViews,
        query=("from", "to", "seat", "invite"),
        viewers=True,
    ),
    Route(
        "POST",
        "/api/tables/{table_id}/moves",
        play.submit_move,
        "Submit a move; the answer carries the mover's new view",
        play.MoveRequest,
        play.MoveAnswer,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/events",
        play.table_events,
        "A page of the table's event log as I may see it (?after=VERSION&limit=N)",
        None,
        views.LogPage,
        query=("after", "limit", "seat", "invite"),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/ws",
        player_socket.player_socket,
        "WebSocket: all my tables over one connection (watch, open, join, move, resign)",
        query=("token",),
        description=player_socket.DESCRIPTION,
        messages=player_socket.MESSAGES,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/ws",
        socket.table_socket,
        "WebSocket: my view after every change (token in ?token= or header); my moves",
        query=("token", "seat", "invite"),
        viewers=True,
        description=socket_moves.DESCRIPTION,
        messages=socket_moves.MESSAGES,
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
]

# Players' results and the games' standings.
RESULT_ROUTES: list[Route] = [
    Route(
        "GET",
        "/api/players/{player_id}/results",
        lists.player_results,
        "A player's finished games, newest first: seat, score, rank, win, forfeit (paged;"
        " a private table's only to a signed-in player who played it)",
        None,
        Page[lists.PlayerResult],
        viewers=True,
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/games/{game}/standings",
        lists.game_standings,
        "Standings of a game, best first: games, wins, average score (paged)",
        None,
        Page[lists.Standing],
        auth=False,
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/games/{game}/ratings",
        lists.game_ratings,
        "Pairwise-Elo ratings of a game's players, best first (paged)",
        None,
        Page[lists.Rating],
        auth=False,
        query=("cursor", "limit"),
    ),
    Route(
        "GET",
        "/api/games/{game}/leaderboard",
        lists.game_leaderboard,
        "Plackett-Luce skills of a game's players (mu, sigma), best conservative estimate"
        " mu - 3 sigma first (paged)",
        None,
        Page[SkillRating],
        auth=False,
        query=("cursor", "limit"),
    ),
]

# Game records: a finished table's, and those that do not verify (admins).
RECORD_ROUTES: list[Route] = [
    Route(
        "GET",
        "/api/tables/{table_id}/record",
        results.table_record,
        "The game record of a finished table, for its players (403 others, 409 before the end)",
        None,
        results.GameRecord,
    ),
    Route(
        "GET",
        "/api/admin/flagged",
        lists.flagged_tables,
        "Finished tables whose record does not verify (admin token: 401 without, 403 player)",
        None,
        Page[lists.Verdict],
        admin=True,
        query=("cursor", "limit"),
    ),
]
