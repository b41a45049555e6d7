"""Hearing of commits from the store itself: PostgreSQL's LISTEN/NOTIFY.

eventsourcing's PostgreSQL recorder sends `NOTIFY <events table>` in every transaction that
inserts events, and PostgreSQL delivers it at commit to every connection listening on that
channel. So a relay in any process learns of a commit from the database that holds it,
with no message of ours on the broker. A notification says only "look now": the relay reads
the store from its position, so a lost or repeated one changes nothing but the delay (the
relay still polls). Other stores have no such channel (`listens` is False); there the
table worker wakes a relay in its own process directly and, on a real broker, publishes a
commit signal (`shared.messaging.wake`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import psycopg
import structlog
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import sql

from shared.store.store import EventStore

log = structlog.get_logger("senet.store")
RETRY_SECONDS = 1.0


def listens(store: EventStore) -> bool:
    """True if the store announces its commits (PostgreSQL)."""
    return isinstance(store.recorder, PostgresApplicationRecorder)


def _connection_kwargs(recorder: PostgresApplicationRecorder) -> dict[str, Any]:
    """How eventsourcing's pool connects (host, port, database, user, password)."""
    given = recorder.datastore.pool.kwargs
    kwargs = dict((given() if callable(given) else given) or {})
    kwargs.pop("row_factory", None)
    return kwargs


async def listen_for_commits(store: EventStore, wake: Callable[[], None]) -> None:
    """Call `wake()` after every commit of events to the store, until cancelled; also once
    each time listening (re)starts, for commits made while no one listened. Reconnects
    after a lost connection."""
    recorder = store.recorder
    assert isinstance(recorder, PostgresApplicationRecorder)
    channel = recorder.channel_name
    while True:
        try:
            connection = await psycopg.AsyncConnection.connect(
                autocommit=True, **_connection_kwargs(recorder)
            )
            async with connection:
                await connection.execute(sql.SQL("LISTEN {0}").format(sql.Identifier(channel)))
                wake()
                async for _ in connection.notifies():
                    wake()
        except (psycopg.OperationalError, psycopg.InterfaceError, OSError) as exc:
            log.warning("commit_listen_interrupted", error=repr(exc))
        await asyncio.sleep(RETRY_SECONDS)
