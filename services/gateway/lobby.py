"""The lobby list of today: the newest tables of the store, a bounded query.

Tables are found newest first through the store's log of `Table.Created` events (read
backwards in windows) and their states come from the view cache or, without filling it,
from the store. Persisted table summaries will replace this.
"""

from __future__ import annotations

import asyncio

from services.gateway.projector import ViewProjector
from shared.store import EventStore
from shared.tables.envelopes import TABLE_TOPIC_PREFIX
from shared.tables.loading import load_table
from shared.tables.state import TableState

CREATED_TOPIC = f"{TABLE_TOPIC_PREFIX}Created"
NEWEST = 100  # tables listed
WINDOW = 20_000  # store positions read per step backwards


def newest_table_ids(store: EventStore, count: int = NEWEST) -> list[str]:
    """The ids of the newest tables, newest first; blocking."""
    ids: list[str] = []
    top = store.last_position()
    while top > 0 and len(ids) < count:
        start = max(0, top - WINDOW)
        notes = store.notifications(start, WINDOW, top, topics=[CREATED_TOPIC])
        ids.extend(str(note.originator_id) for note in reversed(notes))
        top = start
    return ids[:count]


async def newest_tables(projector: ViewProjector, store: EventStore) -> list[TableState]:
    """The states of the newest tables, oldest of them first."""
    ids = await asyncio.to_thread(newest_table_ids, store)
    states = []
    for table_id in reversed(ids):
        model = projector.cached(table_id)
        if model is not None:
            states.append(model.state)
            continue
        loaded = await asyncio.to_thread(load_table, store, table_id)
        if loaded is not None:
            states.append(loaded.state)
    return states
