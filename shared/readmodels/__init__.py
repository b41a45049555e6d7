"""Persisted read models: table summaries, players' tables, results, standings, ratings and
audit verdicts as SQL rows beside the events, kept by `ReadModelProjection`, read by
`queries` (see docs/readmodels.md)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from shared.messaging.lease import lease_for
from shared.messaging.port import Broker
from shared.projections.runner import ProjectionRunner
from shared.readmodels.db import ReadModelDB
from shared.readmodels.projector import LINGER, ReadModelProjection
from shared.readmodels.schema import MODELS, create_schema
from shared.store import EventStore

__all__ = ["MODELS", "ReadModelDB", "ReadModelProjection", "ReadModels"]


class ReadModels:
    """The read-model database of a store and this process's runner of its projection.

    `following=False` runs no projection in this process (its lists are then as current as
    the runners elsewhere keep them). `pause` (seconds, a test hook) pauses after each
    committed batch, so a SIGKILL lands between batches. One runner per deployment folds:
    the lease `<prefix>.readmodels.lease` where processes share a broker.
    """

    def __init__(
        self,
        store: EventStore,
        broker: Broker | None = None,
        *,
        following: bool = True,
        pause: float = 0.0,
    ) -> None:
        self.db = ReadModelDB.of(store)
        self.following = following
        self.broker = broker  # its commit signals wake the runner (unless `wake_with`)
        self.projection = ReadModelProjection(store, self.db, pause=pause)
        lease = lease_for(broker, "readmodels.lease") if broker is not None else None
        self.runner = ProjectionRunner(
            store, self.projection, lease=lease, signals=broker, linger=LINGER
        )
        self.store = store
        self.users = 0  # services of this process using it (gateway, scoring)

    def wake_with(self, hooks: list[Callable[[], None]]) -> None:
        """Be woken by another subscription of this process to the events exchange (by
        adding the wake-up to its `hooks`) instead of hearing of commits itself (PostgreSQL
        NOTIFY or commit signals); before the first start only."""
        if self.users == 0:
            self.runner.hears_commits = False
            hooks.append(self.runner.wake)

    async def start(self) -> None:
        """Create the tables if missing and start following the store (first user only)."""
        self.users += 1
        if self.users == 1:
            await asyncio.to_thread(create_schema, self.db)
            await self.runner.resume()
            if self.following:
                self.runner.start()

    async def stop(self) -> None:
        """Stop following (last user only); the connections close with the store."""
        self.users -= 1
        if self.users == 0:
            await self.runner.stop()
