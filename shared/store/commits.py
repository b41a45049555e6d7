"""Hearing of commits from the store itself: PostgreSQL's LISTEN/NOTIFY.

eventsourcing's PostgreSQL recorder sends `NOTIFY <events table>` in every transaction that
inserts events, and PostgreSQL delivers it at commit to every connection listening on that
channel. So a relay in any process learns of a commit from the database that holds it,
with no message of ours on the broker. A notification says only "look now": the relay reads
the store from its position, so a lost or repeated one changes nothing but the delay (the
relay still polls). Other stores have no such channel (`listens` is False); there the
table worker wakes a relay in its own process directly and, on a real broker, publishes a
commit signal (`shared.messaging.wake`).

Every log consumer of a process hears through one `CommitListener` per store (and event
loop): one LISTEN connection, whatever the number of runners (five in `senet serve`).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import Any

import psycopg
import structlog
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import sql

from shared.store.store import EventStore
from shared.tasks import stop_tasks

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


class CommitListener:
    """One LISTEN connection of a store in an event loop, waking every subscriber after
    each commit (`of` gives the shared one; the connection lasts while one subscribes)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.wakes: list[Callable[[], None]] = []
        self.task: asyncio.Task[None] | None = None

    @classmethod
    def of(cls, store: EventStore) -> CommitListener:
        """The listener of this store in the running event loop."""
        loop = asyncio.get_running_loop()
        by_loop = _OF.setdefault(store, {})
        listener = by_loop.get(loop)
        if listener is None:
            listener = by_loop[loop] = cls(store)
        return listener

    def add(self, wake: Callable[[], None]) -> None:
        """Call `wake()` after every commit from now on (and once now: commits made before
        it subscribed; listening starts with a call to every subscriber)."""
        self.wakes.append(wake)
        if self.task is None:
            self.task = asyncio.create_task(
                listen_for_commits(self.store, self._wake_all), name="commit-listener"
            )
        else:
            wake()

    async def remove(self, wake: Callable[[], None]) -> None:
        """Stop waking `wake`; the last one to go closes the connection."""
        self.wakes.remove(wake)
        if self.wakes:
            return
        task, self.task = self.task, None
        by_loop = _OF.get(self.store, {})
        if by_loop.get(asyncio.get_running_loop()) is self:
            del by_loop[asyncio.get_running_loop()]
        if task is not None:
            await stop_tasks([task])

    def _wake_all(self) -> None:
        for wake in list(self.wakes):
            wake()


_OF: weakref.WeakKeyDictionary[EventStore, dict[asyncio.AbstractEventLoop, CommitListener]] = (
    weakref.WeakKeyDictionary()
)
