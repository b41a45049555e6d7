"""The table worker's cache of Table aggregates: most recently used first, bounded."""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from uuid import UUID

from services.table.commands import table_uuid
from shared.store import EventStore
from shared.tables.aggregate import Table
from shared.tables.reader import load_aggregate


class TableCache:
    """Tables as last decided by this worker; a miss reads the table from the store."""

    def __init__(self, store: EventStore, size: int = 5000) -> None:
        self.store = store
        self.size = size
        self._tables: OrderedDict[UUID, Table] = OrderedDict()

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, table_id: str) -> Table | None:
        """The table (cached, else read from the store), or None if it does not exist;
        400 `bad_table_id` for an id that is not a UUID."""
        key = table_uuid(table_id)
        table = self._tables.get(key)
        if table is not None:
            self._tables.move_to_end(key)
            return table
        # The newest snapshot and the events after it; saving snapshots is the readers' job.
        table, _ = load_aggregate(self.store, table_id, save=False)
        return table

    def holds(self, table_id: str) -> bool:
        """True if the table is cached (its copy may be behind the store)."""
        try:
            return UUID(table_id) in self._tables
        except ValueError:
            return False

    def behind_store(self, table: Table) -> bool:
        """True if the store holds events of the table that this copy lacks."""
        newest = self.store.recorder.select_events(table.id, desc=True, limit=1)
        return bool(newest) and newest[0].originator_version > table.version

    def remember(self, table: Table) -> None:
        """Keep a table just saved; the least recently used one goes when full."""
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        while len(self._tables) > self.size:
            self._tables.popitem(last=False)

    def evict(self, table_id: str) -> None:
        """Forget a table (its copy may hold unsaved or outdated events)."""
        with contextlib.suppress(ValueError):
            self._tables.pop(UUID(table_id), None)
