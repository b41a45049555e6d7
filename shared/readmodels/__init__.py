"""Persisted read models: table summaries, players' tables, results, standings, ratings and
audit verdicts as SQL rows beside the events, kept by `ReadModelProjector`, read by
`queries` (see docs/readmodels.md)."""

from __future__ import annotations

from shared.messaging.port import Broker
from shared.readmodels.db import ReadModelDB
from shared.readmodels.projector import ReadModelProjector
from shared.readmodels.schema import MODELS
from shared.store import EventStore

__all__ = ["MODELS", "ReadModelDB", "ReadModelProjector", "ReadModels"]


class ReadModels:
    """The read-model database of a store and this process's projector of it."""

    def __init__(self, store: EventStore, broker: Broker | None = None) -> None:
        self.db = ReadModelDB.of(store)
        self.projector = ReadModelProjector(store, self.db, broker)
        self.store = store
        self.users = 0  # services of this process using it (gateway, scoring)

    async def start(self) -> None:
        """Create the tables if missing and start following the store (first user only)."""
        self.users += 1
        if self.users == 1:
            await self.projector.start()

    async def stop(self) -> None:
        """Stop following and close the connections (last user only)."""
        self.users -= 1
        if self.users == 0:
            await self.projector.stop()
            self.db.close()
