"""Waiting for a table's version wakes on that table's news only: a request waiting on one
table is not woken (and does not re-check) when another table changes."""

from __future__ import annotations

import asyncio
import uuid

from services.gateway.views.table_cache import TableCache
from services.table.worker import TableWorker
from shared.store import open_store
from tests.harness.commands import play_some, started_table


async def test_a_waiter_wakes_for_its_own_table_and_not_for_another() -> None:
    store = open_store("memory")
    worker = TableWorker(store, None)  # type: ignore[arg-type]
    mine, other = str(uuid.uuid4()), str(uuid.uuid4())
    started_table(worker, mine)
    started_table(worker, other)
    views = TableCache(store, None)
    model = await views.get(mine)
    assert model is not None and await views.get(other) is not None
    wanted = model.state.version + 1
    checks = 0

    def reached() -> bool:
        nonlocal checks
        checks += 1
        return views.tables[mine].state.version >= wanted

    waiting = asyncio.create_task(views._news_of(mine, reached, 5.0))
    await asyncio.sleep(0.05)
    assert set(views.waiters) == {mine}
    before = checks
    for version in range(1, 20):
        await views._notify(other, version)  # another table's news
    await asyncio.sleep(0.05)
    assert checks == before and not waiting.done()
    play_some(worker, mine, 1)
    await views._read_newer(mine)  # the table's news: folded, then its waiters woken
    await asyncio.wait_for(waiting, 1.0)
    assert views.tables[mine].state.version >= wanted
    assert views.waiters == {}  # nothing left behind
