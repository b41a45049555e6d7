"""The notify service: a projection of the event log into notices, with their timers and
delivery, on the one projection runner (`shared.projections.runner`).

The runner's loop does everything in order: it hears of commits (PostgreSQL's NOTIFY, else
the table workers' commit signals on the `signals` exchange, or in one process a direct
call), reads the store after the position and hands each batch to `process`, which folds
it; once caught up (`caught_up`) the new commands' notices are created before the position
is recorded as decided (`notify` in `consumer_positions`); then `looked` checks the timers
(`timers.py`: reminders, deadlines) and starts the deliveries that are due (`outbox.py`),
and says when the next is due, so the runner looks again by then. A missed, repeated or
malformed signal changes nothing but the delay; failed looks in a row back off.

The jobs live beside it: `turn_notices.py` (turns, game over, invitations),
`account_mails.py` (address confirmations, sign-in links), `tournament_news.py`,
`open_notices.py` (notices an earlier process left open), `presence.py` (who watches a
table: the only other signals it hears). At start it resumes from its checkpoint
(`checkpoint.py`: the active tables' turns and the open notices at a position), so it reads
only the events after it, and decides turns only for commands after the position it
recorded; without a checkpoint it folds the whole log once. The notices are aggregates in
the same store, so notify's exactly-once is the decided position plus each notice's fixed
key, not one transaction.
"""

from __future__ import annotations

import asyncio
import contextlib

import structlog
from eventsourcing.persistence import Notification

from services.notify import checkpoint
from services.notify.account_mails import AccountMails
from services.notify.clock import Clock, SystemClock
from services.notify.disputes import DisputeNews
from services.notify.metrics import NotifyMetrics
from services.notify.open_notices import OpenNotices
from services.notify.outbox import Outbox
from services.notify.presence import Sockets
from services.notify.settings import NotifySettings
from services.notify.timers import Timers
from services.notify.tournament_news import TournamentNews
from services.notify.turn_notices import TurnNotices
from services.notify.turns import TurnChange, TurnTracker
from shared.contracts.envelopes import EventEnvelope
from shared.messaging.port import Broker
from shared.notify import links
from shared.notify.presence import PREFERENCES, PRESENCE
from shared.projections.runner import Batch, Item, Projection, ProjectionRunner
from shared.projections.tracking import Positions, Tracking
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore

log = structlog.get_logger("senet.notify")
MAX_BACKOFF = 300.0  # seconds: the longest pause after looks that failed in a row


class NotifyService(Projection):
    """Turns, reminders and deadlines into e-mails and pushes."""

    name = consumer = "notify"
    size = 500

    def __init__(
        self,
        store: EventStore,
        broker: Broker | None,
        settings: NotifySettings,
        clock: Clock | None = None,
        metrics: NotifyMetrics | None = None,
    ) -> None:
        self.store = store
        self.broker = broker
        self.settings = settings
        self.position = 0  # the last position folded (kept in memory, from the checkpoint)
        self.runner = ProjectionRunner(
            store, self, signals=broker, poll=settings.tick, retry=2 * settings.tick,
            max_retry=MAX_BACKOFF,
        )  # fmt: skip
        self.clock = clock or SystemClock()
        self.metrics = metrics or NotifyMetrics()
        self.tracker = TurnTracker(settings.public_url)
        self.sockets = Sockets(self.clock, on_preferences=self.runner.wake)
        self.outbox = Outbox(store, settings, self.clock, self.metrics, self.sockets.present)
        self.outbox.on_done = self.runner.wake  # a delivery finished: a retry may be due
        self.timers = Timers(self.tracker, self.outbox, broker, settings, self.clock, self.metrics)
        self.turn_notices = TurnNotices(self.outbox, self.clock)
        self.account_mails = AccountMails(store, self.outbox)
        self.tournament_news = TournamentNews(store, self.outbox, settings.public_url)
        self.open_notices = OpenNotices(store, self.outbox)
        self.disputes = DisputeNews(store, self.outbox, settings.public_url)
        self.decided = 0  # commands at or before this position were decided by a predecessor
        self.open_position = 0  # position of the last event of the open command
        self.poisoned: dict[str, str] = {}  # table id -> error, the dead-letter log of events
        db = ReadModelDB.of(store)
        self.checkpoints = checkpoint.CheckpointStore(db, self.consumer)
        self.positions = Positions(db)
        self.checkpointed = 0  # position of the last checkpoint written or read
        self.folded = 0  # store events folded by this process (start-up cost, in tests)

    async def start(self, *, loops: bool = True) -> None:
        """Catch up with the store, then (with loops) run on the runner's loop; without,
        tests drive it with `pump`."""
        self.outbox.key = await asyncio.to_thread(links.signing_key, self.store)
        old = self.store.position_of  # an old store kept it in eventsourcing's tracking
        await asyncio.to_thread(self.positions.ensure, self.consumer, lambda: old(self.consumer))
        self.decided = await asyncio.to_thread(self.positions.get, self.consumer)
        await self._resume()
        if self.broker is not None:
            topology = self.broker.topology
            for key in (PRESENCE, PREFERENCES):  # one private queue each (commits: the runner)
                await self.broker.subscribe(topology.signals_exchange, key, self.sockets.on_signal)
        await self.catch_up()
        log.info("notify_ready", position=self.position, open=len(self.outbox.notices))
        if loops:
            self.runner.start()

    async def stop(self) -> None:
        """Finish the look in progress (no delivery is cut in half), then stop.

        A hard kill in the middle of a delivery leaves that notice claimed; the next process
        abandons it rather than risk sending it twice (docs/notifications.md).
        """
        await self.runner.stop(grace=self.settings.send_timeout + 1.0)
        async with self.runner.lock:
            with contextlib.suppress(Exception):  # the store may be down: the next start folds more
                await self._checkpoint(force=True)
        await self.outbox.close()  # the read-model connections close with the store

    async def _resume(self) -> None:
        """Start from the checkpoint, if there is one this process can use."""
        try:
            found = await asyncio.to_thread(self.checkpoints.load)
        except Exception as exc:  # an unreadable checkpoint costs a full fold, nothing else
            log.warning("notify_checkpoint_unavailable", error=repr(exc))
            return
        if found is None or found.position > self.decided:
            return  # none, or ahead of what was decided (a reset position table): fold all
        await asyncio.to_thread(checkpoint.restore, self.store, self.tracker, found)
        self.position = self.checkpointed = found.position
        self.open_notices.add(found.notices)
        self.poisoned.update(found.poisoned)
        log.info("notify_resumed", position=found.position, tables=len(found.tables),
                 notices=len(found.notices))  # fmt: skip

    async def _checkpoint(self, force: bool = False) -> None:
        """Save the folded state now and then (called between commands, under the lock)."""
        if self.tracker.open is not None or self.position > self.decided:
            return
        due = self.position - self.checkpointed >= checkpoint.EVERY
        if not (due or (force and self.position > self.checkpointed)):
            return
        notices = self.open_notices.ids()
        saved = checkpoint.capture(self.position, self.tracker, notices, self.poisoned)
        await asyncio.to_thread(self.checkpoints.save, saved)
        self.checkpointed = self.position

    async def catch_up(self) -> int:
        """Fold what the store holds after the position (then decide); how many read."""
        return await self.runner.catch_up()

    async def pump(self, *, wait: bool = True) -> None:
        """One look as the runner's loop takes it (tests drive a service without loops so);
        `wait`: until the deliveries it started are done."""
        await self.catch_up()
        await self._work(wait=wait)

    async def looked(self) -> float | None:
        """After each look of the runner: the timers, then the deliveries that are due (in
        their own tasks: a slow endpoint never holds up timers, deadlines or other players'
        notices); seconds until the next delivery is due."""
        await self._work(wait=False)
        due = self.outbox.next_due()
        return None if due is None else due - self.clock.now()

    async def _work(self, *, wait: bool) -> None:
        await self.timers.tick()
        await self.catch_up()  # the deadlines' commands just stored
        await self.outbox.deliver_due(wait=wait)

    def max_tracking_id(self) -> int:
        """The position folded (the state is in memory: nothing else is read from)."""
        return self.position

    async def process(self, batch: Batch) -> bool:
        """Fold a batch (turns, and what to do once caught up)."""
        for item in batch.items:
            await self._fold(item)
            self.position = item.position if isinstance(item, EventEnvelope) else item.id
        self.position = batch.end
        self.folded += len(batch.items)
        return True

    async def caught_up(self) -> None:
        """Queue the notices of new commands and events, then record the position as
        decided."""
        await self._decided(self.tracker.close(), self.open_position)
        await self.account_mails.queue()
        await self.tournament_news.queue()
        await self.disputes.queue()
        await self.open_notices.adopt()
        if self.position > self.decided:
            tracking = Tracking(self.consumer, self.position)
            await asyncio.to_thread(self.positions.record, tracking)
            self.decided = self.position
        await self._checkpoint()

    async def _fold(self, item: Item) -> None:
        if not isinstance(item, EventEnvelope):
            await self._decided(self.tracker.close(), self.open_position)
            self._other(item)
            return
        envelope = item
        if envelope.table_id in self.poisoned:
            return
        previous = self.open_position
        try:
            changes = self.tracker.apply(envelope)
        except Exception as exc:  # a poison event: park its table, let the others flow
            self.poisoned[envelope.table_id] = f"{envelope.name}@{envelope.position}: {exc!r}"
            self.tracker.tables.pop(envelope.table_id, None)
            self.tracker.open = None
            log.error("notify_poison_event", table_id=envelope.table_id, position=envelope.position,
                      event=envelope.name, error=repr(exc))  # fmt: skip
            return
        await self._decided(changes, previous)
        self.open_position = envelope.position

    def _other(self, note: Notification) -> None:
        """Another aggregate's event, to the job it concerns (if any)."""
        decided = self.decided
        for job in (self.account_mails, self.tournament_news, self.disputes):
            if job.fold(note, decided):
                return
        self.open_notices.fold(note)

    async def _decided(self, changes: list[TurnChange], position: int) -> None:
        if position > self.decided:  # else decided before a restart: the notices exist
            await self.turn_notices.queue(changes)
