"""The read-model projector lingers between looks while events keep coming (one batch for
many moves), and a list request waiting for the newest event cuts the pause short."""

from __future__ import annotations

from typing import Any

from services.cli.platform import Platform
from services.gateway.keys import READMODELS
from tests.platform import embedded_config, open_table, play_moves


async def test_moves_under_way_land_in_one_batch_and_a_list_read_does_not_wait(
    aiohttp_client: Any,
) -> None:
    platform = Platform(embedded_config())
    await platform.start()
    try:
        assert platform.app is not None
        client = await aiohttp_client(platform.app)
        projector = platform.app[READMODELS].runner
        table_id, players = await open_table(client, "ra", 2)
        lists = await client.get("/api/tables?status=playing", headers=players[0].auth)
        assert lists.status == 200
        projector.linger = 3600.0  # from now on: a look, then an hour's pause
        batches = projector.batches
        moves = await play_moves(client, table_id, players, seed=3, limit=6)
        assert moves == 6
        assert projector.batches - batches <= 1  # the first look; the rest wait
        mine = await client.get("/api/me/tables", headers=players[0].auth)
        assert mine.status == 200, await mine.text()
        (row,) = [t for t in (await mine.json())["items"] if t["table_id"] == table_id]
        view = await client.get(f"/api/tables/{table_id}/view", headers=players[0].auth)
        assert row["version"] == (await view.json())["table"]["version"]  # not an hour late
        assert projector.batches - batches <= 2
    finally:
        await platform.stop()
