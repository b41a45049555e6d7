"""The scoring service: live over the broker equals a rebuild; every finished game is verified."""

from __future__ import annotations

import asyncio

from services.cli.platform import Platform
from services.scoring.service import ScoringService
from shared.readmodels import MODELS
from shared.readmodels.rebuild import rebuild
from shared.readmodels.schema import dump
from tests.platform import embedded_config, open_table, play_moves


async def test_scoring_live_equals_rebuild_and_verifies_every_finished_game(
    tmp_path, aiohttp_client
) -> None:
    platform = Platform(embedded_config(f"sqlite:///{tmp_path}/senet.db"))
    await platform.start()
    try:
        assert platform.app is not None
        client = await aiohttp_client(platform.app)
        live = ScoringService(platform.store, platform.broker)  # a second projector, same rows
        await live.start()
        tables = []
        for seed in range(2):
            table_id, players = await open_table(client, "sobek", 2)
            await play_moves(client, table_id, players, seed=seed)
            tables.append(table_id)
        last = platform.store.last_position()
        for _ in range(100):
            recorded = live.positions.get("scoring")
            if live.position >= last and live.metrics["games_verified"] >= 2 and recorded >= last:
                break  # the position is recorded just after it is applied
            await asyncio.sleep(0.05)
        db = live.readmodels.db
        await live.readmodels.runner.catch_up()  # the verdicts just saved are events too
        results = db.query("SELECT DISTINCT table_id FROM rm_results")
        assert sorted(r[0] for r in results) == sorted(tables)
        assert live.metrics["games_verified"] == 2
        assert live.flagged == []
        assert live.positions.get("scoring") >= last

        before = {m: dump(db, m) for m in MODELS}
        await rebuild(platform.store)
        assert {m: dump(db, m) for m in MODELS} == before
        await live.stop()
    finally:
        await platform.stop()
