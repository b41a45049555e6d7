"""The read-model database: the same database (and PostgreSQL schema) as the event store.

Plain SQL through the standard drivers: `sqlite3` (one connection per thread, the store's
file, WAL already on) or psycopg (a small pool whose connections use the store's schema).
Statements are written with `?` placeholders; they become `%s` on PostgreSQL. A `memory`
store gets a private in-memory SQLite database (tests and throwaway runs).
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3
import threading
import weakref
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from shared.store import EventStore
from shared.store.urls import store_env

Row = tuple[Any, ...]


def _outages() -> tuple[type[Exception], ...]:
    import psycopg
    import psycopg_pool

    return (
        sqlite3.OperationalError, psycopg.OperationalError, psycopg.InterfaceError,
        psycopg_pool.PoolTimeout,
    )  # fmt: skip


# What the drivers raise while the database is unreachable (or dropped our connections).
DB_OUTAGES: tuple[type[Exception], ...] = _outages()


class ReadModelDB:
    """Connections to the read-model tables of one store URL."""

    def __init__(self, env: Mapping[str, str]) -> None:
        """`env`: the event store's eventsourcing environment (`EventStore.env`)."""
        env = {k: env[k] for k in env if k.startswith(("PERSISTENCE", "POSTGRES", "SQLITE"))}
        self.postgres = env["PERSISTENCE_MODULE"] == "eventsourcing.postgres"
        self._local = threading.local()
        self._shared: sqlite3.Connection | None = None
        self._shared_lock = threading.RLock()
        self._pool: Any = None
        self._closed = False
        if self.postgres:
            self.schema = env.get("POSTGRES_SCHEMA") or "public"
            self._pg_kwargs = {
                "dbname": env["POSTGRES_DBNAME"],
                "host": env["POSTGRES_HOST"],
                "port": env["POSTGRES_PORT"],
                "user": env["POSTGRES_USER"],
                "password": env["POSTGRES_PASSWORD"],
                "connect_timeout": int(float(env.get("POSTGRES_CONNECT_TIMEOUT", "5"))),
            }
        elif env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
            self.path = env["SQLITE_DBNAME"]
            if self.path == ":memory:":
                self._shared = self._sqlite(":memory:")
        else:  # memory: a private database, shared by this process's threads
            self.path = ":memory:"
            self._shared = self._sqlite(":memory:")

    @classmethod
    def for_url(cls, url: str) -> ReadModelDB:
        """The read-model database of a store URL."""
        return cls(store_env(url))

    @classmethod
    def of(cls, store: EventStore) -> ReadModelDB:
        """The read-model database of an open event store: one per store, shared by every
        user in the process (the projectors, the relay's and the bots' positions, notify's
        checkpoints, the gateway's queries) and closed with the store."""
        with _OF_LOCK:
            db = _OF.get(store)
            if db is None:
                db = _OF[store] = cls(store.env)
                store.on_close(db.close)
            return db

    def _sqlite(self, path: str) -> sqlite3.Connection:
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=10)
        conn.execute("PRAGMA busy_timeout = 10000")
        return conn

    @contextlib.contextmanager
    def _sqlite_conn(self) -> Iterator[sqlite3.Connection]:
        if self._shared is not None:
            with self._shared_lock:
                yield self._shared
            return
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._sqlite(self.path)
        yield conn

    @property
    def pool(self) -> Any:
        """The PostgreSQL pool, opened on first use (at most 4 connections)."""
        with self._shared_lock:
            if self._pool is None:
                from psycopg_pool import ConnectionPool, PoolClosed

                if self._closed:  # a straggler (a cancelled thread's query) opens no new pool
                    raise PoolClosed("the read-model database was closed with its store")

                schema = self.schema

                def configure(conn: Any) -> None:
                    conn.execute(f'SET search_path TO "{schema}"')
                    conn.commit()

                self._pool = ConnectionPool(
                    kwargs=self._pg_kwargs, min_size=1, max_size=4, configure=configure,
                    open=True, timeout=10,
                )  # fmt: skip
            return self._pool

    def sql(self, statement: str) -> str:
        """A statement in the driver's placeholder style."""
        return statement.replace("?", "%s") if self.postgres else statement

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Cursor]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        if self.postgres:
            with self.pool.connection() as conn, conn.transaction():
                yield Cursor(self, conn.cursor())
            return
        with self._sqlite_conn() as conn:
            conn.execute("BEGIN IMMEDIATE")  # take the write lock now, not mid-transaction
            try:
                yield Cursor(self, conn.cursor())
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def query(self, statement: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of one read-only statement (autocommit)."""
        if self.postgres:
            with self.pool.connection() as conn:
                return [tuple(r) for r in conn.execute(self.sql(statement), params).fetchall()]
        with self._sqlite_conn() as conn:
            return conn.execute(statement, params).fetchall()

    def close(self) -> None:
        """Close the pool (for good) or this thread's connection."""
        with self._shared_lock:
            # A PostgreSQL pool is not opened again; SQLite connections are per thread.
            pool, self._pool, self._closed = self._pool, None, self.postgres
        if pool is not None:
            pool.close()
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None


_OF: weakref.WeakKeyDictionary[EventStore, ReadModelDB] = weakref.WeakKeyDictionary()
_OF_LOCK = threading.Lock()

ROWS_PER_STATEMENT = 100  # rows of one multi-row statement (SQLite allows 32,766 values)


class Cursor:
    """A cursor inside a transaction, taking `?` placeholders on both databases."""

    def __init__(self, db: ReadModelDB, cursor: Any) -> None:
        self.db = db
        self.cursor = cursor

    def execute(self, statement: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        self.cursor.execute(self.db.sql(statement), params)
        return int(self.cursor.rowcount)

    def executemany(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for many rows."""
        if rows:
            self.cursor.executemany(self.db.sql(statement), rows)

    def many_rows(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement (no other placeholders) whose `{values}` becomes `VALUES (?, ..),
        (?, ..)`: one round trip per `ROWS_PER_STATEMENT` rows, where `executemany` makes
        one per row.

        On PostgreSQL the marks are the server's own (`$1`, `$2`, ...) through a raw
        cursor: psycopg parses a statement of more than 50 parameters again on every
        execution (its cache stops there), which cost a gateway a twentieth of its CPU.
        """
        if not rows:
            return
        numbered = self.db.postgres
        if numbered:
            from psycopg import RawCursor

            cursor = RawCursor(self.cursor.connection)
        else:
            cursor = self.cursor
        width = len(rows[0])
        for at in range(0, len(rows), ROWS_PER_STATEMENT):
            chunk = rows[at : at + ROWS_PER_STATEMENT]
            values = _values(len(chunk), width, numbered=numbered)
            params = [value for row in chunk for value in row]
            cursor.execute(statement.replace("{values}", values), params)

    def fetchall(self, statement: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of a query."""
        self.cursor.execute(self.db.sql(statement), params)
        return [tuple(r) for r in self.cursor.fetchall()]


@functools.lru_cache(maxsize=256)
def _values(count: int, width: int, *, numbered: bool) -> str:
    """`VALUES` with `count` rows of `width` marks: `?` or numbered `$n`."""
    if not numbered:
        return "VALUES " + ", ".join(["(" + ", ".join("?" * width) + ")"] * count)
    rows = (
        "(" + ", ".join(f"${row * width + column + 1}" for column in range(width)) + ")"
        for row in range(count)
    )
    return "VALUES " + ", ".join(rows)
