"""Persisted read models: table summaries, players' tables, results, standings, ratings and
audit verdicts as SQL rows beside the events, kept by `ReadModelProjector`, read by
`queries` (see docs/readmodels.md)."""

from __future__ import annotations

from collections.abc import Callable

from shared.messaging.lease import lease_for
from shared.messaging.port import Broker
from shared.readmodels.db import ReadModelDB
from shared.readmodels.projector import ReadModelProjector
from shared.readmodels.schema import MODELS
from shared.store import EventStore

__all__ = ["MODELS", "ReadModelDB", "ReadModelProjector", "ReadModels"]


class ReadModels:
    """The read-model database of a store and this process's projector of it.

    `following=False` runs no projector in this process (its lists are then as current as
    the projectors elsewhere keep them). `pause` (seconds, a test hook) pauses after each
    committed batch, so a SIGKILL lands between batches.
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
        # One active projector per deployment (a lease where processes share a broker).
        lease = lease_for(broker, "readmodels.lease") if broker is not None else None
        self.projector = ReadModelProjector(store, self.db, broker, pause=pause, lease=lease)
        self.store = store
        self.users = 0  # services of this process using it (gateway, scoring)

    def wake_with(self, hooks: list[Callable[[], None]]) -> None:
        """Be woken by another subscription of this process to the events exchange (by
        adding the wake-up to its `hooks`) instead of a queue of its own; before the first
        start only (after it, the projector has subscribed already)."""
        if self.users == 0:
            self.projector.broker = None
            hooks.append(self.projector.wake)

    async def start(self) -> None:
        """Create the tables if missing and start following the store (first user only)."""
        self.users += 1
        if self.users == 1:
            await self.projector.start(follow=self.following)

    async def stop(self) -> None:
        """Stop following and close the connections (last user only)."""
        self.users -= 1
        if self.users == 0:
            await self.projector.stop()
            self.db.close()
