"""Over HTTP: the record is for the table's players once the game is over; results and ratings."""

from __future__ import annotations

from collections.abc import AsyncIterator

import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.audit.record import GameRecord
from shared.audit.verify import verify_record
from tests.platform import embedded_config, open_table, play_moves, register


@pytest.fixture
async def client(tmp_path, aiohttp_client) -> AsyncIterator[TestClient]:
    """The embedded platform behind a test client."""
    running = Platform(embedded_config(f"sqlite:///{tmp_path}/senet.db"))
    await running.start()
    assert running.app is not None
    yield await aiohttp_client(running.app)
    await running.stop()


async def test_the_record_is_sealed_before_the_end_and_served_to_players_after(
    client: TestClient,
) -> None:
    table_id, players = await open_table(client, "sobek", 2)
    stranger = await register(client, "stranger")
    path = f"/api/tables/{table_id}/record"
    response = await client.get(path, headers=players[0].auth)
    assert response.status == 409
    assert (await response.json())["code"] == "game_not_over"
    await play_moves(client, table_id, players, seed=5)
    response = await client.get(path, headers=stranger.auth)
    assert response.status == 403
    response = await client.get(path, headers=players[1].auth)
    assert response.status == 200
    record = msgspec.json.decode(await response.read(), type=GameRecord)
    assert verify_record(record).ok

    response = await client.get(f"/api/players/{players[0].player_id}/results")
    history = (await response.json())["items"]
    assert [h["table_id"] for h in history] == [table_id]
    standings = (await (await client.get("/api/games/sobek/standings")).json())["items"]
    assert sorted(s["player_id"] for s in standings) == sorted(p.player_id for p in players)
    ratings = (await (await client.get("/api/games/sobek/ratings")).json())["items"]
    assert sum(r["rating"] for r in ratings) == pytest.approx(3000.0, abs=0.02)
