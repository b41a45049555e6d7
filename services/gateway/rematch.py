"""Rematch over HTTP: offer, accept or decline after the game; when everyone accepted, the
new table is opened with everyone seated and the game started.

The finished table decides the agreement (`shared.tables.decide._rematch`); the new table is
opened by a second command to its own shard (`OpenRematch`), which the table worker checks
against the finished table's `RematchAgreed`. The gateway sends it right after the last
acceptance; should it be lost (a crash in between), any later call of this route or of
`POST /api/tables/{id}/rematch/open` sends it again, and a table already opened is fine.
"""

from __future__ import annotations

import msgspec
from aiohttp import web

from services.gateway.auth import caller
from services.gateway.commands import send
from services.gateway.http import decode_body, json_response, table_model
from services.gateway.keys import BROKER, PROJECTOR, SETTINGS
from services.gateway.routes import CommandId
from shared.contracts.envelopes import OpenRematch, Rematch
from shared.contracts.errors import SenetError
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
    table_id = request.match_info["table_id"]
    settings = request.app[SETTINGS]
    try:
        outcome = await send(
            request.app[BROKER], views=request.app[PROJECTOR], table_id=table_id,
            player_id=who.player_id,
            action=Rematch(accept=body.accept), timeout=settings.command_timeout,
            command_id=body.command_id,
        )  # fmt: skip
    except SenetError as exc:
        if exc.code != "rematch_agreed":
            raise
    else:
        await request.app[PROJECTOR].wait_for(table_id, outcome.version, settings.view_wait)
    return await _answer(request, who.player_id)


async def open_agreed(request: web.Request) -> web.Response:
    """Open the agreed rematch if it is not open yet (after a lost `OpenRematch`)."""
    who = caller(request)
    return await _answer(request, who.player_id)


async def _answer(request: web.Request, player_id: str) -> web.Response:
    projector = request.app[PROJECTOR]
    await projector.refresh(request.match_info["table_id"])
    state = (await table_model(request)).state
    if state.rematch_table and player_id in state.rematch_players:
        await _open(request, state, player_id)
    return json_response(rematch_state(state))


def rematch_state(state: TableState) -> RematchState:
    """What a finished table says of its rematch."""
    return RematchState(
        table_id=state.table_id, version=state.version, accepted=list(state.rematch or ()),
        rematch_table=state.rematch_table or None,
    )  # fmt: skip


async def _open(request: web.Request, state: TableState, player_id: str) -> None:
    """Send OpenRematch (harmless again: the new table's id is fixed, and one already open
    answers `table_exists`), then wait until this gateway sees the new table."""
    settings = request.app[SETTINGS]
    new = state.rematch_table
    try:
        outcome = await send(
            request.app[BROKER], views=request.app[PROJECTOR], table_id=new,
            player_id=player_id,
            action=OpenRematch(from_table=state.table_id), timeout=settings.command_timeout,
        )  # fmt: skip
    except SenetError as exc:
        if exc.code != "table_exists":
            raise
        return
    await request.app[PROJECTOR].wait_for(new, outcome.version, settings.view_wait)
