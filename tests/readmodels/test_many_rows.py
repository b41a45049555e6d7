"""`Cursor.many_rows` on SQLite and PostgreSQL: many rows in chunks, each value in its place."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared.readmodels import db as rmdb
from shared.readmodels.db import ReadModelDB


@pytest.fixture(params=["sqlite", "postgresql"])
def model(request: pytest.FixtureRequest, tmp_path: Path) -> ReadModelDB:
    if request.param == "postgresql":
        return ReadModelDB.for_url(str(request.getfixturevalue("postgres_url")))
    return ReadModelDB.for_url(f"sqlite:///{tmp_path}/senet.db")


def test_more_rows_than_a_statement_holds_are_all_written_and_upserted(model: ReadModelDB) -> None:
    rows = [(f"k{i}", i, f"v{i}%?") for i in range(2 * rmdb.ROWS_PER_STATEMENT + 7)]
    try:
        with model.transaction() as cur:
            cur.execute("CREATE TABLE scratch (k TEXT PRIMARY KEY, n INTEGER, v TEXT)")
            cur.many_rows("INSERT INTO scratch (k, n, v) {values}", rows)
        with model.transaction() as cur:  # the same keys again: the upsert keeps one row each
            cur.many_rows(
                "INSERT INTO scratch (k, n, v) {values}"
                " ON CONFLICT (k) DO UPDATE SET n = excluded.n + 1000",
                rows[:5],
            )
            cur.many_rows("DELETE FROM scratch WHERE k IN ({values})", [("k5",), ("k6",)])
        stored = model.query("SELECT k, n, v FROM scratch ORDER BY n")
        upserted = [(k, n + 1000, v) for k, n, v in rows[:5]]
        expected = sorted(rows[7:] + upserted, key=lambda r: r[1])
        assert [tuple(r) for r in stored] == expected
    finally:
        with model.transaction() as cur:
            cur.execute("DROP TABLE IF EXISTS scratch")
        model.close()


def test_numbered_marks_count_across_rows() -> None:
    assert rmdb._values(2, 3, numbered=True) == "VALUES ($1, $2, $3), ($4, $5, $6)"
    assert rmdb._values(2, 1, numbered=False) == "VALUES (?), (?)"
