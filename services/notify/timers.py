"""Reminders, the last warning and the deadline of every running turn.

The timer table is the stored log itself: a turn starts at the stored time of the command
that began it, reminders are notices with at-most-once keys, and the deadline is a
`TimeOutTurn` command whose id follows from the turn, so the table applies it once.
Everything is driven by the service's one Clock.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import cast

import structlog

from services.notify.clock import Clock
from services.notify.metrics import NotifyMetrics
from services.notify.outbox import Outbox
from services.notify.quiet import paused
from services.notify.settings import HOUR, NotifySettings, Timing
from services.notify.turns import TurnTracker
from shared.bots.seats import STAND_IN
from shared.contracts.envelopes import Command, TimeoutPolicy, TimeOutTurn
from shared.messaging.port import Broker
from shared.notify.timing import legacy_timing
from shared.tables.client import TableClient
from shared.tables.state import PLAYING, TableState
from shared.tables.timing import in_effect

log = structlog.get_logger("senet.notify")
NOTIFY_PLAYER = "senet:notify"  # the player id the table service sees on timeouts


def timeout_command_id(table_id: str, turn: int, seat: int) -> str:
    """One command id per timed-out turn: a repeat is answered from the table's memory."""
    return f"timeout:{table_id}:{turn}:{seat}"


class Timers:
    """Checks every running turn against its table's timing on each tick."""

    def __init__(
        self,
        tracker: TurnTracker,
        outbox: Outbox,
        broker: Broker | None,
        settings: NotifySettings,
        clock: Clock,
        metrics: NotifyMetrics,
    ) -> None:
        self.tracker = tracker
        self.outbox = outbox
        self.tables = TableClient(broker) if broker is not None else None
        self.settings = settings
        self.clock = clock
        self.metrics = metrics
        self.timed_out: list[str] = []
        self.legacy: dict[str, Timing | None] = {}  # old stores' records, read once a table
        self.faults: set[tuple[str, int, str]] = set()  # failures already logged

    async def timing(self, table_id: str) -> Timing:
        """The timing of a table: its last `TimingChosen` (the tracked state), else an old
        store's record of it, else the configured defaults (`in_effect`)."""
        track = self.tracker.tables.get(table_id)
        chosen = track.state.timing if track is not None else None
        if chosen is None:
            if table_id not in self.legacy:
                store = self.outbox.store
                self.legacy[table_id] = await asyncio.to_thread(legacy_timing, store, table_id)
            chosen = self.legacy[table_id]
        return in_effect(chosen, self.settings.timing)

    async def tick(self) -> None:
        """Send the reminders that are due and time out the turns past their deadline.

        Each seat is checked on its own: one that fails (a bad record, a bug) is logged and
        skipped, never stopping the other tables' reminders and deadlines.
        """
        now = self.clock.now()
        running = 0
        for table_id, track in list(self.tracker.tables.items()):
            if track.state.status != PLAYING:
                continue
            for seat, (turn, stored) in sorted(track.acting.items()):
                running += 1
                try:
                    await self._seat(table_id, track.state, seat, turn, stored, now)
                except Exception as exc:
                    self._fault(table_id, seat, exc)
        self.metrics.pending_reminders.set(running)
        for table_id in [t for t in self.legacy if t not in self.tracker.tables]:
            del self.legacy[table_id]  # over: its timing is needed no more

    async def _seat(
        self, table_id: str, state: TableState, seat: int, turn: int, stored: float, now: float
    ) -> None:
        player_id = state.players[seat] or ""
        prefs = await self.outbox.preferences(player_id)
        if state.stand_in(seat):  # the seat's stand-in plays it, through the bots role
            return
        if seat in state.forfeited:  # older records: the random bot plays the seat at once
            await self._time_out(table_id, seat, turn, "bot", state.version)
            return
        since = self.clock.from_store(stored)
        vacation = [self.clock.from_store(t) for t in prefs.vacation] if prefs else []
        idle = now - since - paused(vacation, since, now)
        await self._check(table_id, seat, turn, idle, since)

    def _fault(self, table_id: str, seat: int, exc: Exception) -> None:
        """Log a failing seat once per kind of failure (a tick repeats every few seconds)."""
        key = (table_id, seat, repr(exc))
        if key not in self.faults:
            if len(self.faults) > 10_000:
                self.faults.clear()
            self.faults.add(key)
            log.error("timer_failed", table_id=table_id, seat=seat, error=repr(exc))

    async def _check(self, table_id: str, seat: int, turn: int, idle: float, since: float) -> None:
        timing = await self.timing(table_id)
        deadline = timing.deadline * HOUR
        warn_at = deadline - timing.last_warning * HOUR
        track = self.tracker.tables[table_id]
        if deadline and idle >= deadline:  # the turn (forfeit: the seat) goes to the stand-in
            await self._time_out(table_id, seat, turn, timing.policy, track.state.version, STAND_IN)
            return
        facts = self.tracker.facts(track.state, seat)
        player_id = track.state.players[seat] or ""
        if deadline and timing.last_warning and idle >= warn_at:
            facts["deadline"] = _iso(since + deadline + (self.clock.now() - since - idle))
            await self.outbox.create(table_id=table_id, turn=turn, seat=seat, kind="last_warning",
                                     player_id=player_id, facts=facts)  # fmt: skip
            return
        first = timing.first_reminder * HOUR
        if idle < first or not timing.first_reminder:
            return
        every = timing.repeat_every * HOUR
        number = 1 + int((idle - first) // every) if every else 1
        await self.outbox.create(table_id=table_id, turn=turn, seat=seat, kind=f"reminder{number}",
                                 player_id=player_id, facts=facts)  # fmt: skip

    async def _time_out(
        self, table_id: str, seat: int, turn: int, policy: str, version: int, stand_in: str = ""
    ) -> None:
        if self.tables is None:
            return
        command = Command(
            command_id=timeout_command_id(table_id, turn, seat),
            table_id=table_id,
            player_id=NOTIFY_PLAYER,
            action=TimeOutTurn(
                seat=seat,
                policy=cast(TimeoutPolicy, policy),
                turn=turn,
                stand_in=stand_in,  # the bots role plays it ("": the table's random bot)
            ),
            expected_version=version,
            correlation_id=uuid.uuid4().hex,
        )
        outcome = await self.tables.send(command)
        code = outcome.error.code if outcome.error else ""
        if code in ("broker_timeout", "broker_unavailable"):  # sent again on a later tick
            log.warning("timeout_not_sent", table_id=table_id, seat=seat, code=code)
        elif outcome.accepted:
            self.timed_out.append(command.command_id)
            log.info("turn_timed_out", table_id=table_id, seat=seat, turn=turn, policy=policy)
        else:
            log.info("timeout_rejected", table_id=table_id, seat=seat, code=code)


def _iso(epoch: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M")
