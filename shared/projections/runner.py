"""A projection and the one runner that feeds every log consumer, in eventsourcing's shape.

A `Projection` (eventsourcing's `Projection.process_event` with a `Tracking` record, a batch
at a time) has one job: `process(batch)` writes the batch's effects and moves its position
from `batch.after` to `batch.end` **in one transaction** (`shared.projections.tracking`),
or, for the relay whose effect is a broker confirm, publishes and then records. It answers
False when its position was no longer `batch.after` (another process applied the batch, or
a rebuild reset it): nothing was written, and the runner reads the batch again from the
stored position. `caught_up()` runs once a look at the store has read it to its end.

The `ProjectionRunner` does everything else, the same way for every consumer:
- reads the store's notification log after the position, in order, `size` notifications at
  a time (only `topics`, when given: then a short read covers the log up to its newest
  event, so the position moves past the others too); table events are handed over as
  `EventEnvelope`s (one decoder), other events as stored `Notification`s;
- holds the `lease` where the consumer must be single (the relay, the read models, the
  tournament manager): it follows only while it holds it, stands by otherwise (reading the
  stored position, for `wait`), and takes over within `retry` seconds of the holder's death;
- is woken by commits: PostgreSQL's `LISTEN` on a PostgreSQL store (`shared.store.commits`:
  one connection for every runner of the process),
  else the table workers' commit signals on the broker (`shared.messaging.wake`) and, in
  one process, `wake()` called after each commit; it polls every `poll` seconds anyway, so
  a lost wake-up only delays. Two looks are at least `linger` seconds apart (larger
  batches under load) unless someone `wait`s;
- after each look, runs the projection's `looked()` (its work besides the log: notify's
  timers and deliveries), which may ask for the next look sooner than `poll`;
- `wait(position)`: until the projection has processed that position (or a timeout).
A failed look moves nothing; it is logged and tried again after `retry` seconds, doubled
for each failure in a row up to `max_retry` (never spinning on a failure: a wake-up does
not cut that pause).

The store is the one path in: no consumer is handed events (not even in the process that
committed them, which only wakes it), so order, duplicates and gaps never arise.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import structlog
from eventsourcing.persistence import Notification, Tracking
from prometheus_client import Gauge

from shared.contracts.envelopes import EventEnvelope
from shared.messaging.lease import Lease
from shared.messaging.port import Broker, Delivery
from shared.messaging.wake import COMMITTED, is_commit_signal
from shared.observability import metrics
from shared.store import EventStore
from shared.store.commits import CommitListener, listens
from shared.tables.envelopes import envelope_of, is_table_notification
from shared.tasks import stop_tasks

log = structlog.get_logger("senet.projections")
SIZE = 500  # notifications per batch
POLL = 1.0  # seconds between looks without a wake-up
RETRY = 1.0  # seconds between a standby's attempts at the lease, and after a failed batch
STANDBY_POLL = 0.02  # seconds between a standby's looks at the position a `wait` waits for
PROGRESS_EVERY = 2.0  # seconds between progress lines while building
BUILDING = 2500  # behind by more notifications than this: log progress lines

Item = EventEnvelope | Notification  # a table event, or another aggregate's stored event


@dataclass(frozen=True)
class Batch:
    """Notifications read after position `after`, covering the log up to `end`."""

    after: int
    end: int
    items: Sequence[Item]

    def tracking(self, name: str) -> Tracking:
        """The tracking record a projection named `name` writes with the batch's effects."""
        return Tracking(name, self.end)

    def envelopes(self) -> list[EventEnvelope]:
        """The batch's table events, in order."""
        return [item for item in self.items if isinstance(item, EventEnvelope)]


class Projection:
    """A log consumer: `process` a batch with its position; see the module docstring."""

    name = "projection"  # its tracking row's name, and its name in logs and metrics
    topics: Sequence[str] = ()  # only these topics (empty: every notification)
    size = SIZE
    gauge: Gauge | None = None  # set to 1 while the runner follows for it
    # Its stored position may move back (a rebuild resets it): the runner then reads it
    # again before it answers "nothing new" (one query more per quiet look).
    rewinds = False

    def max_tracking_id(self) -> int:
        """The position its tracking record holds, where the next batch is read after
        (as eventsourcing's `TrackingRecorder.max_tracking_id`; called in a thread)."""
        raise NotImplementedError

    async def process(self, batch: Batch) -> bool:
        """Apply a batch and record `batch.end` with its effects; False (nothing applied)
        when the stored position was no longer `batch.after`."""
        raise NotImplementedError

    async def caught_up(self) -> None:
        """After a look at the store read it to its end."""

    async def looked(self) -> float | None:
        """After each look of the runner's loop, outside its lock: the consumer's other
        work (notify: timers, deliveries). Returns in how many seconds it is due again
        (None: nothing before the runner's `poll`)."""
        return None


class _Progress:
    """Progress lines while a runner reads a long stretch of the log (`projection_building`
    every `PROGRESS_EVERY` seconds, then `projection_built`)."""

    def __init__(self, name: str, start: int, last: int) -> None:
        self.name = name
        self.start = start
        self.last = last
        self.began = self.shown = time.monotonic()
        self.logged = last - start > BUILDING
        if self.logged:
            log.info("projection_building", projection=name, position=start, last=last)

    @classmethod
    async def begin(cls, runner: ProjectionRunner, start: int) -> _Progress:
        last = await runner.store.call(runner.store.last_position)
        return cls(runner.name, start, last)

    def step(self, position: int) -> None:
        now = time.monotonic()
        if self.logged and now - self.shown >= PROGRESS_EVERY:
            self.shown = now
            done = position - self.start
            log.info(
                "projection_building", projection=self.name, position=position, last=self.last,
                percent=round(100 * done / max(1, self.last - self.start), 1),
                events_per_s=round(done / (now - self.began)),
            )  # fmt: skip

    def done(self, position: int) -> None:
        if self.logged:
            log.info(
                "projection_built", projection=self.name, position=position,
                events=position - self.start, seconds=round(time.monotonic() - self.began, 1),
            )  # fmt: skip


class ProjectionRunner:
    """Feeds one projection from the store; see the module docstring."""

    def __init__(
        self,
        store: EventStore,
        projection: Projection,
        *,
        lease: Lease | None = None,
        signals: Broker | None = None,
        poll: float = POLL,
        linger: float = 0.0,
        retry: float = RETRY,
        max_retry: float | None = None,
    ) -> None:
        """`signals`: the broker whose commit signals wake it (not on PostgreSQL, which
        tells of commits itself). `max_retry`: the longest pause after failures in a row
        (default `retry`: no doubling)."""
        self.store = store
        self.projection = projection
        self.lease = lease
        self.signals = signals
        self.poll = poll
        self.linger = linger
        self.retry = retry
        self.max_retry = retry if max_retry is None else max(retry, max_retry)
        self.failures = 0  # looks failed in a row
        self.position = 0  # the last position processed (or read, while standing by)
        self.running = False  # `run` is under way
        self.listening = False  # hearing of commits (PostgreSQL NOTIFY, or commit signals)
        self.hears_commits = True  # False: a caller wakes it (`wake`) after every commit
        self.lock = asyncio.Lock()
        self.wakeup = asyncio.Event()
        self.changed = asyncio.Condition()
        self.listeners: list[Callable[[], None]] = []  # called after every processed batch
        self.looks = 0  # looks at the store while active (found something or not)
        self.batches = 0  # batches processed by this runner
        self.processed = 0  # notifications processed by this runner
        self.lost_races = 0  # batches another process applied first
        self._trusted = False  # `position` is the one this runner recorded last
        self._hurry = asyncio.Event()  # someone waits: no lingering
        self._stopping = False  # `stop` asked the loop to end after the look under way
        self._commits: CommitListener | None = None  # this process's, while it listens
        self._task: asyncio.Task[None] | None = None
        # The read begun ahead during a catch-up: after which position, up to which, the read.
        self._ahead: tuple[int, int | None, asyncio.Future[Sequence[Notification]]] | None = None
        if lease is not None:
            lease.on_lost = self.wake

    @property
    def name(self) -> str:
        """The projection's name."""
        return self.projection.name

    @property
    def active(self) -> bool:
        """True while this runner follows (it holds the lease, or needs none)."""
        return self.lease is None or self.lease.held()

    def wake(self) -> None:
        """Look at the store now (events were stored)."""
        self.wakeup.set()

    # -- reading the store ---------------------------------------------------------------

    async def resume(self) -> int:
        """Read the stored position (where this runner starts, or stands)."""
        self.position = await asyncio.to_thread(self.projection.max_tracking_id)
        self._trusted = False
        return self.position

    async def catch_up(self, upto: int | None = None) -> int:
        """Process every stored batch after the position (up to `upto`); how many
        notifications were read."""
        async with self.lock:
            return await self._catch_up(upto)

    async def _catch_up(self, upto: int | None) -> int:
        read = 0
        size = self.projection.size
        progress: _Progress | None = None
        try:
            while True:
                count = await self._step(upto, ahead=True)
                read += count
                if count < size:
                    break
                if progress is None:  # a full batch: maybe far behind (a model being built)
                    progress = await _Progress.begin(self, self.position - count)
                progress.step(self.position)
        finally:
            self._drop_ahead()
        if progress is not None:
            progress.done(self.position)
        await self.projection.caught_up()
        return read

    async def _step(self, upto: int | None, *, ahead: bool = False) -> int:
        """Read and process one batch after the position; how many notifications were read.
        For a projection that `rewinds`, the position trusted after a batch is read again
        from the store before "nothing new" is answered (a rebuild's reset is seen even
        when no event follows it).
        `ahead`: after a full batch, the next one is read while this one is processed (the
        database works meanwhile)."""
        projection = self.projection
        while True:
            if not self._trusted:
                await self.resume()
            after = self.position
            stop = upto
            if projection.topics and stop is None:  # a filtered read covers the log up to here
                stop = await self.store.call(self.store.last_position)
            if stop is not None and stop <= after:
                return 0
            notes = await self._read(after, stop)
            end = notes[-1].id if notes else after
            if stop is not None and len(notes) < projection.size:
                end = max(end, stop)  # every position up to `stop` was read
            elif ahead and len(notes) == projection.size:
                self._ahead = (end, stop, self._fetch(end, stop))
            if end == after:
                if self._trusted and projection.rewinds:
                    self._trusted = False
                    continue
                return 0
            items = [envelope_of(self.store, n) if is_table_notification(n) else n for n in notes]
            if await self._process(Batch(after, end, items)):
                return len(notes)
            self._drop_ahead()

    async def _read(self, after: int, stop: int | None) -> Sequence[Notification]:
        ahead, self._ahead = self._ahead, None
        if ahead is not None and ahead[:2] == (after, stop):
            return await ahead[2]
        if ahead is not None:
            ahead[2].cancel()
        return await self._fetch(after, stop)

    def _fetch(self, after: int, stop: int | None) -> asyncio.Future[Sequence[Notification]]:
        projection = self.projection
        return asyncio.ensure_future(
            self.store.call(
                self.store.notifications, after, projection.size, stop, projection.topics
            )
        )

    def _drop_ahead(self) -> None:
        if self._ahead is not None:
            self._ahead[2].cancel()
            self._ahead = None

    async def _process(self, batch: Batch) -> bool:
        if not await self.projection.process(batch):
            self.lost_races += 1
            self._trusted = False
            return False
        self.position = batch.end
        self._trusted = True
        self.batches += 1
        self.processed += len(batch.items)
        metrics.EVENTS_APPLIED.labels(self.name).inc(len(batch.items))
        metrics.PROJECTOR_POSITION.labels(self.name).set(batch.end)
        async with self.changed:
            self.changed.notify_all()
        for listener in self.listeners:
            listener()
        return True

    # -- following -----------------------------------------------------------------------

    def start(self) -> None:
        """Run in a task of its own (`stop` ends it)."""
        if self._task is None:
            self.running = True
            self._task = asyncio.create_task(self.run(), name=self.name)

    async def stop(self, grace: float = 0.0) -> None:
        """End the task `start` began: within `grace` seconds the look under way (and its
        `looked()`) finishes; after that it is cancelled (a batch rolls back)."""
        task, self._task = self._task, None
        if task is None:
            return
        if grace > 0:
            self._stopping = True
            self.wake()
            await asyncio.wait([task], timeout=grace)
        await stop_tasks([task])  # re-cancels: a cancellation can be lost in a wait
        self._stopping = False

    async def run(self) -> None:
        """Follow while active (taking the lease when there is one), stand by otherwise;
        cancel to stop."""
        self.running = True
        standing_by = False
        try:
            await self.listen()
            while not self._stopping:
                if self.lease is not None and not await self.lease.acquire():
                    if not standing_by:
                        log.info("projection_standby", projection=self.name, lease=self.lease.name)
                        standing_by = True
                    await self._stand_by()
                    continue
                standing_by = False
                await self._follow()
                if self.lease is None:
                    return
        finally:
            self.running = False
            await self.unlisten()
            if self.lease is not None:
                await self.lease.release()

    async def listen(self) -> None:
        """Hear of commits made in other processes: from PostgreSQL itself, else from the
        table workers' commit signals (`run` does it; a consumer with its own loop calls
        it, and `unlisten` when it stops)."""
        if self.listening or not self.hears_commits:
            return
        if listens(self.store):
            self._commits = CommitListener.of(self.store)
            self._commits.add(self.wake)
        elif self.signals is not None:
            await self.signals.subscribe(
                self.signals.topology.signals_exchange, COMMITTED, self._on_signal, queue=None
            )
        self.listening = True

    async def unlisten(self) -> None:
        """Stop hearing of commits from PostgreSQL (a broker subscription ends with it)."""
        commits, self._commits = self._commits, None
        if commits is not None:
            await commits.remove(self.wake)
        self.listening = False

    async def _on_signal(self, delivery: Delivery) -> None:
        if is_commit_signal(delivery):
            self.wake()

    async def _stand_by(self) -> None:
        """Read the stored position (for `wait`) until it is time to try the lease again."""
        with contextlib.suppress(Exception):  # the store may be away: try again later
            await self.resume()
            async with self.changed:
                self.changed.notify_all()
        await asyncio.sleep(self.retry)

    async def _follow(self) -> None:
        """While active: a look at the store at every wake-up, at least every `poll` s."""
        gauge = self.projection.gauge
        log.info("projection_active", projection=self.name)
        if gauge is not None:
            gauge.set(1)
        self._trusted = False  # another holder moved the position meanwhile
        loop = asyncio.get_running_loop()
        try:
            while self.active and not self._stopping:
                looked = loop.time()
                try:
                    await self.catch_up()
                    due = await self.projection.looked()
                except Exception as exc:  # store, database or broker away; or a bug
                    self.failures += 1
                    log.warning("projection_failed", projection=self.name, error=repr(exc),
                                in_a_row=self.failures)  # fmt: skip
                    log.debug("projection_traceback", exc_info=True)
                    self._trusted = False
                    await asyncio.sleep(self._backoff())
                    continue
                self.failures = 0
                self.looks += 1
                await self._pause(looked, due)
        finally:
            if gauge is not None:
                gauge.set(0)
        if self.lease is not None and not self._stopping:
            log.warning("projection_lease_lost", projection=self.name)

    def _backoff(self) -> float:
        """The pause after `failures` failed looks in a row."""
        return min(self.retry * 2 ** min(self.failures - 1, 16), self.max_retry)

    async def _pause(self, looked: float, due: float | None = None) -> None:
        """Wait for a wake-up (at most `poll` seconds, or until the projection's work is
        `due`), then linger so that two looks are at least `linger` seconds apart, unless
        someone waits."""
        pause = self.poll if due is None else max(0.0, min(self.poll, due))
        with contextlib.suppress(TimeoutError):
            # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a
            # cancellation that arrives as the wait ends, and the loop would never stop.
            async with asyncio.timeout(pause):
                await self.wakeup.wait()
        rest = looked + self.linger - asyncio.get_running_loop().time()
        if rest > 0 and not self._hurry.is_set():
            with contextlib.suppress(TimeoutError):  # more events arrive: one batch for all
                async with asyncio.timeout(rest):
                    await self._hurry.wait()
        self._hurry.clear()
        self.wakeup.clear()

    async def wait(self, position: int, timeout: float) -> bool:
        """Wait until the projection has processed `position`; False on timeout (at once
        when no runner follows here). A standby watches the stored position."""
        if self.position >= position or not self.running:
            return self.position >= position
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        if not self.active:
            while True:
                with contextlib.suppress(Exception):
                    await self.resume()
                if self.position >= position or loop.time() >= deadline:
                    return self.position >= position
                await asyncio.sleep(STANDBY_POLL)
        self.wake()
        self._hurry.set()
        async with self.changed:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, deadline - loop.time())):
                    await self.changed.wait_for(lambda: self.position >= position)
        return self.position >= position
