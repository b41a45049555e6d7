"""Table states for the read models: a bounded LRU of active tables, loaded on a miss.

A projector needs a table's state to say who must act and to score a finished game. The
cache keeps the states of tables being played (a finished table is dropped); a table not
in it, or cached at another version (another process applied the events in between), is
loaded from the store at the version wanted (`shared.tables.reader`: the nearest snapshot
and the events after it). Memory is bounded by `size`, never by the archive.

Events the fold does not know (a newer lobby event such as `TableCancelled`, written by a
newer table service) never stop a projector: `TableCancelled` sets the status `cancelled`,
any other unknown event only counts as a version.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import msgspec
import structlog

from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.reader import load_state
from shared.tables.state import TableState

log = structlog.get_logger("senet.readmodels")
CANCELLED = "cancelled"
DEFAULT_SIZE = 2000  # active tables kept; a miss costs one read of the table's events


def advance(state: TableState, name: str, payload: Any) -> TableState:
    """The state after one more event (`payload`: JSON bytes/Raw or builtins)."""
    try:
        event = table_state.decode_stored(state.spec, name, payload)
        return table_state.evolve(state, event)
    except (msgspec.ValidationError, msgspec.DecodeError, TypeError, KeyError, ValueError):
        status = CANCELLED if name == "TableCancelled" else state.status
        if name != "TableCancelled":
            log.warning("unknown_table_event", table_id=state.table_id, name=name)
        return msgspec.structs.replace(state, status=status, version=state.version + 1)


def load(store: EventStore, table_id: str, upto: int) -> tuple[TableState, str] | None:
    """A table's state after version `upto` and its creation time (`shared.tables.reader`)."""
    loaded = load_state(store, table_id, upto)
    return None if loaded is None else (loaded.state, loaded.created_at)


class StateCache:
    """Active tables' states (and creation times), least recently used dropped first."""

    def __init__(self, store: EventStore, size: int = DEFAULT_SIZE) -> None:
        self.store = store
        self.size = size
        self.states: OrderedDict[str, tuple[TableState, str]] = OrderedDict()
        self.misses = 0

    def created(self, table_id: str, state: TableState, created_at: str) -> None:
        """A table just opened."""
        self._keep(table_id, (state, created_at))

    def before(self, table_id: str, version: int) -> tuple[TableState, str] | None:
        """The state at version - 1 (for applying event `version`), loaded on a miss."""
        cached = self.states.get(table_id)
        if cached is not None and cached[0].version == version - 1:
            self.states.move_to_end(table_id)
            return cached
        self.misses += 1
        loaded = load(self.store, table_id, version - 1)
        if loaded is not None:
            self._keep(table_id, loaded)
        return loaded

    def after(self, table_id: str, state: TableState, created_at: str) -> None:
        """Remember the state after an event; a finished (seed revealed) or cancelled table
        is dropped."""
        if state.revealed_seed or state.status == CANCELLED:
            self.states.pop(table_id, None)
        else:
            self._keep(table_id, (state, created_at))

    def _keep(self, table_id: str, entry: tuple[TableState, str]) -> None:
        self.states[table_id] = entry
        self.states.move_to_end(table_id)
        while len(self.states) > self.size:
            self.states.popitem(last=False)
