"""Invitations: the creator's link to a private table and invitations by player name.

A private table is not listed in the lobby. Its creator renews the invitation (`POST
/api/tables/{id}/invitation`): the gateway draws a new random code, the table records only
its SHA-256 (`InvitationChanged`), and the creator alone is shown the code and the link
`/tables/{id}?invite=CODE` to hand on. Renewing makes the old link useless; `DELETE` revokes
the link. Joining a private table names the code (`POST /api/tables/{id}/join` with
`{"invitation": CODE}`); the gateway forwards the code's hash with the join, and the table
decider checks it against the table's state (403 `bad_invitation` otherwise), so a revoke
and a join are ordered by the table and the audit re-checks every join.

The creator may also invite a registered player by name (`POST /api/tables/{id}/invitations`,
`PlayerInvited`): the invitee is notified, finds the table among their tables, and joins
it (a private one without the link) or declines; the creator may withdraw it.
"""

from __future__ import annotations

import secrets
from typing import Annotated

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import caller
from services.gateway.http.request import decode_body, json_response
from services.gateway.http.storecall import in_store
from services.gateway.keys import READMODELS, STORE, TABLE_CACHE
from services.gateway.tables.commands import CommandId, submit
from services.gateway.tables.lists import FRESH_WAIT
from shared.accounts import ledger
from shared.contracts.envelopes import (
    Action,
    DeclineInvitation,
    InvitePlayer,
    Outcome,
    SetInvitation,
    WithdrawInvitation,
)
from shared.contracts.errors import Conflict, NotFound, Unavailable
from shared.readmodels import queries
from shared.readmodels.db import DB_OUTAGES
from shared.tables.access import invitation_hash

CODE_BYTES = 18  # 144 random bits, 24 URL-safe characters
MAX_OPEN_BY_HOST = 60  # open invitations by name at all the open tables one player hosts


class InvitationRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST or DELETE /api/tables/{id}/invitation."""

    command_id: CommandId | None = None


class InviteByName(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/invitations: the registered player to invite."""

    name: Annotated[str, msgspec.Meta(max_length=200)]
    command_id: CommandId | None = None


class Invitation(msgspec.Struct, frozen=True, kw_only=True):
    """A new invitation: its code and the table page's link carrying it (shown once)."""

    table_id: str
    code: str
    link: str
    version: int


def code_hash(code: str) -> str:
    """What the table records of a code."""
    return invitation_hash(code)


async def renew(request: web.Request) -> web.Response:
    """A new invitation link for my private (or public) open table; the old one stops."""
    code = secrets.token_urlsafe(CODE_BYTES)
    outcome = await _set(request, code_hash(code))
    link = f"/tables/{outcome.table_id}?invite={code}"
    answer = Invitation(table_id=outcome.table_id, code=code, link=link, version=outcome.version)
    return json_response(answer, 201)


async def revoke(request: web.Request) -> web.Response:
    """Stop my table's invitation link (nobody can join a private table until renewed)."""
    return json_response(await _set(request, ""))


async def _set(request: web.Request, hashed: str) -> Outcome:
    body = await decode_body(request, InvitationRequest) if request.can_read_body else None
    command_id = body.command_id if body is not None else None
    return await submit(request, SetInvitation(code_hash=hashed), command_id=command_id)


async def invite_by_name(request: web.Request) -> web.Response:
    """Invite a registered player by name to my open table (404 `unknown_player`; 409
    `too_many_open_invitations` past MAX_OPEN_BY_HOST open invitations at all my tables)."""
    body = await decode_body(request, InviteByName)
    await _check_host_quota(request, caller(request).player_id)
    found = await in_store(request, ledger.find_by_name, request.app[STORE], body.name)
    if found is None:
        raise NotFound(f"no player is called {body.name.strip()!r}", code="unknown_player")
    action = InvitePlayer(player_id=found[0], player_name=found[1])
    return json_response(await _command(request, action, body.command_id))


async def _check_host_quota(request: web.Request, host: str) -> None:
    """An abuse limit across tables, not a table rule (each table caps its own at 20): read
    from the read models, so a burst may overshoot it by the read models' lag."""
    models = request.app[READMODELS]
    await models.runner.wait(request.app[TABLE_CACHE].newest_heard, FRESH_WAIT)
    try:
        count = await in_store(request, queries.open_invitations_by, models.db, host)
    except DB_OUTAGES as exc:
        raise Unavailable("the read models are unreachable", code="store_unavailable") from exc
    if count >= MAX_OPEN_BY_HOST:
        raise Conflict(
            f"at most {MAX_OPEN_BY_HOST} open invitations at all your tables",
            code="too_many_open_invitations",
        )


async def withdraw(request: web.Request) -> web.Response:
    """Withdraw my invitation of a player (by player id)."""
    action = WithdrawInvitation(player_id=request.match_info["player_id"][:64])
    return json_response(await _command(request, action, None))


async def decline(request: web.Request) -> web.Response:
    """Decline my invitation to a table."""
    body = await decode_body(request, InvitationRequest) if request.can_read_body else None
    command_id = body.command_id if body is not None else None
    return json_response(await _command(request, DeclineInvitation(), command_id))


async def _command(request: web.Request, action: Action, command_id: str | None) -> Outcome:
    return await submit(request, action, command_id=command_id)
