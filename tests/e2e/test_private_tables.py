"""Private means private: a private table's game is in its players' results only, counts in
no standings or ratings, and its rematch's id is told to its players alone."""

from __future__ import annotations

import uuid
from typing import Any

from aiohttp.test_utils import TestClient

from tests.platform import Player, open_table, register


async def _results(client: TestClient, player: Player, who: Player | None) -> list[str]:
    headers = who.auth if who is not None else {}
    response = await client.get(f"/api/players/{player.player_id}/results", headers=headers)
    assert response.status == 200, await response.text()
    return [item["table_id"] for item in (await response.json())["items"]]


async def _items(client: TestClient, path: str, who: Player | None = None) -> list[Any]:
    response = await client.get(path, headers=who.auth if who is not None else {})
    assert response.status == 200, await response.text()
    return list((await response.json())["items"])


async def _finished(client: TestClient, **table: Any) -> tuple[str, list[Player]]:
    table_id, players = await open_table(client, "ra", 2, **table)
    path = f"/api/tables/{table_id}/resign"
    response = await client.post(path, json={}, headers=players[1].auth)
    assert response.status == 200, await response.text()
    return table_id, players


async def test_a_private_games_result_is_shown_only_to_its_players(client: TestClient) -> None:
    table_id, (ann, bob) = await _finished(client, visibility="private")
    stranger = await register(client, "results-stranger")
    assert await _results(client, ann, None) == []
    assert await _results(client, ann, stranger) == []
    assert await _results(client, ann, ann) == [table_id]
    assert await _results(client, ann, bob) == [table_id]
    assert await _items(client, "/api/games/ra/standings") == []
    assert await _items(client, "/api/games/ra/ratings") == []
    public_id, (cat, dan) = await _finished(client)
    assert await _results(client, cat, None) == [public_id]
    standings = await _items(client, "/api/games/ra/standings")
    assert {s["player_id"] for s in standings} == {p.player_id for p in (cat, dan)}


async def test_a_private_tables_rematch_is_told_to_its_players_only(client: TestClient) -> None:
    table_id, (ann, bob) = await _finished(client, visibility="private")
    for player in (ann, bob):
        response = await client.post(
            f"/api/tables/{table_id}/rematch", json={}, headers=player.auth
        )
        assert response.status == 200, await response.text()
    new_id = (await response.json())["rematch_table"]
    assert new_id
    stranger = await register(client, "rematch-peeker")
    for path in (f"/api/tables/{table_id}/view", f"/api/tables/{table_id}/events"):
        response = await client.get(path, headers=stranger.auth)
        assert (response.status, (await response.json())["code"]) == (403, "private_table")
    response = await client.post(f"/api/tables/{table_id}/rematch/open", headers=stranger.auth)
    assert (response.status, (await response.json())["code"]) == (403, "private_table")
    response = await client.get(f"/api/tables/{new_id}/view", headers=stranger.auth)
    assert (response.status, (await response.json())["code"]) == (403, "private_table")
    response = await client.get(f"/api/tables/{new_id}/view", headers=bob.auth)
    assert response.status == 200


async def test_a_new_tables_id_is_not_derived_from_public_names(client: TestClient) -> None:
    ann = await register(client, "ids-ann")
    body = {"game": "ra", "seats": 2, "visibility": "private", "command_id": "create-1"}
    response = await client.post("/api/tables", json=body, headers=ann.auth)
    assert response.status == 201, await response.text()
    table_id = (await response.json())["table_id"]
    guess = uuid.uuid5(uuid.NAMESPACE_URL, f"senet:{ann.player_id}:create-1")
    assert table_id != str(guess)
    again = await client.post("/api/tables", json=body, headers=ann.auth)
    assert (await again.json())["table_id"] == table_id  # a repeat finds it all the same


async def test_invitations_from_many_tables_do_not_flood_my_tables(client: TestClient) -> None:
    from shared.readmodels.queries import MAX_LISTED_INVITATIONS

    host = await register(client, "flood-host")
    ann = await register(client, "flood-ann")
    own = await client.post("/api/tables", json={"game": "ra", "seats": 2}, headers=ann.auth)
    own_id = (await own.json())["table_id"]
    invited = []
    for _ in range(MAX_LISTED_INVITATIONS + 3):
        body = {"game": "ra", "seats": 2, "visibility": "private"}
        created = await client.post("/api/tables", json=body, headers=host.auth)
        table_id = (await created.json())["table_id"]
        path = f"/api/tables/{table_id}/invitations"
        response = await client.post(path, json={"name": ann.name}, headers=host.auth)
        assert response.status == 200, await response.text()
        invited.append(table_id)
    listed = await _items(client, "/api/me/tables?limit=200", ann)
    ids = [t["table_id"] for t in listed]
    assert own_id in ids  # her own table is listed whatever the invitations
    assert sorted(set(ids) & set(invited)) == sorted(invited[-MAX_LISTED_INVITATIONS:])


async def test_one_host_holds_a_bounded_number_of_open_invitations(client: TestClient) -> None:
    from services.gateway.tables.invitations import MAX_OPEN_BY_HOST
    from shared.tables.decide import MAX_INVITED

    host = await register(client, "quota-host")
    guests = [await register(client, f"quota-{i}") for i in range(MAX_INVITED)]
    codes = []
    for _ in range(MAX_OPEN_BY_HOST // MAX_INVITED + 1):
        body = {"game": "ra", "seats": 2, "visibility": "private"}
        created = await client.post("/api/tables", json=body, headers=host.auth)
        table_id = (await created.json())["table_id"]
        for guest in guests:
            path = f"/api/tables/{table_id}/invitations"
            response = await client.post(path, json={"name": guest.name}, headers=host.auth)
            answer = await response.json()
            codes.append(response.status if response.status == 200 else answer["code"])
    assert codes.count(200) == MAX_OPEN_BY_HOST
    assert set(codes[MAX_OPEN_BY_HOST:]) == {"too_many_open_invitations"}
