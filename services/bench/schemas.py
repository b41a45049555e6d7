"""A fresh PostgreSQL schema for one bench run, dropped afterwards."""

from __future__ import annotations

import uuid
from collections.abc import Callable


async def postgres_schema(url: str) -> tuple[str, Callable[[], None]]:
    """A new schema on `url`'s database: its store URL and a function that drops it."""
    import psycopg

    schema = "bench_" + uuid.uuid4().hex[:8]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')

    def drop() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')

    return f"{url}?schema={schema}", drop
