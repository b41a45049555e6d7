"""Event-store settings and access (eventsourcing on SQLite, PostgreSQL or in memory)."""

from shared.store import topics
from shared.store.store import STORE_OUTAGES, EventStore, open_store
from shared.store.urls import DEFAULT_STORE, store_env

__all__ = ["DEFAULT_STORE", "STORE_OUTAGES", "EventStore", "open_store", "store_env"]
topics.register_moved()
