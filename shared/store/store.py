"""The event store: one eventsourcing application holding every aggregate of the platform."""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ParamSpec, TypeVar
from uuid import UUID

from eventsourcing.application import Application, ProcessingEvent
from eventsourcing.domain import BaseAggregate, DomainEvent
from eventsourcing.persistence import (
    IntegrityError,
    InterfaceError,
    InternalError,
    JSONTranscoder,
    Mapper,
    Notification,
    OperationalError,
    ProcessRecorder,
    ProgrammingError,
    Tracking,
)
from eventsourcing.popo import POPOApplicationRecorder

from shared.contracts.errors import NotFound
from shared.observability.metrics import STORE_SECONDS
from shared.store.mapper import TableMapper
from shared.store.schema import ensure_schema
from shared.store.urls import store_env
from shared.tables.codec import TRANSCODINGS

P = ParamSpec("P")
R = TypeVar("R")

# What eventsourcing raises once its own retries (10 over about 2 s) could not reach the
# database: it is down, restarting, or dropped our connections. Callers may retry later.
STORE_OUTAGES: tuple[type[Exception], ...] = (OperationalError, InterfaceError)


class Turns:
    """Process-local locks by aggregate id, each dropped once nobody holds or awaits it."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[UUID, tuple[threading.Lock, list[int]]] = {}  # lock, [users]

    @contextlib.contextmanager
    def of(self, aggregate_id: UUID) -> Iterator[None]:
        """Hold the aggregate's lock while inside (a thread waits for its turn)."""
        with self._guard:
            lock, users = self._locks.setdefault(aggregate_id, (threading.Lock(), [0]))
            users[0] += 1
        try:
            with lock:
                yield
        finally:
            with self._guard:
                users[0] -= 1
                if not users[0]:
                    del self._locks[aggregate_id]


class EventStore(Application[UUID]):
    """Aggregates (tables, players), the notification log and consumers' positions.

    Its recorder is a process recorder, so the positions of the relay and the projectors
    ("tracking") live in the same database as the events they refer to. Snapshots of tables
    (`shared.tables.reader`) are kept in its snapshot store, in the same database too.
    """

    name = "senet"
    is_snapshotting_enabled = True

    def __init__(self, env: Any = None) -> None:
        super().__init__(env=env)
        # Writers of one aggregate in this process take turns (`turns.of(id)`) rather than
        # race and lose on its version; other processes still race, and retry.
        self.turns = Turns()
        self._closers: list[Callable[[], None]] = []

    def on_close(self, closer: Callable[[], None]) -> None:
        """Call `closer` when the store closes (what is opened once per store, like its
        read-model connections)."""
        self._closers.append(closer)

    def close(self) -> None:
        """Close what was opened for this store, then its recorder's connections."""
        while self._closers:
            self._closers.pop()()
        super().close()

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        """eventsourcing's transcodings, and those of a table's snapshot."""
        super().register_transcodings(transcoder)
        for transcoding in TRANSCODINGS:
            transcoder.register(transcoding)

    def construct_mapper(self) -> Mapper[UUID]:
        """eventsourcing's mapper, table events encoded once (`shared.store.mapper`)."""
        plain = super().construct_mapper()
        return TableMapper(plain.transcoder, plain.compressor, plain.cipher)

    def construct_recorder(self) -> ProcessRecorder:
        """A recorder that also keeps tracking records."""
        return self.factory.process_recorder()

    @property
    def tracking(self) -> ProcessRecorder:
        """The recorder, typed for its tracking methods."""
        recorder = self.recorder
        assert isinstance(recorder, ProcessRecorder)
        return recorder

    @property
    def in_memory(self) -> bool:
        """The store keeps its events in this process's memory (no I/O, microseconds a
        call)."""
        return isinstance(self.recorder, POPOApplicationRecorder)

    async def call(self, fn: Callable[P, R], /, *args: P.args, **kwargs: P.kwargs) -> R:
        """Run a blocking call that uses this store (and no other database): at once for the
        in-memory store, where handing it to a thread would cost more than the call, in a
        thread otherwise."""
        if self.in_memory:
            return fn(*args, **kwargs)
        return await asyncio.to_thread(fn, *args, **kwargs)

    def notifications(
        self, after: int, limit: int, upto: int | None = None, topics: Sequence[str] = ()
    ) -> Sequence[Notification]:
        """Stored events with position > after (and <= upto, of `topics`), oldest first."""
        return self.recorder.select_notifications(
            start=after, limit=limit, stop=upto, topics=topics, inclusive_of_start=False
        )

    def last_position(self) -> int:
        """The position of the newest stored event (0 when empty)."""
        return self.recorder.max_notification_id() or 0

    def position_of(self, consumer: str) -> int:
        """The last position a consumer recorded (0 if none)."""
        return self.tracking.max_tracking_id(consumer) or 0

    def record_position(self, consumer: str, position: int) -> None:
        """Record that a consumer has handled everything up to position (idempotent)."""
        # Already recorded means a restarted consumer handled it again: nothing to do.
        with contextlib.suppress(IntegrityError):
            self.tracking.insert_tracking(Tracking(consumer, position))

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """Save the pending events of aggregates in one transaction (timed for /metrics).

        `Application.save`, with the objects sorted by their classes: its own sorting asks
        each object against two runtime-checked protocols, which costs more than the rest
        of an in-memory save of a move."""
        with STORE_SECONDS.time():
            processing: ProcessingEvent[UUID] = ProcessingEvent()
            for obj in objs:
                if isinstance(obj, DomainEvent):
                    processing.events.append(obj)
                elif isinstance(obj, BaseAggregate):
                    processing.events.extend(obj.collect_events())
                    processing.aggregates[obj.id] = obj
                else:
                    processing.collect_events(obj)
            processing.saved_kwargs.update(kwargs)
            recordings = self._record(processing)
            self._take_snapshots(processing)
            self._notify(recordings)
            self.notify(processing.events)  # eventsourcing's deprecated hook, as it calls it
            return recordings

    def decode(self, notification: Notification) -> Any:
        """The domain event a notification holds."""
        return self.mapper.to_domain_event(notification)


CREATE_ATTEMPTS = 5


def open_store(url: str, *, create: bool = True, **extra_env: str) -> EventStore:
    """An event store for a URL (see `shared.store.urls`); creates its tables if missing.

    With `create=False` (commands that only read a store) nothing is created: an absent
    SQLite file or PostgreSQL schema is `NotFound` (`no_store`), never a new empty store.
    """
    env = store_env(url)
    env.update(extra_env)
    sqlite = env.get("SQLITE_DBNAME", ":memory:")
    if not create:
        if sqlite != ":memory:" and not os.path.exists(sqlite):
            raise NotFound(f"no event store at {os.path.abspath(sqlite)}", code="no_store")
        env["CREATE_TABLE"] = "no"
    elif sqlite != ":memory:":
        os.makedirs(os.path.dirname(os.path.abspath(sqlite)), exist_ok=True)
    if create:
        ensure_schema(env)
    for attempt in range(1, CREATE_ATTEMPTS + 1):
        try:
            return EventStore(env=env)
        except (IntegrityError, InternalError, ProgrammingError) as exc:
            # Services starting together on a fresh database race to create the tables
            # (PostgreSQL's CREATE TABLE/INDEX IF NOT EXISTS is not atomic: "duplicate key",
            # "tuple concurrently updated" or "relation ... already exists"); the loser
            # finds them on the next attempt.
            racing = not isinstance(exc, ProgrammingError) or "already exists" in str(exc)
            if attempt == CREATE_ATTEMPTS or not racing:
                raise
            time.sleep(0.1 * attempt)
    raise AssertionError("unreachable")
