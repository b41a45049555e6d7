"""Results, standings, ratings and game records (from the view projector), and audit flags."""

from __future__ import annotations

import asyncio
import weakref

from aiohttp import web

from services.gateway.auth import caller
from services.gateway.http import json_response, table_model
from services.gateway.keys import PROJECTOR, STORE, VERDICTS
from services.gateway.projector import ViewProjector
from services.gateway.storecall import in_store
from shared.audit.export import record_of, stored_events
from shared.audit.record import GameRecord
from shared.audit.verdicts import Verdict
from shared.contracts.envelopes import EventEnvelope
from shared.contracts.errors import Conflict, Forbidden
from shared.standings.board import PlayerResult, Rating, Scoreboard, Standing
from shared.standings.fold import ResultFold
from shared.store import EventStore
from shared.tables.follower import LogFollower
from shared.tables.state import OVER

__all__ = [
    "GameRecord",
    "PlayerResult",
    "Rating",
    "Standing",
    "Verdict",
    "flagged_tables",
    "game_ratings",
    "game_standings",
    "player_results",
    "table_record",
]


class _Results(LogFollower):
    """Every finished game's result, folded from the store when a results route is asked
    (not at start-up: the first request reads the log, later ones only what is new).
    Persisted results will replace this."""

    consumer = "results"

    def __init__(self, store: EventStore) -> None:
        super().__init__(store)
        self.fold = ResultFold()

    async def apply(self, envelope: EventEnvelope) -> None:
        self.fold.apply(envelope)


_results: weakref.WeakKeyDictionary[ViewProjector, _Results] = weakref.WeakKeyDictionary()


async def scoreboard(projector: ViewProjector) -> Scoreboard:
    """The scoreboard of every finished table in the store (per view projector)."""
    results = _results.get(projector)
    if results is None:
        results = _results[projector] = _Results(projector.store)
    await results.catch_up()
    return results.fold.board


async def player_results(request: web.Request) -> web.Response:
    """GET /api/players/{player_id}/results."""
    board = await scoreboard(request.app[PROJECTOR])
    return json_response(board.player_results(request.match_info["player_id"]))


async def game_standings(request: web.Request) -> web.Response:
    """GET /api/games/{game}/standings."""
    board = await scoreboard(request.app[PROJECTOR])
    return json_response(board.standings(request.match_info["game"]))


async def game_ratings(request: web.Request) -> web.Response:
    """GET /api/games/{game}/ratings."""
    board = await scoreboard(request.app[PROJECTOR])
    return json_response(board.rating_table(request.match_info["game"]))


async def table_record(request: web.Request) -> web.Response:
    """GET /api/tables/{table_id}/record: the game record, for its players, once it is over."""
    who = caller(request)
    model = await table_model(request)
    state = model.state
    if state.seat_of(who.player_id) is None:
        raise Forbidden("only the table's players may fetch its record", code="not_a_player")
    if state.status != OVER or not state.revealed_seed:
        raise Conflict("the game is not over: its record is sealed", code="game_not_over")
    events = await in_store(request, stored_events, request.app[STORE], state.table_id)
    return json_response(record_of(state.table_id, events))


async def flagged_tables(request: web.Request) -> web.Response:
    """GET /api/admin/flagged: finished tables whose record does not verify (admins only:
    the route table checks the token).

    The scoring service verifies every finished game and saves a verdict in the store;
    this reads the verdicts saved since the last request.
    """
    book = request.app[VERDICTS]
    await asyncio.to_thread(book.load, request.app[STORE])
    return json_response(book.flagged())
