"""HTTP handlers for leaving, cancelling and kicking at an open table (the lobby rules).

The rules are the table decider's (`shared.tables.decide`); these handlers only name the
caller and forward the command to the table's shard, like join and start.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import identify
from services.gateway.http.request import decode_body, json_response
from services.gateway.tables.commands import CommandId, submit
from shared.bots.seats import STAND_IN
from shared.contracts.envelopes import (
    Action,
    CancelTable,
    LeaveTable,
    RemovePlayer,
    Resign,
    SeatBot,
)

PlayerId = Annotated[str, msgspec.Meta(max_length=64)]


class LobbyRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/leave and /cancel."""

    command_id: CommandId | None = None


class KickRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/kick: the player to remove, by seat or by player id."""

    seat: Annotated[int, msgspec.Meta(ge=0, le=1000)] | None = None
    player_id: PlayerId | None = None
    command_id: CommandId | None = None


class BotSeatRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/bots: the bot to seat, by kind (random, greedy, strong) and
    level (1-3 for strong, 1 for the others; docs/bots.md)."""

    kind: Annotated[str, msgspec.Meta(min_length=1, max_length=16)]
    level: Annotated[int, msgspec.Meta(ge=1, le=9)] = 1
    command_id: CommandId | None = None


async def forward(request: web.Request, action: Action, command_id: str | None) -> web.Response:
    """Send the caller's command to the table and answer its outcome once this gateway's
    views show it."""
    who = await identify(request)
    # read your writes: the lobby and views show the change when this answers
    return json_response(await submit(request, action, who=who, command_id=command_id))


async def leave_table(request: web.Request) -> web.Response:
    """Give up my seat at a table that has not started (the creator cancels instead)."""
    body = await decode_body(request, LobbyRequest)
    return await forward(request, LeaveTable(), body.command_id)


async def resign(request: web.Request) -> web.Response:
    """Resign the game under way: ranked last; with one other player left the game ends."""
    body = await decode_body(request, LobbyRequest)
    return await forward(request, Resign(stand_in=STAND_IN), body.command_id)


async def cancel_table(request: web.Request) -> web.Response:
    """Cancel my open table: its seats are freed and it leaves the lobby."""
    body = await decode_body(request, LobbyRequest)
    return await forward(request, CancelTable(), body.command_id)


async def kick_player(request: web.Request) -> web.Response:
    """Remove a seated player from my open table (`{"seat": n}` or `{"player_id": ...}`)."""
    body = await decode_body(request, KickRequest)
    action = RemovePlayer(seat=body.seat, player_id=body.player_id)
    return await forward(request, action, body.command_id)


async def seat_bot(request: web.Request) -> web.Response:
    """Seat a bot in the next free seat of my open table (creator only); the bots role
    plays its turns once the game starts."""
    body = await decode_body(request, BotSeatRequest)
    return await forward(request, SeatBot(kind=body.kind, level=body.level), body.command_id)
