"""A seat's view of a table as it was after an earlier event: the replay of the web client.

`GET /api/tables/{id}/view?at=<version>` folds the stored events up to that version (the audit
fold) and shows the caller exactly what their seat saw then: nothing hidden from it at that time.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from aiohttp import web

from services.gateway.accounts.auth import viewer
from services.gateway.http.request import json_response, table_model, viewer_seat
from services.gateway.http.storecall import in_store
from services.gateway.keys import STORE
from services.gateway.tables import play
from services.gateway.views import player as views
from services.gateway.views.projector import TableModel
from shared.audit.export import fold, stored_events
from shared.contracts.errors import BadRequest
from shared.store import EventStore


async def view_at(request: web.Request) -> web.Response:
    """The caller's view after event `?at=` (1 to the table's version); 400 `bad_version` else."""
    model = await table_model(request)
    who = viewer(request)
    viewer_seat(request, model, who)  # may this caller watch this table at all
    raw = request.query.get("at", "")
    last = model.state.version
    try:
        at = int(raw)
    except ValueError as exc:
        raise BadRequest("at must be a whole number", code="bad_version") from exc
    if not 1 <= at <= last:
        raise BadRequest(f"at must be between 1 and {last}", code="bad_version")
    store = request.app[STORE]
    events = await in_store(request, stored_events, store, model.state.table_id)
    state = fold(model.state.table_id, events, at)
    # The seat the caller had then (None: not yet seated, or a spectator).
    seat = state.seat_of(who.player_id) if who is not None else None
    then = await in_store(request, _time_of, store, model.state.table_id, at)
    past = TableModel(state, created_at=model.created_at, updated_at=then)
    for began in {v for v in state.turn_began if v}:  # when the turns then began
        past.turn_times[began] = await in_store(request, _time_of, store, state.table_id, began)
    return json_response(views.player_view(past, seat))


def _time_of(store: EventStore, table_id: str, version: int) -> str:
    """When the table's event `version` was stored (ISO 8601, as the live views say it)."""
    stored = store.repository.event_store.get(UUID(table_id), gt=version - 1, lte=version)
    event: Any = next(iter(stored))
    return str(event.timestamp.isoformat())


async def my_view(request: web.Request) -> web.Response:
    """GET /api/tables/{id}/view: with `?at=` the past view, else today's (`play.my_view`)."""
    if "at" in request.query:
        return await view_at(request)
    return await play.my_view(request)
