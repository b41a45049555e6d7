"""Every table's views folded from the whole log: the oracle the live cache is checked
against (tests), and the rebuild figure of `senet bench audit`. The gateway never runs it."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from typing import Any

from services.gateway.views.table_cache import TableModel
from shared.contracts.envelopes import EventEnvelope
from shared.projections.runner import Batch, Projection, ProjectionRunner
from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.reader import LoggedEvent

BATCH = 1000  # stored events read at a time


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while the views are rebuilt.

    A rebuild allocates millions of objects that all stay alive; each collection would walk
    them again (measured: 1.7x faster without). Reference counting still frees what is
    dropped; collection resumes after (and was not paused by someone else, which this
    leaves alone).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class RebuiltViews(Projection):
    """Each table's state and log, folded from every stored event (in memory)."""

    name = "rebuild"

    def __init__(self, store: EventStore) -> None:
        self.size = BATCH
        self.position = 0
        self.tables: dict[str, TableModel] = {}
        self.logs: dict[str, list[LoggedEvent]] = {}
        self.runner = ProjectionRunner(store, self)

    def max_tracking_id(self) -> int:
        """The position folded (in memory)."""
        return self.position

    async def process(self, batch: Batch) -> bool:
        """Fold a batch's table events."""
        for envelope in batch.envelopes():
            await self.apply(envelope)
        self.position = batch.end
        return True

    async def catch_up(self) -> int:
        """Fold every stored event after the position; how many were read."""
        with _gc_paused():
            return await self.runner.catch_up()

    async def apply(self, envelope: EventEnvelope) -> None:
        """Fold one envelope into its table's state and log."""
        event: Any
        if envelope.name == "TableCreated":
            event = table_state.decode_stored(None, envelope.name, envelope.payload)
            self.tables[envelope.table_id] = TableModel(
                table_state.created(envelope.table_id, event),
                created_at=envelope.time,
                updated_at=envelope.time,
            )
            self.logs[envelope.table_id] = []
            self.tables[envelope.table_id].stamp(envelope.time)
        else:
            model = self.tables[envelope.table_id]
            event = table_state.decode_stored(model.state.spec, envelope.name, envelope.payload)
            model.state = table_state.evolve(model.state, event)
            model.updated_at = envelope.time
            model.stamp(envelope.time)
        self.logs[envelope.table_id].append(
            LoggedEvent(
                version=envelope.version, name=envelope.name, time=envelope.time,
                seat=envelope.seat, event=event,
            )
        )  # fmt: skip


async def rebuilt_views(store: EventStore) -> RebuiltViews:
    """Every table folded from the store."""
    rebuilt = RebuiltViews(store)
    await rebuilt.catch_up()
    return rebuilt
