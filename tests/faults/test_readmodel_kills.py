"""SIGKILL of the process that projects the read models, between two of its batches, again
and again under a bot load: no event applied twice, none skipped; the rows equal a rebuild.

The gateway runs no projector here (SENET_READMODELS_PROJECTOR=off), so `senet scoring`
is the only writer of the read models; it pauses after each committed batch
(SENET_READMODELS_PAUSE), so each kill lands between a batch's commit and the next batch.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from shared.readmodels import MODELS, ReadModelDB
from shared.readmodels.rebuild import rebuild
from shared.readmodels.schema import dump, positions
from shared.store import open_store
from tests.faults.cluster import Cluster
from tests.faults.load import Load

pytestmark = pytest.mark.integration

KILLS = 4
MOVES_BETWEEN = 40  # accepted moves between two kills


@pytest.fixture
async def cluster(
    amqp_url: str, postgres_url: str, unique_name: str, tmp_path: Path
) -> AsyncIterator[Cluster]:
    """The four roles; only scoring projects, pausing after each batch."""
    running = Cluster(
        store=f"{postgres_url}&pool_size=2", broker=amqp_url, prefix=unique_name, logs=tmp_path,
        env={
            "gateway": {"SENET_READMODELS_PROJECTOR": "off"},
            "scoring": {"SENET_READMODELS_PAUSE": "0.2"},
        },
    )  # fmt: skip
    try:
        await running.start_all()
        yield running
    finally:
        running.stop_all()
        await running.delete_broker_objects()


async def test_a_projector_killed_between_batches_applies_every_event_exactly_once(
    cluster: Cluster,
) -> None:
    load = Load(cluster.url)
    load.start()
    for kill in range(1, KILLS + 1):
        await cluster.guard(load.until_moves(kill * MOVES_BETWEEN))
        cluster.kill("scoring")
        await asyncio.sleep(0.3)
        await cluster.restart("scoring")
    await cluster.guard(load.finish())

    store = open_store(cluster.store)
    db = ReadModelDB.of(store)
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 120
        while True:  # verdicts are events too: caught up when nothing new comes
            last = store.last_position()
            if min(positions(db).values()) >= last and not db.query(
                "SELECT 1 FROM rm_tables t LEFT JOIN rm_verdicts v ON v.table_id = t.table_id"
                " WHERE t.finished_pos IS NOT NULL AND v.table_id IS NULL"
            ):
                await asyncio.sleep(1.5)
                if store.last_position() == last:
                    break
            assert loop.time() < deadline, "the read models did not catch up"
            await asyncio.sleep(0.3)
        cluster.stop_all()  # nobody projects while the rows are compared
        live = {model: dump(db, model) for model in MODELS}

        results = live["results"]["rm_results"]
        per_table = Counter(row[1] for row in results)  # (player_id, table_id, ...)
        assert len(per_table) == load.tables  # every game finished and was scored
        assert all(count == len(load.players[t]) for t, count in per_table.items())
        games = {(row[0], row[1]): row[3] for row in live["results"]["rm_standings"]}
        played = Counter((row[3], row[0]) for row in results)  # (game, player): results
        assert games == dict(played)  # no game counted twice in the standings
        assert len(live["tables"]["rm_tables"]) == load.tables
        assert len(live["verdicts"]["rm_verdicts"]) == load.tables

        await rebuild(store)
        assert {model: dump(db, model) for model in MODELS} == live
    finally:
        store.close()
