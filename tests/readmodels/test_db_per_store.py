"""One read-model database per store: shared by its users, closed with the store, and not
opened again by a late user (which would hold connections nobody closes)."""

from __future__ import annotations

import psycopg_pool
import pytest

from shared.readmodels.db import ReadModelDB
from shared.store import open_store


def test_the_stores_users_share_one_pool_that_closes_with_it_for_good(postgres_url: str) -> None:
    store = open_store(postgres_url)
    db = ReadModelDB.of(store)
    assert ReadModelDB.of(store) is db
    assert db.query("SELECT 1") == [(1,)]
    other = open_store(postgres_url)
    assert ReadModelDB.of(other) is not db  # another store, its own
    other.close()

    store.close()
    with pytest.raises(psycopg_pool.PoolClosed):
        db.query("SELECT 1")
