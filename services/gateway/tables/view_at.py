"""A seat's view of a table as it was after earlier events: the replay of the web client.

`GET /api/tables/{id}/view?at=<version>` shows the caller exactly what their seat saw then:
nothing hidden from it at that time. `GET /api/tables/{id}/views?from=A&to=B` answers the
views after each version from A to B (at most `MAX_VIEWS`) in one go: the replay slider
asks for a range, not one request per step.

Both read the table with `shared.tables.reader`: the nearest snapshot at or below the first
version plus the events after it (turn times included), or a past state this gateway
folded already. They run on the gateway's history threads, bounded per caller and per
gateway (`Limiter.folding`), so replays never hold the threads other requests need.
"""

from __future__ import annotations

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import Identity, token_hash, viewer
from services.gateway.http.limits import address_key, hashed_token_key
from services.gateway.http.request import json_response, table_model, viewer_seat
from services.gateway.http.storecall import in_history
from services.gateway.keys import HISTORY, LIMITER, STORE
from services.gateway.tables import play
from services.gateway.views import player as views
from services.gateway.views.table_cache import TableModel
from shared.contracts.errors import BadRequest, NotFound
from shared.store import EventStore
from shared.tables.reader import LoadedTable, PastStates, events, fold_states, load_state

MAX_VIEWS = 50  # views one `/views` request answers


class PastViews(msgspec.Struct, frozen=True, kw_only=True):
    """The caller's views after each version from `from` to `to`, oldest first."""

    first: int = msgspec.field(name="from")
    last: int = msgspec.field(name="to")
    version: int  # the table's version now
    items: list[views.PlayerView]


async def view_at(request: web.Request) -> web.Response:
    """The caller's view after event `?at=` (1 to the table's version); 400 `bad_version` else."""
    async with request.app[LIMITER].folding(_caller(request)):
        model, who = await _watched(request)
        at = _version(request, "at", model.state.version)
        table_id = model.state.table_id
        history = request.app[HISTORY]
        then = history.kept(table_id, at)
        if then is None:
            kept = history.past.get(table_id, at)
            if kept is not None and kept.state.version == at:  # folded already: no store read
                then = _model(kept)
            else:
                reading = _reading(request, table_id, at, at)
                then = (await in_history(request, _models, *reading, who))[0]
            history.keep(then)
        body = views.player_frame(then, _seat(then, who))  # encoded once per seat
    return web.Response(body=body, content_type="application/json")


async def views_between(request: web.Request) -> web.Response:
    """GET /api/tables/{id}/views?from=A&to=B: the caller's views after versions A to B
    (1 <= A <= B <= the table's version, at most MAX_VIEWS); 400 `bad_version` else."""
    async with request.app[LIMITER].folding(_caller(request)):
        model, who = await _watched(request)
        last = model.state.version
        first = _version(request, "from", last)
        upto = _version(request, "to", last)
        if upto < first or upto - first >= MAX_VIEWS:
            message = f"to must be from {first} to {min(last, first + MAX_VIEWS - 1)}"
            raise BadRequest(message, code="bad_version", details={"parameter": "to"})
        reading = _reading(request, model.state.table_id, first, upto)
        steps = await in_history(request, _models, *reading, who)  # views computed there
        history = request.app[HISTORY]
        for step in steps:
            history.keep(step)
        shown = [views.player_view(step, _seat(step, who)) for step in steps]
    return json_response(PastViews(first=first, last=upto, version=last, items=shown))


async def _watched(request: web.Request) -> tuple[TableModel, Identity | None]:
    """The table and the caller, if the caller may watch it at all (401/403/404 else)."""
    model = await table_model(request)
    who = viewer(request)
    viewer_seat(request, model, who)
    return model, who


def _version(request: web.Request, name: str, last: int) -> int:
    raw = request.query.get(name, "")
    try:
        value = int(raw)
    except ValueError as exc:
        message = f"{name} must be a whole number"
        raise BadRequest(message, code="bad_version", details={"parameter": name}) from exc
    if not 1 <= value <= last:
        message = f"{name} must be between 1 and {last}"
        raise BadRequest(message, code="bad_version", details={"parameter": name})
    return value


def _caller(request: web.Request) -> str:
    """The bound's key of the caller: its token's, else its address's."""
    digest = token_hash(request)
    return hashed_token_key(digest) if digest else address_key(request.remote)


def _reading(
    request: web.Request, table_id: str, first: int, upto: int
) -> tuple[EventStore, PastStates, str, int, int]:
    return request.app[STORE], request.app[HISTORY].past, table_id, first, upto


def _models(
    store: EventStore,
    past: PastStates,
    table_id: str,
    first: int,
    upto: int,
    who: Identity | None,
) -> list[TableModel]:
    """The table after versions `first` to `upto`, the caller's views computed and cached
    in them; blocking: one snapshot, the events after it."""
    start = load_state(store, table_id, first, past=past)
    if start is None:
        raise NotFound("no such table", code="unknown_table")
    steps = [start]
    if upto > first:
        newer = events(store, table_id, after=first, upto=upto, decode=False)
        steps.extend(fold_states(start, newer))
        past.put(table_id, steps[-1])  # a replay's next block starts here
    models = [_model(step) for step in steps]
    for model in models:  # the game's views off the event loop (cached per seat)
        views.player_view(model, _seat(model, who))
    return models


def _model(loaded: LoadedTable) -> TableModel:
    """A past state as a cached table (its views are computed and encoded once per seat)."""
    return TableModel(
        loaded.state, created_at=loaded.created_at, updated_at=loaded.updated_at,
        turn_times=dict(loaded.turn_times),
    )  # fmt: skip


def _seat(then: TableModel, who: Identity | None) -> int | None:
    """The seat the caller held then (None: no seat yet, or a spectator)."""
    return then.state.seat_of(who.player_id) if who is not None else None


async def my_view(request: web.Request) -> web.Response:
    """GET /api/tables/{id}/view: with `?at=` the past view, else today's (`play.my_view`)."""
    if "at" in request.query:
        return await view_at(request)
    return await play.my_view(request)
