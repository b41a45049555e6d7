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


def test_a_named_schema_that_does_not_exist_is_created_and_public_is_untouched(
    unique_name: str,
) -> None:
    from tests.conftest import PG_URL, require_server

    require_server("PostgreSQL", "127.0.0.1", 5432)
    import psycopg

    schema = f"senet_new_{unique_name}"

    def tables_in(name: str) -> set[str]:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            rows = conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = %s",
                (name,),
            ).fetchall()
        return {row[0] for row in rows}

    public_before = tables_in("public")
    try:
        store = open_store(f"{PG_URL}?schema={schema}")
        store.record_position("probe", 1)
        store.close()
        assert tables_in(schema)  # created, with the store's tables in it
        assert tables_in("public") == public_before  # a run leaves nothing in public
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
