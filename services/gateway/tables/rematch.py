"""Rematch over HTTP: offer, accept or decline after the game; when everyone accepted, the
new table is opened with everyone seated and the game started.

The finished table decides the agreement (`shared.tables.decide._rematch`); the table
worker that stores it opens the new table with a second command to its own shard
(`OpenRematch`, `services.table.rematch`), checked there against the finished table's
`RematchAgreed`. This module only translates HTTP: it forwards the answers, and waits a
moment for the new table so the answer can send the players there. Should the opening be
lost (a crash in between), `POST /api/tables/{id}/rematch/open` forwards the same command
again for a player; the table worker decides whether it may.
"""

from __future__ import annotations

import asyncio

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import caller
from services.gateway.http.request import decode_body, json_response, table_model, viewer_seat
from services.gateway.keys import SETTINGS, TABLE_CACHE
from services.gateway.tables.commands import CommandId, submit
from shared.contracts.envelopes import OpenRematch, Rematch
from shared.contracts.errors import Conflict, SenetError
from shared.tables.state import TableState


class RematchRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/rematch: offer or accept (`accept`, the default) or decline."""

    accept: bool = True
    command_id: CommandId | None = None


class RematchState(msgspec.Struct, frozen=True, kw_only=True):
    """A finished table's rematch: who accepted the open offer, and the new table once all
    did (then everyone is seated there and its game has started)."""

    table_id: str
    version: int
    accepted: list[int]  # seats; empty: no offer open
    rematch_table: str | None


async def answer(request: web.Request) -> web.Response:
    """Offer, accept or decline a rematch of my finished game."""
    who = caller(request)
    body = await decode_body(request, RematchRequest)
    model = await table_model(request)
    viewer_seat(request, model, who)  # who may not see the table learns nothing of it
    if model.state.tournament:
        # the tournament pairs the next round; refused here, not by the table's decider, so
        # that older records with such an offer still re-decide as they were stored
        raise Conflict(
            "a tournament's match has no rematch: the tournament pairs the next round",
            code="tournament_match",
        )
    try:
        await submit(request, Rematch(accept=body.accept), who=who, command_id=body.command_id)
    except SenetError as exc:
        if exc.code != "rematch_agreed":
            raise
    return await _answer(request)


async def open_agreed(request: web.Request) -> web.Response:
    """Send the agreed rematch's OpenRematch again (after a lost one); the table worker
    checks the agreement and the caller, and a table already open is fine."""
    who = caller(request)
    table_id = request.match_info["table_id"]
    await table_model(request)  # 404 for an unknown table
    await request.app[TABLE_CACHE].refresh(table_id)  # the agreement may be newer than the cache
    model = await table_model(request)
    viewer_seat(request, model, who)  # a private table's rematch is its players' business
    state = model.state
    if state.rematch_table:
        try:
            action = OpenRematch(from_table=table_id)
            await submit(request, action, table_id=state.rematch_table, who=who, settle=False)
        except SenetError as exc:
            if exc.code != "table_exists":
                raise
    return await _answer(request)


async def _answer(request: web.Request) -> web.Response:
    """The finished table's rematch state; once agreed, after the new table is open here
    (or the view wait ran out)."""
    cache = request.app[TABLE_CACHE]
    await cache.refresh(request.match_info["table_id"])
    state = (await table_model(request)).state
    if state.rematch_table:
        await _opened(request, state.rematch_table)
    return json_response(rematch_state(state))


def rematch_state(state: TableState) -> RematchState:
    """What a finished table says of its rematch."""
    return RematchState(
        table_id=state.table_id, version=state.version, accepted=list(state.rematch or ()),
        rematch_table=state.rematch_table or None,
    )  # fmt: skip


async def _opened(request: web.Request, table_id: str) -> None:
    """Wait (at most the view wait) until this gateway sees the table the worker opens."""
    cache = request.app[TABLE_CACHE]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + request.app[SETTINGS].view_wait
    while await cache.get(table_id) is None and loop.time() < deadline:
        await asyncio.sleep(0.02)
