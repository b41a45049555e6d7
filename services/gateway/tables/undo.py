"""Take-backs over HTTP: ask to take back one's last move, and the others' answer.

The rules are the table decider's (`shared.tables.decide._request_undo`, `_answer_undo`):
only at a table created with `takebacks`, only the last move and only by its player, never a
move that drew at random, revealed something hidden or ended the game; every other playing
seat must accept, one refusal ends the request.
"""

from __future__ import annotations

import msgspec
from aiohttp import web

from services.gateway.http.request import decode_body
from services.gateway.tables.commands import CommandId
from services.gateway.tables.lobby import forward
from shared.contracts.envelopes import AnswerUndo, RequestUndo


class UndoRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/undo."""

    command_id: CommandId | None = None


class UndoAnswer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/undo/answer: accept (true) or decline (false)."""

    accept: bool
    command_id: CommandId | None = None


async def ask(request: web.Request) -> web.Response:
    """Ask the other players to take back my last move."""
    body = await decode_body(request, UndoRequest)
    return await forward(request, RequestUndo(), body.command_id)


async def answer(request: web.Request) -> web.Response:
    """Accept or decline the take-back another player asked for."""
    body = await decode_body(request, UndoAnswer)
    return await forward(request, AnswerUndo(accept=body.accept), body.command_id)
