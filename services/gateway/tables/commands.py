"""Sending commands to the table service and turning outcomes into answers or errors.

`submit` is what a route calls: the caller's command to a table, answered once this
gateway's table cache shows its outcome (read your writes). `send` builds the command and sends
it through the one `TableClient` (shard, timeout, error codes: `shared.tables.client`).

The table worker's reply carries the events the command stored (`Reply.committed`); given
the gateway's table cache, `send` folds them into its cached table at once, so the
answer and the other seats' WebSocket pushes need not wait for the relay. The events never
leave this module: callers get the plain Outcome.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
import structlog
from aiohttp import web

from services.gateway.accounts.auth import Identity, caller
from services.gateway.keys import SETTINGS, TABLE_CACHE, TABLES
from services.gateway.views.table_cache import TableCache
from shared.contracts.envelopes import Action, Command, Outcome
from shared.ids import fresh_id
from shared.observability import correlation
from shared.tables.client import TableClient, accepted

_PUBLIC = Outcome.__struct_fields__
# A client's command id is remembered by its table for good: keep it short.
CommandId = Annotated[str, msgspec.Meta(max_length=128)]


async def send(
    tables: TableClient,
    *,
    table_id: str,
    player_id: str,
    action: Action,
    command_id: str | None = None,
    expected_version: int | None = None,
    cache: TableCache | None = None,
) -> Outcome:
    """Send a command to its table and return the accepted outcome; raise if refused."""
    command = Command(
        command_id=command_id or fresh_id(),
        table_id=table_id,
        player_id=player_id,
        action=action,
        expected_version=expected_version,
        correlation_id=correlation.current() or fresh_id(),
    )
    structlog.contextvars.bind_contextvars(table_id=table_id, command_id=command.command_id)
    outcome = accepted(await tables.send(command))
    structlog.contextvars.bind_contextvars(seat=outcome.seat)
    if cache is not None:
        cache.heard(outcome.position)  # a list read after this waits for it
        if outcome.committed:
            await cache.apply_committed(outcome.table_id, outcome.committed, outcome.command_id)
    return Outcome(**{name: getattr(outcome, name) for name in _PUBLIC})


async def submit(
    request: web.Request,
    action: Action,
    *,
    command_id: str | None = None,
    expected_version: int | None = None,
    table_id: str | None = None,
    who: Identity | None = None,
    settle: bool = True,
) -> Outcome:
    """The caller's command to the table in the path (or `table_id`), by the caller (or
    `who`); its accepted outcome once this gateway's views show it (`settle`, bounded by
    `view_wait`), so the caller's next read sees its write. A rejection raises its error."""
    app = request.app
    outcome = await send(
        app[TABLES],
        cache=app[TABLE_CACHE],
        table_id=table_id or request.match_info["table_id"],
        player_id=(who or caller(request)).player_id,
        action=action,
        command_id=command_id,
        expected_version=expected_version,
    )
    if settle:
        await app[TABLE_CACHE].wait_for(outcome.table_id, outcome.version, app[SETTINGS].view_wait)
    return outcome
