"""The paged lists, read from the persisted read models (`shared.readmodels`).

Lobby, my tables, a player's results, standings and ratings; a table's summary; audit
flags. Before answering, a handler waits (briefly) for the read models to reach the newest
store position this gateway heard of (a command's outcome carries the position it created),
so a client reads its own writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from services.gateway.accounts.auth import caller, viewer
from services.gateway.http.request import json_response, link_hash, table_model, viewer_seat
from services.gateway.http.storecall import in_store
from services.gateway.keys import READMODELS, TABLE_CACHE
from shared.audit.verdicts import Verdict
from shared.contracts.errors import Unavailable
from shared.games.registry import GAME_PACKAGES, get_game
from shared.readmodels import queries
from shared.readmodels.db import DB_OUTAGES
from shared.readmodels.rows import Page, TableSummary
from shared.readmodels.tables import summary_of
from shared.standings.board import PlayerResult, Rating, Standing

FRESH_WAIT = 1.0  # seconds a list waits for the read models to reach `TableCache.newest_heard`
T = TypeVar("T")

__all__ = [
    "Page",
    "PlayerResult",
    "Rating",
    "Standing",
    "TableSummary",
    "Verdict",
]


async def _read(request: web.Request, query: Callable[..., T], *args: Any) -> T:
    models = request.app[READMODELS]
    # The newest position this gateway heard of: its commands' outcomes and the relay's
    # batches (so a client reads its own writes), not a store read per request.
    await models.runner.wait(request.app[TABLE_CACHE].newest_heard, FRESH_WAIT)
    try:
        return await in_store(request, query, models.db, *args)
    except DB_OUTAGES as exc:
        raise Unavailable("the read models are unreachable", code="store_unavailable") from exc


def _paging(request: web.Request) -> tuple[str | None, int]:
    return request.query.get("cursor"), queries.limit_of(request.query.get("limit"))


async def list_tables(request: web.Request) -> web.Response:
    """GET /api/tables?status=&game=: the lobby, newest first."""
    cursor, limit = _paging(request)
    game = request.query.get("game")
    if game is not None:
        _known_game(game)
    status = request.query.get("status")
    return json_response(await _read(request, queries.lobby, status, game, cursor, limit))


async def my_tables(request: web.Request) -> web.Response:
    """GET /api/me/tables?turn=mine|waiting|over: my tables, my turn first."""
    who = caller(request)
    cursor, limit = _paging(request)
    turn = request.query.get("turn")
    page = await _read(request, queries.my_tables, who.player_id, turn, cursor, limit)
    return json_response(page)


async def get_table(request: web.Request) -> web.Response:
    """GET /api/tables/{table_id}: the table's summary (the live state while a brand-new
    table is not in the read model yet); a private table's only to those who may watch it
    (its players, invitees and the holders of its current link)."""
    model = await table_model(request)
    link_hash(request)  # 400 for a malformed ?invite= on any table
    if model.state.visibility == "private":
        viewer_seat(request, model, viewer(request))
    row = await _read(request, queries.table, model.state.table_id)
    if row is None:
        row = summary_of(model.state, model.created_at, model.updated_at)
    return json_response(row)


async def player_results(request: web.Request) -> web.Response:
    """GET /api/players/{player_id}/results: finished games, newest first (a private
    table's only to those who played it)."""
    cursor, limit = _paging(request)
    player = request.match_info["player_id"]
    who = viewer(request)
    seen_by = who.player_id if who is not None else ""
    page = await _read(request, queries.player_results, player, cursor, limit, seen_by)
    return json_response(page)


async def game_standings(request: web.Request) -> web.Response:
    """GET /api/games/{game}/standings: best first."""
    cursor, limit = _paging(request)
    game = request.match_info["game"]
    _known_game(game, path=True)
    return json_response(await _read(request, queries.standings, game, cursor, limit))


async def game_ratings(request: web.Request) -> web.Response:
    """GET /api/games/{game}/ratings: best first."""
    cursor, limit = _paging(request)
    game = request.match_info["game"]
    _known_game(game, path=True)
    return json_response(await _read(request, queries.ratings, game, cursor, limit))


async def game_leaderboard(request: web.Request) -> web.Response:
    """GET /api/games/{game}/leaderboard: Plackett-Luce skills, best conservative estimate
    (mu - 3 sigma) first."""
    cursor, limit = _paging(request)
    game = request.match_info["game"]
    _known_game(game, path=True)
    return json_response(await _read(request, queries.skills, game, cursor, limit))


async def flagged_tables(request: web.Request) -> web.Response:
    """GET /api/admin/flagged: finished tables whose record does not verify (admins only:
    the route table checks the token); paged, oldest first."""
    cursor, limit = _paging(request)
    return json_response(await _read(request, queries.flagged, cursor, limit))


def _known_game(name: str, *, path: bool = False) -> None:
    if path:
        get_game(name)  # 404 unknown_game
    elif name not in GAME_PACKAGES:
        raise queries.bad("game", f"unknown game {name!r}")
