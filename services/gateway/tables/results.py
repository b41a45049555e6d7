"""Game records of finished tables (results, standings and ratings: `list_routes`)."""

from __future__ import annotations

from aiohttp import web

from services.gateway.accounts.auth import caller
from services.gateway.http.request import json_response, table_model
from services.gateway.http.storecall import in_store
from services.gateway.keys import STORE
from shared.audit.export import record_of, stored_events
from shared.audit.record import GameRecord
from shared.contracts.errors import Conflict, Forbidden
from shared.tables.state import OVER

__all__ = ["GameRecord", "table_record"]


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
