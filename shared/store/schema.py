"""The PostgreSQL schema a store lives in: created when missing, before the tables are."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping


def ensure_schema(env: Mapping[str, str]) -> None:
    """CREATE SCHEMA IF NOT EXISTS for a PostgreSQL store environment (others: nothing).

    Processes starting together may race; the loser finds the schema made by the winner.
    """
    schema = env.get("POSTGRES_SCHEMA", "")
    if env.get("PERSISTENCE_MODULE") != "eventsourcing.postgres" or schema in ("", "public"):
        return
    import psycopg
    from psycopg import sql

    connection = psycopg.connect(
        dbname=env["POSTGRES_DBNAME"],
        host=env["POSTGRES_HOST"],
        port=int(env["POSTGRES_PORT"]),
        user=env["POSTGRES_USER"],
        password=env.get("POSTGRES_PASSWORD") or None,
        connect_timeout=int(env.get("POSTGRES_CONNECT_TIMEOUT", "5")),
        autocommit=True,
    )
    with connection, contextlib.suppress(psycopg.errors.UniqueViolation):
        connection.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
