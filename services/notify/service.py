"""The notify service: a projection of table events into notices, their delivery and timers.

It reads the events from the store, in order, through a projection runner
(`shared.projections.runner`), woken by commits (PostgreSQL's NOTIFY, or the table workers'
commit signals on the `signals` exchange, which also brings presence): a missed, repeated or
malformed signal changes nothing but the delay. At start it resumes from its checkpoint
(`checkpoint.py`: the active tables' turns and the open notices at a position), so it reads
only the events after it, and decides turns only
for commands after the position it recorded; without a checkpoint (a store made before
checkpoints, or a lost row) it folds the whole log once.

It is a `Projection`: the position is kept in memory (from the checkpoint), each batch is
folded (`process`), and once caught up the new commands' notices are created before the
position is recorded as decided (`caught_up`; `notify` in the consumers' tracking table):
the notices are aggregates in the same store, so notify's exactly-once is the decided
position plus each notice's fixed key, not one transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any
from uuid import UUID

import msgspec
import structlog
from eventsourcing.persistence import Notification

from services.notify import checkpoint
from services.notify.clock import Clock, SystemClock
from services.notify.disputes import DisputeNews
from services.notify.invitations import InvitationMailLimits, invitation_key_table
from services.notify.metrics import NotifyMetrics
from services.notify.notices import FINAL, Notice
from services.notify.outbox import Outbox
from services.notify.settings import NotifySettings
from services.notify.timers import Timers
from services.notify.turns import TurnChange, TurnTracker
from shared.contracts.envelopes import EventEnvelope
from shared.games.registry import get_game
from shared.messaging.port import Broker, Delivery
from shared.messaging.wake import COMMITTED, is_commit_signal
from shared.notify import links
from shared.notify.owners import EmailOwner
from shared.notify.preferences import Preferences
from shared.notify.presence import (
    PREFERENCES,
    PRESENCE,
    PreferencesChanged,
    Presence,
    presence_decoder,
)
from shared.projections.runner import Batch, Item, Projection, ProjectionRunner
from shared.projections.tracking import Positions, Tracking
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore
from shared.tournaments.aggregate import TOURNAMENT_TOPICS, Tournament
from shared.tournaments.standings import standings
from shared.tournaments.state import TournamentState

log = structlog.get_logger("senet.notify")
_NOTICE_TOPIC = f"{Notice.__module__}:{Notice.__qualname__}."
_PREFS_TOPIC = f"{Preferences.__module__}:{Preferences.__qualname__}."
_SIGN_IN_TOPIC = f"{EmailOwner.__module__}:{EmailOwner.__qualname__}.SignInAsked"
_TOURNAMENT_TOPIC = TOURNAMENT_TOPICS[1]  # a tournament's recorded events
_TOURNAMENT_NEWS = {
    "TournamentStarted": "tournament_started",
    "TournamentFinished": "tournament_over",
}
_FINAL_EVENTS = {"Sent", "DeadLettered", "Skipped", "Abandoned"}
MAX_BACKOFF = 300.0  # seconds: the longest pause after rounds that failed in a row


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
        self.position = 0  # the last position folded (kept in memory, from the checkpoint)
        self.runner = ProjectionRunner(store, self)  # its own loop: `follow` below
        self.wakeup = self.runner.wakeup
        self.settings = settings
        self.clock = clock or SystemClock()
        self.metrics = metrics or NotifyMetrics()
        self.tracker = TurnTracker(settings.public_url)
        self.invitation_mails = InvitationMailLimits()
        # (table, player) -> socket -> when its signal runs out (None: when closed)
        self.present: dict[tuple[str, str], dict[str, float | None]] = {}
        self.outbox = Outbox(store, settings, self.clock, self.metrics, self.is_present)
        self.outbox.on_done = self.wakeup_soon
        self.timers = Timers(self.tracker, self.outbox, broker, settings, self.clock, self.metrics)
        self.decided = 0  # commands at or before this position were decided by a predecessor
        self.open_position = 0  # position of the last event of the open command
        self.unloaded: set[UUID] = set()
        self.confirmations: list[tuple[UUID, str, int]] = []  # (preferences, address, position)
        self.sign_ins: list[tuple[Any, int]] = []  # (SignInAsked, its position)
        self.tournament_news: list[tuple[Any, str, int]] = []  # (tournament, kind, version)
        self.disputes = DisputeNews(store, settings.public_url)  # case events: their notices
        self.poisoned: dict[str, str] = {}  # table id -> error, the dead-letter log of events
        self.failures = 0  # rounds failed in a row: the pause doubles, up to MAX_BACKOFF
        self.tasks: list[asyncio.Task[None]] = []
        self.stopping = False
        db = ReadModelDB.of(store)
        self.checkpoints = checkpoint.CheckpointStore(db, self.consumer)
        self.positions = Positions(db)
        self.checkpointed = 0  # position of the last checkpoint written or read
        self.folded = 0  # store events folded by this process (start-up cost, in tests)

    async def start(self, *, loops: bool = True) -> None:
        """Subscribe, catch up with the store, and (with loops) run delivery and timers."""
        self.outbox.key = await asyncio.to_thread(links.signing_key, self.store)
        old = self.store.position_of  # an old store kept it in eventsourcing's tracking
        await asyncio.to_thread(self.positions.ensure, self.consumer, lambda: old(self.consumer))
        self.decided = await asyncio.to_thread(self.positions.get, self.consumer)
        await self._resume()
        if self.broker is not None:
            topology = self.broker.topology
            for key in (COMMITTED, PRESENCE, PREFERENCES):  # one private queue each
                await self.broker.subscribe(topology.signals_exchange, key, self.on_presence)
        await self.runner.listen()
        await self.catch_up()
        log.info("notify_ready", position=self.position, open=len(self.outbox.notices))
        if loops:
            self.tasks.append(asyncio.create_task(self.follow(), name="notify"))

    async def stop(self) -> None:
        """Finish the round in progress (no delivery is cut in half), then stop the loops.

        A hard kill in the middle of a delivery leaves that notice claimed; the next process
        abandons it rather than risk sending it twice (docs/notifications.md).
        """
        self.stopping = True
        self.wakeup.set()
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=self.settings.send_timeout + 1.0)
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks.clear()
        await self.runner.unlisten()
        async with self.runner.lock:
            with contextlib.suppress(Exception):  # the store may be down: the next start folds more
                await self._checkpoint(force=True)
        await self.outbox.close()
        await asyncio.to_thread(self.checkpoints.db.close)

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
        self.unloaded |= {UUID(n) for n in found.notices}
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
        notices = set(self.outbox.notices) | self.unloaded
        saved = checkpoint.capture(self.position, self.tracker, notices, self.poisoned)
        await asyncio.to_thread(self.checkpoints.save, saved)
        self.checkpointed = self.position

    async def on_presence(self, delivery: Delivery) -> None:
        """A gateway's signal: WebSocket presence, or a player's changed preferences (read
        the store now); a table worker's commit signal (read the store now); other messages
        on `signals` are not bound."""
        if is_commit_signal(delivery):
            self.wakeup.set()
            return
        try:
            signal = presence_decoder.decode(delivery.body)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return
        if isinstance(signal, PreferencesChanged):
            self.wakeup.set()
            return
        self.apply_presence(signal)

    def apply_presence(self, signal: Presence) -> None:
        """Count a socket opening or closing."""
        key = (signal.table_id, signal.player_id)
        sockets = self.present.setdefault(key, {})
        if signal.connected:
            sockets[signal.socket] = self.clock.now() + signal.ttl if signal.ttl else None
        else:
            sockets.pop(signal.socket, None)
        if not sockets:
            del self.present[key]

    def is_present(self, table_id: str, player_id: str) -> bool:
        """True while the player has a WebSocket open on the table (and its gateway lives:
        a socket whose signal was not repeated within its time to live counts as gone)."""
        sockets = self.present.get((table_id, player_id), {})
        now = self.clock.now()
        return any(until is None or until > now for until in sockets.values())

    def wakeup_soon(self) -> None:
        """Run the next round now (a delivery finished: a retry may be due earlier)."""
        self.wakeup.set()

    async def pump(self, *, wait: bool = True) -> None:
        """One round: catch up, check the timers, start delivering what is due.

        The loop does not wait for deliveries (`wait=False`): they run in their own tasks,
        so a slow endpoint never holds up timers, deadlines or other players' notices.
        """
        await self.catch_up()
        await self.timers.tick()
        await self.catch_up()
        await self.outbox.deliver_due(wait=wait)

    async def catch_up(self) -> int:
        """Fold what the store holds after the position (then decide); how many read."""
        return await self.runner.catch_up()

    async def follow(self) -> None:
        """Until `stop`: a round, then a pause."""
        while not self.stopping:
            await self.round()
            await self.pause()

    async def round(self) -> None:
        """`pump`; a failed round is logged and counted (the pause backs off)."""
        try:
            await self.pump(wait=False)
            self.failures = 0
        except Exception as exc:
            self.failures += 1
            log.error("notify_round_failed", error=repr(exc), in_a_row=self.failures)
            log.debug("notify_round_traceback", exc_info=True)

    async def pause(self) -> None:
        """Until a wake-up, the next due delivery or a tick; after failed rounds, a backoff
        that a wake-up cannot cut (never spin on a failure)."""
        if self.stopping:
            return
        waits: list[asyncio.Future[Any]] = [asyncio.ensure_future(self.wakeup.wait())]
        due = self.outbox.next_due()
        pause = self.settings.tick
        if due is not None:
            pause = min(pause, max(0.0, due - self.clock.now()))
        if self.failures:
            pause = min(self.settings.tick * 2 ** min(self.failures, 16), MAX_BACKOFF)
            waits = []
        waits.append(asyncio.ensure_future(self.clock.sleep(pause)))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in waits:
                waiter.cancel()
        self.wakeup.clear()

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
        """Decide the turns of new commands, then record the position as decided."""
        await self._decided(self.tracker.close(), self.open_position)
        await self._confirm()
        await self._sign_in()
        await self._tournaments()
        await self.disputes.deliver(self.outbox)
        await self._adopt()
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
        originator = UUID(str(note.originator_id))
        if note.topic.startswith(_PREFS_TOPIC):
            self.outbox.forget_preferences_by_id(originator)
            if note.topic.endswith(".EmailSet") and note.id > self.decided:
                event = self.store.decode(note)
                self.confirmations.append((event.originator_id, str(event.email), note.id))
        elif note.topic == _SIGN_IN_TOPIC and note.id > self.decided:
            self.sign_ins.append((self.store.decode(note), note.id))
        elif note.topic == _TOURNAMENT_TOPIC and note.id > self.decided:
            kind = _TOURNAMENT_NEWS.get(str(self.store.decode(note).name))
            if kind is not None:
                self.tournament_news.append((originator, kind, note.originator_version))
        elif note.id > self.decided and self.disputes.heard(note):
            pass
        elif note.topic.startswith(_NOTICE_TOPIC):
            name = note.topic.rsplit(".", 1)[-1]
            if name in _FINAL_EVENTS:
                self.unloaded.discard(originator)
            elif originator not in self.outbox.notices:
                self.unloaded.add(originator)

    async def _decided(self, changes: list[TurnChange], position: int) -> None:
        if position <= self.decided:
            return  # decided before a restart: the notices exist (or were not wanted)
        for change in changes:
            if change.kind == "invited":
                await self._invited(change)
                continue
            await self.outbox.create(
                table_id=change.table_id, turn=change.turn, seat=change.seat, kind=change.kind,
                player_id=change.player_id, facts=change.facts,
                since=self.clock.from_store(change.time),
            )  # fmt: skip

    async def _invited(self, change: TurnChange) -> None:
        """An invitation notice: once per table and invitee, within the per-invitee and
        per-inviter limits (`services.notify.invitations`)."""
        inviter = str(change.facts.get("host_id", ""))
        now = self.clock.now()
        if not self.invitation_mails.allows(change.player_id, inviter, now):
            log.info("invitation_mail_limited", table_id=change.table_id)
            return
        made = await self.outbox.create(
            table_id=change.table_id, turn=change.turn, seat=change.seat, kind=change.kind,
            player_id=change.player_id, facts=change.facts,
            since=self.clock.from_store(change.time),
            key_table=invitation_key_table(change.table_id, change.player_id),
        )  # fmt: skip
        if made:
            self.invitation_mails.sent(change.player_id, inviter, now)

    async def _confirm(self) -> None:
        """A confirmation mail for each address set since the last round."""
        pending, self.confirmations = self.confirmations, []
        for aggregate_id, email, position in pending:
            prefs: Any = await asyncio.to_thread(self.store.repository.get, aggregate_id)
            if prefs.email == email and not prefs.email_confirmed:  # still to be confirmed
                await self.outbox.confirmation(prefs.player_id, email, position)

    async def _sign_in(self) -> None:
        """A sign-in link for each request since the last round."""
        pending, self.sign_ins = self.sign_ins, []
        for asked, position in pending:
            await self.outbox.sign_in(
                asked.player_id, asked.name, asked.email, asked.nonce, asked.at, position
            )

    async def _tournaments(self) -> None:
        """Each player of a tournament that started or ended (one notice per player, kind and
        channel: the tournament's version keys it, as a table's turn does)."""
        pending, self.tournament_news = self.tournament_news, []
        for tournament_id, kind, version in pending:
            found: Any = await asyncio.to_thread(self.store.repository.get, tournament_id)
            if not isinstance(found, Tournament):
                continue
            state = found.tournament
            facts = tournament_facts(state, self.settings.public_url)
            for seat, player in enumerate(state.seeding):
                await self.outbox.create(
                    table_id=state.tournament_id, turn=version, seat=seat, kind=kind,
                    player_id=player, facts=facts | {"name": _entrant_name(state, player)},
                )  # fmt: skip

    async def _adopt(self) -> None:
        ids, self.unloaded = self.unloaded, set()
        for notice_id in ids:
            if notice_id in self.outbox.notices:
                continue
            notice: Any = await asyncio.to_thread(self.store.repository.get, notice_id)
            assert isinstance(notice, Notice)
            if notice.status not in FINAL:
                await asyncio.to_thread(self.outbox.adopt, notice)


def tournament_facts(state: TournamentState, public_url: str) -> dict[str, Any]:
    """What a notice about a tournament says: its name, game, players, link, and once it
    is over, the final standings."""
    names = {e.player_id: e.name for e in state.entrants}
    facts: dict[str, Any] = {
        "tournament": state.created.name,
        "game": get_game(state.created.game).title,
        "table_id": state.tournament_id,
        "link": f"{public_url.rstrip('/')}/tournaments/{state.tournament_id}",
        "players": [names.get(p, "") for p in state.seeding],
    }
    if state.ranking:
        facts["ranking"] = [
            {"rank": s.rank, "name": s.name, "points": s.points} for s in standings(state)
        ]
    return facts


def _entrant_name(state: TournamentState, player_id: str) -> str:
    entrant = state.entrant(player_id)
    return entrant.name if entrant is not None else ""
