"""Every table's views folded from the whole log: the oracle the live cache is checked
against (tests), and the rebuild figure of `senet bench audit`. The gateway never runs it."""

from __future__ import annotations

from typing import Any

from services.gateway.views.projector import TableModel
from shared.contracts.envelopes import EventEnvelope
from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.follower import LogFollower
from shared.tables.reader import LoggedEvent


class RebuiltViews(LogFollower):
    """Each table's state and log, folded from every stored event."""

    consumer = "rebuild"

    def __init__(self, store: EventStore) -> None:
        super().__init__(store)
        self.tables: dict[str, TableModel] = {}
        self.logs: dict[str, list[LoggedEvent]] = {}

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
