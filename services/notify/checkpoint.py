"""Notify's checkpoint: what it had folded at a position, so a restart reads only what came after.

The notify service folds the event log into the turns of the tables still being played and
the notices not yet sent. Without a checkpoint it would fold the whole log at every start,
so its start-up time grew with every game ever played. A checkpoint is one row in the
store's database (table `notify_checkpoint`): the position, each active table's turn marks
(its state is loaded at that version from the store: snapshot plus events, as everywhere
else), the ids of the notices not yet final, and the tables parked by a poison event.

It is written only at a command boundary (nothing half-judged) and only up to the position
recorded as decided, so a restart from it creates no notice twice; losing it (or a row that
no longer decodes) costs one fold of the whole log, nothing else.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

import msgspec
import structlog

from services.notify.turns import Track, TurnTracker
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore

log = structlog.get_logger("senet.notify")

EVERY = 1000  # store events folded between two checkpoints (and one at every clean stop)
RESTORE_THREADS = 4  # tables loaded at once when resuming

_DDL = (
    "CREATE TABLE IF NOT EXISTS notify_checkpoint ("
    " name TEXT PRIMARY KEY, position BIGINT NOT NULL, body TEXT NOT NULL)"
)


class TrackMark(msgspec.Struct, frozen=True, kw_only=True):
    """One active table as the tracker knew it: its version and who had to act since when."""

    table_id: str
    version: int
    acting: list[tuple[int, int, float]]  # (seat, turn, since)
    command: str | None
    seat: int | None
    time: float


class Checkpoint(msgspec.Struct, frozen=True, kw_only=True):
    """Notify's folded state at `position` (a command boundary)."""

    position: int
    tables: list[TrackMark]
    notices: list[str]  # ids of notices not final yet
    poisoned: dict[str, str]  # table id -> the poison event that parked it


def capture(
    position: int, tracker: TurnTracker, notices: set[UUID], poisoned: dict[str, str]
) -> Checkpoint:
    """The checkpoint of a tracker at a command boundary (no command open)."""
    assert tracker.open is None, "a checkpoint is taken between commands only"
    marks = [
        TrackMark(
            table_id=table_id,
            version=track.state.version,
            acting=[(seat, turn, since) for seat, (turn, since) in sorted(track.acting.items())],
            command=track.command,
            seat=track.seat,
            time=track.time,
        )
        for table_id, track in tracker.tables.items()
        if not track.done
    ]
    return Checkpoint(
        position=position,
        tables=marks,
        notices=sorted(str(n) for n in notices),
        poisoned=dict(poisoned),
    )


def restore(store: EventStore, tracker: TurnTracker, checkpoint: Checkpoint) -> None:
    """Put the checkpoint's tables back into the tracker (blocking: run it in a thread).

    Each table is one snapshot-plus-events read; a few run at once, since a start waits on
    the database's round trips rather than on the CPU.
    """

    def load(mark: TrackMark) -> Track:
        aggregate: Any = store.repository.get(UUID(mark.table_id), version=mark.version)
        return Track(
            state=aggregate.table,
            acting={seat: (turn, since) for seat, turn, since in mark.acting},
            command=mark.command,
            seat=mark.seat,
            time=mark.time,
        )

    with ThreadPoolExecutor(max_workers=RESTORE_THREADS) as pool:
        for mark, track in zip(checkpoint.tables, pool.map(load, checkpoint.tables), strict=True):
            tracker.tables[mark.table_id] = track


class CheckpointStore:
    """The `notify_checkpoint` row of one notify consumer, in the store's database."""

    def __init__(self, db: ReadModelDB, name: str = "notify") -> None:
        self.db = db
        self.name = name
        self._ready = False
        self._decoder = msgspec.json.Decoder(Checkpoint)

    def _table(self) -> None:
        if not self._ready:
            with self.db.transaction() as cursor:
                cursor.execute(_DDL)
            self._ready = True

    def load(self) -> Checkpoint | None:
        """The newest checkpoint, or None (none yet, or one this code cannot read)."""
        self._table()
        rows = self.db.query("SELECT body FROM notify_checkpoint WHERE name = ?", (self.name,))
        if not rows:
            return None
        try:
            return self._decoder.decode(rows[0][0])
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            log.warning("notify_checkpoint_unreadable", error=repr(exc))
            return None

    def save(self, checkpoint: Checkpoint) -> None:
        """Replace the checkpoint (blocking)."""
        self._table()
        body = msgspec.json.encode(checkpoint).decode()
        with self.db.transaction() as cursor:
            cursor.execute(
                "INSERT INTO notify_checkpoint (name, position, body) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET position = excluded.position,"
                " body = excluded.body",
                (self.name, checkpoint.position, body),
            )

    def clear(self) -> None:
        """Forget the checkpoint (the next start folds the whole log)."""
        self._table()
        with self.db.transaction() as cursor:
            cursor.execute("DELETE FROM notify_checkpoint WHERE name = ?", (self.name,))
