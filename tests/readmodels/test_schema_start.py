"""Processes starting together on a fresh PostgreSQL schema all get their read-model tables."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from shared.readmodels import MODELS, ReadModelDB
from shared.readmodels.schema import create_schema, positions

STARTING = 4


def test_read_model_tables_created_at_once_by_several_processes(postgres_url: str) -> None:
    dbs = [ReadModelDB.for_url(postgres_url) for _ in range(STARTING)]
    try:
        with ThreadPoolExecutor(STARTING) as pool:
            list(pool.map(create_schema, dbs))
        assert positions(dbs[0]) == dict.fromkeys(MODELS, 0)
        assert dbs[1].query("SELECT COUNT(*) FROM rm_tables") == [(0,)]
    finally:
        for db in dbs:
            db.close()
