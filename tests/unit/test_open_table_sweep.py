"""The idle-table sweep: its setting, and that a table with news since is left alone."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from services.cli.main import build_parser
from services.table.sweeper import DEFAULT_TTL, OpenTableSweeper, open_table_ttl
from services.table.worker import TableWorker
from shared.contracts.envelopes import CreateTable, JoinTable
from shared.messaging.memory import MemoryBroker
from shared.readmodels import ReadModels
from shared.store import open_store
from tests.harness.commands import new_command


def test_the_ttl_setting() -> None:
    assert open_table_ttl("") == DEFAULT_TTL == 7 * 24 * 3600
    assert build_parser({}).parse_args(["table"]).open_table_ttl == DEFAULT_TTL
    env = {"SENET_OPEN_TABLE_TTL": "90"}
    assert build_parser(env).parse_args(["serve"]).open_table_ttl == 90
    assert build_parser(env).parse_args(["serve", "--open-table-ttl", "60"]).open_table_ttl == 60
    for bad in ("soon", "0", "-5"):
        with pytest.raises(ValueError, match="SENET_OPEN_TABLE_TTL"):
            build_parser({"SENET_OPEN_TABLE_TTL": bad})


async def test_only_tables_idle_past_the_ttl_are_cancelled_and_only_once() -> None:
    store = open_store("memory")
    broker = MemoryBroker(prefix="sweep" + uuid.uuid4().hex[:6])
    await broker.connect()
    worker = TableWorker(store, broker)
    await worker.serve()
    try:
        idle, busy, started = (str(uuid.uuid4()) for _ in range(3))
        for table in (idle, busy, started):
            create = CreateTable(game="ra", seats=2, player_name="A")
            assert worker.decide_and_store(new_command(table, "a", create)).accepted
        assert worker.decide_and_store(new_command(started, "b", JoinTable(player_name="B")))
        models = ReadModels(store, following=False)
        await models.start()
        await models.runner.catch_up()
        sweeper = OpenTableSweeper(models.db, broker, ttl=3600)
        assert await sweeper.sweep() == 0  # nothing idle yet
        later = datetime.now(UTC) + timedelta(hours=2)
        # `busy` moves on after the read model showed it: its expiry is refused (table_active)
        assert worker.decide_and_store(new_command(busy, "b", JoinTable(player_name="B"))).accepted
        assert await sweeper.sweep(later) == 2  # idle, and `started` (seated, never begun)
        assert worker.tables.get(idle).table.status == "cancelled"  # type: ignore[union-attr]
        assert worker.tables.get(started).table.status == "cancelled"  # type: ignore[union-attr]
        assert worker.tables.get(busy).table.status == "open"  # type: ignore[union-attr]
        await models.runner.catch_up()  # the read model shows busy's join and idle's end
        assert await sweeper.sweep(later) == 1  # busy, now at version 3 and idle
        await models.runner.catch_up()
        assert await sweeper.sweep(later) == 0  # each table is cancelled once
        await models.stop()
    finally:
        await worker.close()
        await broker.cleanup()
        await broker.close()
