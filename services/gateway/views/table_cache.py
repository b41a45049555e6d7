"""The gateway's table cache: a bounded cache of table states, loaded on demand, kept current
live; the player views are computed from them (`player.py`) and kept with each state.

A table's state is loaded from the store the first time it is asked for
(`shared.tables.reader.load_state`: the newest snapshot plus the newer events, and when
the turns under way began), or built from the reply of the command that opened it when
this gateway sent that command, and kept in a least-recently-used cache of `capacity`
tables.
Events from the events exchange keep the
cached tables current; events of uncached tables are ignored, unless a WebSocket listens to
that table (then it is loaded again). An evicted table is simply loaded again. Nothing is
read at start, so the gateway is ready at once whatever the size of the store.

Each table is followed by its version, not by a log position: an event at or below the
cached version is a duplicate (a relay that restarted republishes) and is skipped; one
beyond the next version means messages were missed, so the table's newer events are read
from the store. So it is no projection (`shared.projections.runner`): holding only some
tables, it has no one log position to follow from.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import structlog

from shared.contracts.envelopes import Committed, EventEnvelope
from shared.messaging.port import Broker, Delivery
from shared.observability import correlation, metrics
from shared.observability.logs import log_fields
from shared.readmodels.rows import TableSummary
from shared.store import STORE_OUTAGES, EventStore
from shared.tables import state as table_state
from shared.tables.envelopes import published
from shared.tables.reader import events, load_state
from shared.tables.state import TableState

log = structlog.get_logger("senet.views")
CATCH_UP_AFTER = 0.01  # seconds to wait for the relay before reading the store directly
STORE_FALLBACK = 1.0  # then: seconds without the awaited event before the store is read again
DEFAULT_CAPACITY = 2000  # tables (see GatewaySettings.table_cache)


@dataclass
class TableModel:
    """A cached table: its state and its views of the current version."""

    state: TableState
    views: dict[int | None, Any] = field(default_factory=dict)  # cache for the current version
    frames: dict[int | None, bytes] = field(default_factory=dict)  # the views, JSON-encoded
    summary: TableSummary | None = None  # shown by every seat's view of the current version
    created_at: str = ""  # ISO 8601: when the table opened, and its last event was stored
    updated_at: str = ""
    turn_times: dict[int, str] = field(default_factory=dict)  # version -> when it was stored

    def stamp(self, time: str) -> None:
        """After folding an event stored at `time`: remember when the turns that began at it
        began (`TableState.turn_began`), and forget the turns that are over."""
        began = {v for v in self.state.turn_began if v}
        if self.state.version in began:
            self.turn_times[self.state.version] = time
        for version in [v for v in self.turn_times if v not in began]:
            del self.turn_times[version]

    def turn_since(self) -> dict[int, str]:
        """Seat -> when its current turn began (ISO 8601), for every seat that must act."""
        began = self.state.turn_began
        return {s: self.turn_times[v] for s, v in enumerate(began) if v in self.turn_times}


class TableCache:
    """The gateway's cache of table states, current with the event stream.

    `newest_heard` is the newest store position this gateway has heard of (a relay batch, a
    command's outcome): a list read waits until the read models reach it (read your writes).
    """

    consumer = "views"  # the metric label and readiness key (kept stable for dashboards)

    def __init__(
        self, store: EventStore, broker: Broker | None, capacity: int = DEFAULT_CAPACITY
    ) -> None:
        self.store = store
        self.broker = broker
        self.capacity = max(1, capacity)
        self.tables: OrderedDict[str, TableModel] = OrderedDict()
        self.newest_heard = 0  # every list's wait target, and the lag metric's
        self.applied_events = 0  # events folded into cached tables (live or read)
        self.loads = 0  # tables loaded from the store
        self.loaded_events = 0  # events folded by those loads (after their snapshots)
        self.catch_ups = 0  # reads of a cached table's newer events from the store
        # Requests waiting for a table to reach a version: woken by that table's news only.
        self.waiters: dict[str, set[asyncio.Future[None]]] = {}
        self.listeners: dict[str, set[asyncio.Queue[int]]] = {}
        self.on_event: list[Callable[[], None]] = []  # called for every event delivered
        self.ready = False
        self.stopped = False
        self._loading: dict[str, asyncio.Future[TableModel | None]] = {}
        self._announced: dict[str, int] = {}  # newest version heard of, per table being loaded

    async def start(self) -> None:
        """Subscribe to the events exchange; no history is read."""
        if self.broker is not None:
            exchange = self.broker.topology.events_exchange
            await self.broker.subscribe(exchange, "#", self.on_delivery, queue=None)
        with contextlib.suppress(*STORE_OUTAGES):  # one cheap query, for the lag metric
            self.newest_heard = await self.store.call(self.store.last_position)
        self.ready = True
        log.info("views_ready", capacity=self.capacity)

    async def stop(self) -> None:
        """Stop applying deliveries. (The private queue ends with the broker's connection,
        which its owner closes.)"""
        self.ready, self.stopped = False, True

    # -- reading -------------------------------------------------------------------------

    async def get(self, table_id: str) -> TableModel | None:
        """The cached table, loaded from the store if needed; None for an unknown table."""
        model = self.tables.get(table_id)
        if model is not None:
            self.tables.move_to_end(table_id)
            return model
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(table_id))
            self._loading[table_id] = loading
        return await asyncio.shield(loading)

    def cached(self, table_id: str) -> TableModel | None:
        """The table if it is in the cache now (no load)."""
        return self.tables.get(table_id)

    def all(self) -> Iterator[TableModel]:
        """The cached tables, least recently used first."""
        return iter(list(self.tables.values()))

    async def _load(self, table_id: str) -> TableModel | None:
        try:
            loaded = await self.store.call(load_state, self.store, table_id)
        finally:
            self._loading.pop(table_id, None)
        if loaded is None:
            self._announced.pop(table_id, None)
            return None
        self.loads += 1
        self.loaded_events += loaded.events_read
        metrics.EVENTS_APPLIED.labels(self.consumer).inc(loaded.events_read)
        model = TableModel(
            loaded.state, created_at=loaded.created_at, updated_at=loaded.updated_at,
            turn_times=dict(loaded.turn_times),
        )  # fmt: skip
        self._keep(table_id, model)
        if self._announced.pop(table_id, 0) > model.state.version:
            await self._read_newer(table_id)  # an event published while we were reading
        elif self.listeners.get(table_id):
            # A load can bring versions its sockets have not been sent (a move on a table
            # evicted meanwhile, read back by `wait_for` before the relay's copy, which then
            # finds it cached and is skipped): they push what is new, or nothing.
            await self._notify(table_id, model.state.version)
        return model

    async def refresh(self, table_id: str) -> None:
        """Bring a cached table up to the store now (before refusing a request on its state)."""
        await self._read_newer(table_id)

    async def _read_newer(self, table_id: str) -> None:
        """Fold the cached table's stored events past its version (a gap, or a lost message)."""
        model = self.tables.get(table_id)
        if model is None:
            return
        self.catch_ups += 1
        newer = await self.store.call(events, self.store, table_id, model.state.version)
        folded = 0
        for entry in newer:
            if entry.version == model.state.version + 1:  # live ones may have come meanwhile
                self._fold(model, entry.event, entry.time)
                folded += 1
        if folded:
            await self._notify(table_id, model.state.version)

    # -- live ----------------------------------------------------------------------------

    async def on_delivery(self, delivery: Delivery) -> None:
        """Apply a published batch of events to their tables if cached (or watched by a
        WebSocket); events a reply already brought are skipped by their version, their
        payloads never decoded."""
        if self.stopped:
            return  # stopped: the broker's connection outlives this gateway
        for wake in self.on_event:
            wake()
        for envelope in published(delivery.body):
            await self.apply(envelope)

    def heard(self, position: int) -> None:
        """A store position this gateway learnt of (a command's outcome, a relay batch)."""
        self.newest_heard = max(self.newest_heard, position)

    async def apply_committed(
        self, table_id: str, committed: list[Committed], command_id: str
    ) -> None:
        """Fold the events a command just stored (from the table worker's reply) into the
        cached table, before the relay brings them (they are then duplicates)."""
        model = self.tables.get(table_id)
        if model is None:
            if not self._created(table_id, committed):
                return  # not cached: `wait_for` loads it from the store
            model = self.tables[table_id]
            committed = committed[1:]
            await self._notify(table_id, model.state.version)
        for event in committed:
            envelope = EventEnvelope(
                position=0, table_id=table_id, game=model.state.game, version=event.version,
                name=event.name, time=event.time, payload=event.payload, seat=event.seat,
                command_id=command_id, correlation_id=correlation.current(),
            )  # fmt: skip
            await self.apply(envelope)

    def _keep(self, table_id: str, model: TableModel) -> None:
        """Cache a table, evicting the least recently used beyond `capacity`."""
        self.tables[table_id] = model
        while len(self.tables) > self.capacity:
            self.tables.popitem(last=False)

    def _created(self, table_id: str, committed: list[Committed]) -> bool:
        """Cache a table this gateway's command just opened from the reply's `TableCreated`
        (what a load from the store would read back); False if the reply does not open it
        or a load of it is under way."""
        if not committed or committed[0].version != 1 or committed[0].name != "TableCreated":
            return False
        if table_id in self._loading:
            return False
        first = committed[0]
        opened = table_state.decode_stored(None, first.name, first.payload)
        model = TableModel(
            table_state.created(table_id, opened), created_at=first.time, updated_at=first.time
        )
        model.stamp(first.time)
        self._keep(table_id, model)
        self.applied_events += 1
        metrics.EVENTS_APPLIED.labels(self.consumer).inc()
        return True

    async def apply(self, envelope: EventEnvelope) -> None:
        """Fold an envelope into its cached table; a gap reads the table's newer events."""
        self.newest_heard = max(self.newest_heard, envelope.position)
        table_id = envelope.table_id
        model = self.tables.get(table_id)
        if model is None:
            if table_id in self._loading:
                self._announced[table_id] = max(self._announced.get(table_id, 0), envelope.version)
            elif self.listeners.get(table_id):
                model = await self.get(table_id)  # a WebSocket waits for it: load (with this)
                if model is not None:
                    await self._notify(table_id, model.state.version)
            return
        version = model.state.version
        if envelope.version <= version:
            return  # a duplicate, or already read from the store
        if envelope.version > version + 1:
            await self._read_newer(table_id)
            return
        event = table_state.decode_stored(model.state.spec, envelope.name, envelope.payload)
        self._fold(model, event, envelope.time)
        metrics.PROJECTOR_POSITION.labels(self.consumer).set(self.newest_heard)
        if log.is_enabled_for(logging.DEBUG):  # no context bound per event otherwise
            with structlog.contextvars.bound_contextvars(**log_fields(envelope)):
                log.debug(
                    "event_applied", projector=self.consumer, position=envelope.position,
                    version=envelope.version, name=envelope.name,
                )  # fmt: skip
        await self._notify(table_id, model.state.version)

    def _fold(self, model: TableModel, event: Any, time: str) -> None:
        model.state = table_state.evolve(model.state, event)
        model.updated_at = time
        model.stamp(time)
        model.views.clear()
        model.frames.clear()
        model.summary = None
        self.applied_events += 1
        metrics.EVENTS_APPLIED.labels(self.consumer).inc()

    async def _notify(self, table_id: str, version: int) -> None:
        for queue in self.listeners.get(table_id, ()):
            queue.put_nowait(version)
        for waiter in self.waiters.get(table_id, ()):
            if not waiter.done():
                waiter.set_result(None)

    async def wait_for(self, table_id: str, version: int, timeout: float) -> bool:
        """Wait until the cached table reaches a version (loading it if needed); False on
        timeout.

        When the broker brings nothing for a moment, the table's newer events are read from
        the store: the relay (maybe in another process, polling) brings news late, and an
        event published while our private queue was gone (a RabbitMQ restart) is lost.
        """

        def reached() -> bool:
            model = self.tables.get(table_id)
            return model is not None and model.state.version >= version

        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        wait = CATCH_UP_AFTER
        if await self._get_quietly(table_id) is None:
            return False
        while not reached():
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            await self._news_of(table_id, reached, min(remaining, wait))
            if not reached() and loop.time() < deadline:
                if table_id in self.tables:
                    with contextlib.suppress(*STORE_OUTAGES):
                        await self._read_newer(table_id)
                else:
                    await self._get_quietly(table_id)  # evicted meanwhile: load it again
            wait = STORE_FALLBACK
        return True

    async def _news_of(self, table_id: str, reached: Callable[[], bool], timeout: float) -> None:
        """Return once `reached()`, woken by this table's news only, or after `timeout`."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        waiting = self.waiters.setdefault(table_id, set())
        try:
            while not reached() and (left := deadline - loop.time()) > 0:
                waiter: asyncio.Future[None] = loop.create_future()
                waiting.add(waiter)
                try:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(waiter, left)
                finally:
                    waiting.discard(waiter)
        finally:
            if not waiting and self.waiters.get(table_id) is waiting:
                del self.waiters[table_id]

    async def _get_quietly(self, table_id: str) -> TableModel | None:
        """`get`; a store outage just means later (None)."""
        try:
            return await self.get(table_id)
        except STORE_OUTAGES as exc:
            log.warning("views_load_failed", table_id=table_id, error=repr(exc))
            return None

    def listen(self, table_id: str) -> asyncio.Queue[int]:
        """A queue that receives the table's version after every change."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self.listeners.setdefault(table_id, set()).add(queue)
        return queue

    def unlisten(self, table_id: str, queue: asyncio.Queue[int]) -> None:
        """Stop receiving changes of a table."""
        queues = self.listeners.get(table_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.listeners[table_id]
