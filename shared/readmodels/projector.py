"""The read-model projector: store events into SQL rows, exactly once, in any process.

Each step reads the models' positions, reads the next batch of the store's notification
log after the lowest of them, folds it (in memory: table states from `StateCache`) and
then, in **one transaction**, moves each model's position from the value it read to the
batch's end (`UPDATE ... WHERE position = <read>`) and writes that model's rows. A crash
before the commit leaves rows and positions as they were; after it, both have moved: no
event is applied twice or skipped. If the position was no longer the one read (another
process, or a rebuild, moved it), the transaction is rolled back and the step starts over
from the stored positions. So any number of processes may run a projector on one store
(gateways, scoring, `senet rebuild`): one of them applies each batch.

One projector per deployment does the work: a projector given a lease (any gateway or
scoring process on a broker; `<prefix>.readmodels.lease`, like the relay's) folds only while
it holds it; the others stand by, take over within `retry` seconds of the holder's death,
and meanwhile read the stored positions to answer `wait_for`. (Without a lease, several
projectors stay correct, as above; they only repeat each other's reads.)

The events exchange only wakes the projector (a private queue; each delivery is a wake-up),
and it polls the store every `poll` seconds anyway, so a lost message only delays. Two looks
are at least `linger` seconds apart: under load each transaction carries the events of many
moves instead of one (a quiet store is still read at the first wake-up, and a reader waiting
in `wait_for` cuts the pause short).

It is a `LogFollower` (`shared.tables.follower`): reading the positions is its `resume`,
the fold and the transaction its `handle`, the lease spell its `lead`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec
import structlog
from eventsourcing.persistence import Notification

from shared.audit.verdicts import VERDICT_TOPIC, Verdict, verdict_of
from shared.contracts.envelopes import EventEnvelope
from shared.messaging.lease import Lease
from shared.messaging.port import Broker
from shared.observability import metrics
from shared.observability.logs import log_fields
from shared.readmodels import results as results_model
from shared.readmodels import tables as tables_model
from shared.readmodels import verdicts as verdicts_model
from shared.readmodels.db import DB_OUTAGES, ReadModelDB
from shared.readmodels.schema import MODELS, create_schema, positions
from shared.readmodels.states import DEFAULT_SIZE, StateCache, advance
from shared.readmodels.tables import TableChange
from shared.standings.board import Result
from shared.standings.fold import result_of
from shared.store import STORE_OUTAGES, EventStore
from shared.tables import state as table_state
from shared.tables.envelopes import envelope_of, is_table_notification
from shared.tables.events import TableCreated
from shared.tables.follower import LogFollower
from shared.tasks import stop_tasks

log = structlog.get_logger("senet.readmodels")
BATCH = 500  # notifications per step (one transaction)
POLL = 1.0  # seconds between looks at the store without a wake-up
RETRY = 1.0  # seconds between a standby's attempts to take the lease
STANDBY_POLL = 0.02  # seconds between a standby's looks at the positions a reader waits for
LINGER = 0.2  # seconds at least between two looks while events keep coming: larger batches
PROGRESS_EVERY = 2.0  # seconds between progress lines while building
BUILDING = 5 * BATCH  # behind by more than this at a wake-up: log progress lines

Progress = Callable[[int, int], None]  # (position, last position)


class LostRace(Exception):
    """Another projector moved a position first: this batch is not ours to write."""


@dataclass
class Batch:
    """What one batch changes, per model."""

    tables: dict[str, TableChange] = field(default_factory=dict)
    results: list[Result] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)


def _move_positions(cur: Any, stored: dict[str, int], end: int) -> None:
    """Move every model behind `end` from its read position to `end`, in one statement per
    distinct read position (usually one); raises LostRace if another process moved one."""
    behind: dict[int, list[str]] = {}
    for model in MODELS:
        if stored[model] < end:
            behind.setdefault(stored[model], []).append(model)
    for position, models in behind.items():
        marks = ", ".join("?" * len(models))
        moved = cur.execute(
            f"UPDATE rm_positions SET position = ? WHERE position = ? AND model IN ({marks})",
            (end, position, *models),
        )
        if moved != len(models):
            raise LostRace(",".join(models))


class ReadModelProjector(LogFollower):
    """Keeps the read models of one store current; see the module docstring."""

    consumer = "readmodels"  # its name in logs and metrics
    live = False  # deliveries only wake it: the store is read

    def __init__(
        self,
        store: EventStore,
        db: ReadModelDB,
        broker: Broker | None = None,
        *,
        cache_size: int = DEFAULT_SIZE,
        batch: int = BATCH,
        poll: float = POLL,
        pause: float = 0.0,
        linger: float = LINGER,
        lease: Lease | None = None,
        retry: float = RETRY,
    ) -> None:
        super().__init__(store)
        self.lease = lease  # None: always active (one process, a rebuild, a test)
        self.retry = retry
        self.linger = linger
        self.db = db
        self.broker = broker
        self.batch = batch
        self.poll = poll
        self.delay = pause  # seconds after each committed batch (a test hook)
        self.following = False
        self.states = StateCache(store, cache_size)
        self.positions: dict[str, int] = {}
        self.changed = asyncio.Condition()
        self.listeners: list[Callable[[], None]] = []  # called after every committed step
        self.lost_races = 0
        self.batches = 0  # batches committed by this projector
        self.applied_events = 0  # notifications applied by this projector
        self._known: dict[str, int] | None = None  # the positions this process committed
        self._stored: dict[str, int] = {}  # the positions the batch being read starts from
        self._trusted = False  # `_stored` are the remembered ones, not read from the db
        self._hurry = asyncio.Event()  # a reader waits: no lingering
        self._task: asyncio.Task[None] | None = None
        self._looked = 0.0  # when the last round began
        self._progress: Callable[[int], None] | None = None  # a catch-up's progress lines

    @property
    def position(self) -> int:  # type: ignore[override]
        """The lowest position of the models: everything up to it is in every model."""
        return min(self.positions.values(), default=0)

    async def start(self, *, follow: bool = True) -> None:
        """Create the tables if missing, subscribe for wake-ups and start following."""
        await asyncio.to_thread(create_schema, self.db)
        self.positions = await asyncio.to_thread(positions, self.db)
        self.following = follow
        if not follow:
            return
        if self.broker is not None:
            exchange = self.broker.topology.events_exchange
            await self.broker.subscribe(exchange, "#", self.on_delivery, queue=None)
        self._task = asyncio.create_task(self.run(), name="readmodels")

    async def stop(self) -> None:
        """Stop following (a step under way finishes or rolls back)."""
        if self._task is not None:
            await stop_tasks([self._task])  # re-cancels: a cancellation can be lost in a wait
            self._task = None

    # -- following (the `LogFollower` hooks) ---------------------------------------------

    async def lead(self) -> None:
        """Fold while this projector holds the lease (or needs none)."""
        if self.lease is not None:
            log.info("readmodels_active", lease=self.lease.name)
        metrics.READMODELS_ACTIVE.set(1)
        try:
            await self.follow()
        finally:
            metrics.READMODELS_ACTIVE.set(0)
        self._known = None  # another holder moves the positions meanwhile
        log.warning("readmodels_lease_lost")

    async def stand_by(self, led: bool) -> None:
        """Read the stored positions (for `wait_for`) until it is time to try the lease."""
        with contextlib.suppress(*STORE_OUTAGES, *DB_OUTAGES):
            self.positions = await asyncio.to_thread(positions, self.db)
            async with self.changed:
                self.changed.notify_all()
        await asyncio.sleep(self.retry)

    async def round(self) -> bool:
        """Catch up; an outage is logged and waits for the next round."""
        self._looked = asyncio.get_running_loop().time()
        try:
            await self.catch_up()
        except (*STORE_OUTAGES, *DB_OUTAGES) as exc:
            log.warning("readmodels_store_unavailable", error=repr(exc))
        return False

    async def pause(self, more: bool) -> None:
        """Wait for a wake-up (at most `poll` seconds), then linger so that two looks are
        at least `linger` seconds apart, unless a reader waits."""
        loop = asyncio.get_running_loop()
        await self.news_within_poll()
        rest = self._looked + self.linger - loop.time()
        if rest > 0 and not self._hurry.is_set():
            with contextlib.suppress(TimeoutError):  # more events arrive: one batch for all
                async with asyncio.timeout(rest):
                    await self._hurry.wait()
        self._hurry.clear()
        self.wakeup.clear()

    async def catch_up(self, progress: Progress | None = None) -> int:  # type: ignore[override]
        """Apply every stored event beyond the models' positions; returns how many read."""
        async with self.lock:
            last = await asyncio.to_thread(self.store.last_position)
            start = self.position
            building = progress is None and last - start > BUILDING
            if building:
                log.info("readmodels_building", position=start, last=last)
            began = time.monotonic()
            shown = began

            def report(count: int) -> None:
                nonlocal shown
                now = time.monotonic()
                if progress is not None:
                    progress(self.position, max(last, self.position))
                elif building and now - shown >= PROGRESS_EVERY:
                    shown = now
                    done = self.position - start
                    log.info(
                        "readmodels_building", position=self.position, last=last,
                        percent=round(100 * done / max(1, last - start), 1),
                        events_per_s=round(done / (now - began)),
                    )  # fmt: skip

            self._progress = report
            try:
                read = await self._catch_up(None)
            finally:
                self._progress = None
            if building:
                log.info(
                    "readmodels_built", position=self.position, events=self.position - start,
                    seconds=round(time.monotonic() - began, 1),
                )  # fmt: skip
            return read

    async def stepped(self, count: int) -> None:
        """After each step: wake the readers and listeners; a progress line maybe."""
        async with self.changed:
            self.changed.notify_all()
        for listener in self.listeners:
            listener()
        if count and self._progress is not None:
            self._progress(count)

    async def wait_for(self, position: int, timeout: float) -> bool:
        """Wait until every model has applied `position`; False on timeout (at once when
        this process does not follow the store). A standby watches the stored positions
        that the active projector moves."""
        if self.position >= position or not self.following:
            return self.position >= position
        if not self.active:
            return await self._watch_positions(position, timeout)
        self.wake()
        self._hurry.set()
        async with self.changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    self.changed.wait_for(lambda: self.position >= position), timeout
                )
        return self.position >= position

    async def _watch_positions(self, position: int, timeout: float) -> bool:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            with contextlib.suppress(*STORE_OUTAGES, *DB_OUTAGES):
                self.positions = await asyncio.to_thread(positions, self.db)
            if self.position >= position or loop.time() >= deadline:
                return self.position >= position
            await asyncio.sleep(STANDBY_POLL)

    async def resume(self) -> int:
        """The models' lowest position: the positions this projector committed last are
        trusted for the next batch (a position moved meanwhile by another process fails
        the conditional UPDATE, and the batch is read again from the stored ones)."""
        known, self._known = self._known, None
        self._trusted = known is not None
        self._stored = known if known is not None else await asyncio.to_thread(positions, self.db)
        return min(self._stored.values())

    async def handle(self, notes: Sequence[Notification], after: int, end: int) -> bool:
        """Fold the batch and, in one transaction, move each model's position from the one
        read to `end` and write its rows; False when another process moved one first. With
        nothing new, remembered positions are read again from the database (a rebuild's
        reset is seen even when no event follows it)."""
        stored = self._stored
        if not notes:
            if self._trusted:
                return False  # look at the stored positions before saying "nothing"
            self.positions = stored
            return True
        return await asyncio.to_thread(self._commit, notes, stored)

    def _commit(self, notes: Sequence[Notification], stored: dict[str, int]) -> bool:
        batch = self._fold(notes, stored)
        end = notes[-1].id
        try:
            with self.db.transaction() as cur:
                _move_positions(cur, stored, end)
                tables_model.write(cur, batch.tables)
                results_model.write(cur, batch.results)
                verdicts_model.write(cur, batch.verdicts)
        except LostRace:
            self.lost_races += 1
            return False
        if self.delay:
            time.sleep(self.delay)  # committed: a SIGKILL now lands between two batches
        self.positions = {m: max(p, end) for m, p in stored.items()}
        self._known = dict(self.positions)
        self.applied_events += len(notes)
        self.batches += 1
        metrics.EVENTS_APPLIED.labels(self.consumer).inc(len(notes))
        metrics.PROJECTOR_POSITION.labels(self.consumer).set(self.position)
        return True

    def _fold(self, notes: Sequence[Any], stored: dict[str, int]) -> Batch:
        """What the batch changes in each model still behind it (no I/O but state loads)."""
        batch = Batch()
        traced = log.is_enabled_for(logging.DEBUG)
        tables_after = min(stored["tables"], stored["results"])
        for note in notes:
            if is_table_notification(note) and note.id > tables_after:
                envelope = self._table_event(batch, note, stored)
                if traced:
                    with structlog.contextvars.bound_contextvars(**log_fields(envelope)):
                        log.debug(
                            "event_applied", projector=self.consumer, position=envelope.position,
                            version=envelope.version, name=envelope.name,
                        )  # fmt: skip
            elif note.topic == VERDICT_TOPIC and note.id > stored["verdicts"]:
                batch.verdicts.append(verdict_of(self.store.decode(note)))
        return batch

    def _table_event(self, batch: Batch, note: object, stored: dict[str, int]) -> EventEnvelope:
        envelope = envelope_of(self.store, note)  # type: ignore[arg-type]
        position = envelope.position
        if envelope.name == "TableCreated":
            created = msgspec.json.decode(envelope.payload, type=TableCreated)
            state = table_state.created(envelope.table_id, created)
            created_at = envelope.time
            self.states.created(envelope.table_id, state, created_at)
        else:
            before = self.states.before(envelope.table_id, envelope.version)
            if before is None:
                return envelope
            state = advance(before[0], envelope.name, envelope.payload)
            created_at = before[1]
            self.states.after(envelope.table_id, state, created_at)
        if position > stored["tables"]:
            finished = position if envelope.name == "SeedRevealed" else None
            change = batch.tables.get(envelope.table_id)
            created_pos = position if change is None else change.created_pos
            batch.tables[envelope.table_id] = TableChange(
                state=state, created_at=created_at, created_pos=created_pos,
                updated_at=envelope.time,
                finished_pos=finished if change is None or change.finished_pos is None
                else change.finished_pos,
            )  # fmt: skip
        if envelope.name == "SeedRevealed" and position > stored["results"]:
            result = result_of(state, position)
            if result is not None:
                batch.results.append(result)
        return envelope
