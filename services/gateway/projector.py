"""The player-view projector: folds the event stream into per-table read models.

It consumes the events exchange through its own queue and tracks the last store position
it applied. Its read model lives in memory and is rebuilt from the store when it starts,
so a rebuild and live consumption give the same views by construction (and a test checks
it). A message that skips positions makes it read the missing events from the store; one
at or below its position is a duplicate and is skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec
import structlog

from shared.contracts.envelopes import EventEnvelope
from shared.messaging.port import Broker
from shared.store import STORE_OUTAGES, EventStore
from shared.tables import state as table_state
from shared.tables.events import TableCreated
from shared.tables.follower import LogFollower
from shared.tables.state import TableState

log = structlog.get_logger("senet.views")
CATCH_UP_AFTER = 0.01  # seconds to wait for the relay before reading the store directly
STORE_FALLBACK = 1.0  # then: seconds without the awaited event before the store is read again


@dataclass
class TableModel:
    """The read model of one table: its state and its log of (envelope, decoded event)."""

    state: TableState
    log: list[tuple[EventEnvelope, Any]] = field(default_factory=list)
    views: dict[int | None, Any] = field(default_factory=dict)  # cache for the current version


class ViewProjector(LogFollower):
    """Keeps every table's state and log up to date from the event stream."""

    consumer = "views"

    def __init__(self, store: EventStore, broker: Broker | None) -> None:
        super().__init__(store)
        self.broker = broker
        self.tables: dict[str, TableModel] = {}
        self.applied_events = 0
        self.changed = asyncio.Condition()
        self.listeners: dict[str, set[asyncio.Queue[int]]] = {}
        self.ready = False  # caught up with the store once after start (/readyz)

    async def start(self) -> None:
        """Subscribe to the events exchange, then catch up from the store."""
        if self.broker is not None:
            exchange = self.broker.topology.events_exchange
            await self.broker.subscribe(exchange, "#", self.on_delivery, queue=None)
        await self.catch_up()
        self.ready = True
        log.info("views_ready", position=self.position, tables=len(self.tables))

    async def applied(self, table_ids: set[str]) -> None:
        """Wake the WebSockets and view waiters of the tables that changed."""
        for table_id in table_ids:
            await self._notify(table_id)

    async def apply(self, envelope: EventEnvelope) -> None:
        """Fold one envelope into its table's state and log."""
        if envelope.name == "TableCreated":
            created = msgspec.json.decode(envelope.payload, type=TableCreated)
            model = TableModel(state=table_state.created(envelope.table_id, created))
            self.tables[envelope.table_id] = model
            model.log.append((envelope, created))
        else:
            model = self.tables[envelope.table_id]
            event = table_state.decode_event_json(model.state.spec, envelope.name, envelope.payload)
            model.state = table_state.evolve(model.state, event)
            model.log.append((envelope, event))
            model.views.clear()
        self.applied_events += 1

    async def _notify(self, table_id: str) -> None:
        model = self.tables.get(table_id)
        version = model.state.version if model else 0
        for queue in self.listeners.get(table_id, ()):
            queue.put_nowait(version)
        async with self.changed:
            self.changed.notify_all()

    async def wait_for(self, table_id: str, version: int, timeout: float) -> bool:
        """Wait until the table's read model reaches a version; False on timeout.

        When the broker brings nothing for `STORE_FALLBACK` seconds, the store is read: an
        event published while our private queue was gone (a RabbitMQ restart) or dropped
        after failing twice would otherwise leave the table stale until its next event.
        """

        def reached() -> bool:
            model = self.tables.get(table_id)
            return model is not None and model.state.version >= version

        # The relay (maybe in another process, polling; its events may even be lost with a
        # queue after a RabbitMQ restart) brings news late: read the store, which holds
        # every accepted move, first after a moment, then every STORE_FALLBACK seconds.
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        wait = CATCH_UP_AFTER
        while not reached():
            remaining = deadline - loop.time()
            if remaining <= 0:
                return False
            async with self.changed:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait_for(reached), min(remaining, wait))
            if not reached() and loop.time() < deadline:
                await self._catch_up_quietly()
            wait = STORE_FALLBACK
        return True

    async def _catch_up_quietly(self) -> None:
        """Read what the store has beyond our position; a store outage just means later."""
        try:
            await self.catch_up()
        except STORE_OUTAGES as exc:
            log.warning("views_catch_up_failed", error=repr(exc))

    def listen(self, table_id: str) -> asyncio.Queue[int]:
        """A queue that receives the table's version after every change."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self.listeners.setdefault(table_id, set()).add(queue)
        return queue

    def unlisten(self, table_id: str, queue: asyncio.Queue[int]) -> None:
        """Stop receiving changes of a table."""
        self.listeners.get(table_id, set()).discard(queue)

    def get(self, table_id: str) -> TableModel | None:
        """The read model of a table, or None."""
        return self.tables.get(table_id)

    def all(self) -> Iterator[TableModel]:
        """Every table's read model."""
        return iter(self.tables.values())
