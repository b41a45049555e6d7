"""Services starting together on a fresh PostgreSQL schema all get their store."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from shared.store import EventStore, open_store

STARTING = 4  # processes of a deployment starting at once (gateway, table, relay, scoring)


def test_stores_opened_at_once_on_a_fresh_schema_all_open(postgres_url: str) -> None:
    url = f"{postgres_url}&pool_size=1"
    with ThreadPoolExecutor(STARTING) as pool:
        stores: list[EventStore] = list(pool.map(lambda _: open_store(url), range(STARTING)))
    try:
        assert [store.last_position() for store in stores] == [0] * STARTING
    finally:
        for store in stores:
            store.close()
