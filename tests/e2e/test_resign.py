"""Resigning over HTTP: the other player wins, results and the record show it, and a 3-player
game plays on with a bot in the resigned seat."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from shared.audit.record import decode_record
from shared.audit.verify import verify_record
from tests.platform import open_table, play_moves, view


async def _resign(client: TestClient, table_id: str, token: dict[str, str]) -> tuple[int, dict]:
    response = await client.post(f"/api/tables/{table_id}/resign", json={}, headers=token)
    return response.status, await response.json()


async def test_resigning_a_two_player_game_gives_it_to_the_other(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    await play_moves(client, table_id, players, seed=3, limit=4)
    status, outcome = await _resign(client, table_id, players[1].auth)
    assert status == 200 and outcome["status"] == "over"
    seen = await view(client, table_id, players[0])
    result = seen["result"]
    assert (result["ranks"], result["winners"], result["resigned"]) == ([1, 2], [0], [1])
    assert result["forfeited"] == [1] and seen["seed"]  # the seed is revealed at the end
    status, again = await _resign(client, table_id, players[1].auth)
    assert (status, again["code"]) == (409, "game_over")
    results = await (await client.get(f"/api/players/{players[1].player_id}/results")).json()
    [mine] = results["items"]
    assert (mine["rank"], mine["won"], mine["forfeited"]) == (2, False, True)
    record = await client.get(f"/api/tables/{table_id}/record", headers=players[0].auth)
    assert record.status == 200
    report = verify_record(decode_record(await record.read()))
    assert report.ok, report.problem


async def test_in_a_three_player_game_the_others_play_on(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 3)
    status, outcome = await _resign(client, table_id, players[2].auth)
    assert status == 200 and outcome["status"] == "playing"
    seen = await view(client, table_id, players[0])
    assert 2 not in seen["to_act"]
    await play_moves(client, table_id, players[:2], seed=5)
    final = await view(client, table_id, players[0])
    assert final["result"]["ranks"][2] == 3 and final["result"]["resigned"] == [2]
    mine = await view(client, table_id, players[2])
    assert mine["result"] == final["result"]
