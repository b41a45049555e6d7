"""Every log consumer's position, in one table of the store's database.

`consumer_positions` holds one row per consumer (the relay, each read model, the tournament
manager, notify, scoring): the last event-log position whose effects it recorded. A
projection moves its row in the same transaction as its effects with `advance` (a
compare-and-set: the row moves only from the position the batch was read after, so two
processes never both apply a batch). A consumer whose effects are safe to apply twice (the
relay's publish, confirmed by the broker; the bots' moves, commands with their ids) keeps a
`LazyPosition` instead: moved in memory after each batch, recorded with `record` now and
then, so a crash re-applies at most a few seconds of the log. A row is read as
eventsourcing's `Tracking`.

Old stores kept these positions elsewhere (eventsourcing's tracking table for the relay,
notify and scoring; `rm_positions` for the read models; `rm_tournament_positions`); a
consumer's row is made once from its old position (`ensure`), so an old store resumes where
it was.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from eventsourcing.persistence import Tracking

if TYPE_CHECKING:  # the read-model package imports this module: no import at run time
    from shared.readmodels.db import Cursor, ReadModelDB

DDL = (
    "CREATE TABLE IF NOT EXISTS consumer_positions "
    "(consumer TEXT PRIMARY KEY, position BIGINT NOT NULL)"
)
CREATE_ATTEMPTS = 5

__all__ = ["LazyPosition", "Positions", "Tracking"]


class Positions:
    """The consumers' positions in the store's database."""

    def __init__(self, db: ReadModelDB) -> None:
        self.db = db

    def ensure(self, consumer: str, old: Callable[[], int] = lambda: 0) -> None:
        """Create the table and the consumer's row if missing (the row from `old()`, its
        position in an older store); safe to run in several processes at once."""
        for attempt in range(1, CREATE_ATTEMPTS + 1):
            try:
                with self.db.transaction() as cur:
                    cur.execute(DDL)
                break
            except Exception:
                # Processes starting together race on PostgreSQL's CREATE ... IF NOT EXISTS.
                if attempt == CREATE_ATTEMPTS:
                    raise
                time.sleep(0.1 * attempt)
        if self.db.query("SELECT 1 FROM consumer_positions WHERE consumer = ?", (consumer,)):
            return
        position = old()
        with self.db.transaction() as cur:
            cur.execute(
                "INSERT INTO consumer_positions (consumer, position) VALUES (?, ?) "
                "ON CONFLICT (consumer) DO NOTHING",
                (consumer, position),
            )

    def get(self, consumer: str) -> int:
        """The consumer's position (0 without a row)."""
        rows = self.db.query(
            "SELECT position FROM consumer_positions WHERE consumer = ?", (consumer,)
        )
        return int(rows[0][0]) if rows else 0

    def tracking(self, consumer: str) -> Tracking:
        """The consumer's position as eventsourcing's tracking record."""
        return Tracking(consumer, self.get(consumer))

    def record(self, tracking: Tracking) -> None:
        """Move a position forward, never back (the relay: after the broker's confirm)."""
        with self.db.transaction() as cur:
            cur.execute(
                "UPDATE consumer_positions SET position = ? WHERE consumer = ? AND position < ?",
                (tracking.notification_id, tracking.application_name, tracking.notification_id),
            )

    def reset(self, cur: Cursor, consumer: str) -> None:
        """Set a position to zero (a rebuild), inside the caller's transaction."""
        cur.execute("UPDATE consumer_positions SET position = 0 WHERE consumer = ?", (consumer,))


def advance(cur: Cursor, read: int, tracking: Tracking) -> bool:
    """In the caller's transaction, move the consumer's position from `read` (where its
    batch was read after) to the tracking record's; False if it was not `read` any more
    (another process applied the batch, or a rebuild reset it): the caller rolls back."""
    moved = cur.execute(
        "UPDATE consumer_positions SET position = ? WHERE consumer = ? AND position = ?",
        (tracking.notification_id, tracking.application_name, read),
    )
    return moved == 1


class LazyPosition:
    """The position of a consumer whose effects may be applied twice: moved in memory after
    each batch (`moved`), recorded at most every `every` seconds while batches come, and
    once the log went quiet (`caught_up`: a look found nothing new and no batch came for
    a fifth of `every`); a crash re-applies at most about `every`
    seconds of the log. A look that finds nothing just after a batch (a wake-up for a
    commit already read) records nothing."""

    def __init__(self, positions: Positions, consumer: str, every: float) -> None:
        self.positions = positions
        self.consumer = consumer
        self.every = every
        self.settle = every / 5  # no batch for this long: the log went quiet
        self.at = 0  # the position applied up to (maybe ahead of the recorded one)
        self.recorded = (0, time.monotonic())  # the position last recorded, and when
        self.last_batch = 0.0  # when the last batch was applied (monotonic)

    def current(self) -> int:
        """Where the next batch is read after: the recorded position, or the one applied up
        to if this process is ahead of it (called in a thread)."""
        return max(self.positions.get(self.consumer), self.at)

    async def moved(self, end: int) -> None:
        """A batch up to `end` was applied; record it if `every` seconds passed."""
        self.at = end
        self.last_batch = now = time.monotonic()
        if now - self.recorded[1] >= self.every:
            await self.record()

    async def caught_up(self) -> None:
        """After a look that read the log to its end: record if the log went quiet."""
        if self.at > self.recorded[0] and time.monotonic() - self.last_batch >= self.settle:
            await self.record()

    async def record(self) -> None:
        """Record the position applied up to (never moving the row back)."""
        at = self.at
        await asyncio.to_thread(self.positions.record, Tracking(self.consumer, at))
        self.recorded = (at, time.monotonic())
