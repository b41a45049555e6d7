"""The player-view projector: folds the event stream into per-table read models.

It consumes the events exchange through its own queue and tracks the last store position
it applied. Its read model lives in memory and is rebuilt from the store when it starts,
so a rebuild and live consumption give the same views by construction (and a test checks
it). A message that skips positions makes it read the missing events from the store; one
at or below its position is a duplicate and is skipped.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec
import structlog

from shared.contracts.envelopes import EventEnvelope
from shared.messaging.port import Broker
from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.events import TableCreated
from shared.tables.follower import LogFollower
from shared.tables.state import TableState

log = structlog.get_logger("senet.views")


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

    async def start(self) -> None:
        """Subscribe to the events exchange, then catch up from the store."""
        if self.broker is not None:
            exchange = self.broker.topology.events_exchange
            await self.broker.subscribe(exchange, "#", self.on_delivery, queue=None)
        await self.catch_up()
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
        """Wait until the table's read model reaches a version; False on timeout."""

        def reached() -> bool:
            model = self.tables.get(table_id)
            return model is not None and model.state.version >= version

        async with self.changed:
            try:
                await asyncio.wait_for(self.changed.wait_for(reached), timeout)
            except TimeoutError:
                return False
        return True

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
