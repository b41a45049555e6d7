"""A table's state from the store on demand: its newest snapshot plus the events after it.

Any service that needs one table (the gateway's view cache, read-model projectors,
scoring) calls `load_table`; nothing needs to fold the whole log to see one table.
Snapshots are eventsourcing's (the store's snapshot store, same database as the events) of
the `Table` aggregate. They are taken lazily by readers: a load that had to fold
`SNAPSHOT_EVERY` events or more past the newest snapshot, or any event of a finished game,
saves a new one, so the next load of that table reads one snapshot and few events. Two
readers racing to save the same snapshot is harmless (the second one's insert is refused).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from itertools import chain
from typing import Any
from uuid import UUID

import msgspec
import structlog
from eventsourcing.application import project_aggregate
from eventsourcing.persistence import IntegrityError

from shared.games.registry import get_game
from shared.store import EventStore
from shared.tables.aggregate import Table
from shared.tables.events import TableCreated
from shared.tables.state import OVER, TableState, decode_event

log = structlog.get_logger("senet.tables")
SNAPSHOT_EVERY = 50  # events folded past the newest snapshot before a load saves a new one
# What a snapshot that no longer fits the code (a game's state class changed) raises on reading.
_UNREADABLE = (msgspec.DecodeError, msgspec.ValidationError, TypeError, KeyError, ValueError)


@dataclass(frozen=True)
class LoadedTable:
    """A table's state and what it cost to load."""

    state: TableState
    snapshot_version: int  # the version of the snapshot it started from (0: none)
    events_read: int  # events folded after the snapshot
    snapshot_saved: bool  # this load saved a new snapshot
    created_at: str = ""  # when the table opened and when its last event was stored (ISO 8601)
    updated_at: str = ""


def table_key(table_id: str) -> UUID | None:
    """The aggregate id of a table id (None if it is not a UUID)."""
    try:
        return UUID(table_id)
    except ValueError:
        return None


def load_table(
    store: EventStore, table_id: str, snapshot_every: int = SNAPSHOT_EVERY
) -> LoadedTable | None:
    """The table's current state (None for an unknown table); blocking, run it in a thread."""
    key = table_key(table_id)
    if key is None:
        return None
    snapshots: list[Any] = []
    if store.snapshots is not None:
        try:
            snapshots = list(store.snapshots.get(key, desc=True, limit=1))
        except _UNREADABLE as exc:
            log.warning("snapshot_unreadable", table_id=table_id, error=repr(exc))
    since = snapshots[0].originator_version if snapshots else None
    events = list(store.events.get(key, gt=since))
    aggregate = project_aggregate(None, chain(snapshots, events))
    if not isinstance(aggregate, Table):
        return None  # no such aggregate, or another kind (a player's id is a UUID too)
    state = aggregate.table
    due = len(events) >= snapshot_every or (state.status == OVER and bool(events))
    saved = False
    if due and store.snapshots is not None:
        with contextlib.suppress(IntegrityError):  # another reader saved it first
            store.snapshots.put([Table.Snapshot.take(aggregate)])
            saved = True
    return LoadedTable(
        state, since or 0, len(events), saved,
        created_at=aggregate.created_on.isoformat(), updated_at=aggregate.modified_on.isoformat(),
    )  # fmt: skip


class LoggedEvent(msgspec.Struct, frozen=True, kw_only=True):
    """One stored event of a table, decoded."""

    version: int
    name: str
    time: str  # ISO 8601
    seat: int | None
    event: Any  # the TableCreated, table or game event


def table_log(
    store: EventStore, table_id: str, after: int = 0, limit: int | None = None
) -> list[LoggedEvent]:
    """The table's stored events after a version (at most `limit`), oldest first; blocking."""
    key = table_key(table_id)
    if key is None:
        return []
    out: list[LoggedEvent] = []
    for event in store.events.get(key, gt=after, limit=limit):
        time = event.timestamp.isoformat()  # type: ignore[attr-defined]
        if isinstance(event, Table.Created):
            created = msgspec.convert(event.payload, type=TableCreated)
            out.append(
                LoggedEvent(version=1, name="TableCreated", time=time, seat=None, event=created)
            )
        elif isinstance(event, Table.Recorded):
            decoded = decode_event(get_game(event.game), event.name, event.payload)
            out.append(
                LoggedEvent(
                    version=event.originator_version, name=event.name, time=time,
                    seat=event.seat, event=decoded,
                )
            )  # fmt: skip
    return out
