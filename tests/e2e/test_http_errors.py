"""Bad input gets a stable error code and changes nothing."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from tests.platform import Player, full_log, open_table, register, view


async def _log_length(client: TestClient, table_id: str, player: Player) -> int:
    return len(await full_log(client, table_id, player))


async def _error(response: Any, status: int, code: str) -> dict[str, Any]:
    body = await response.json()
    assert response.status == status, body
    assert body["code"] == code, body
    assert body["message"]
    return body


@pytest.fixture
async def game(client: TestClient) -> tuple[str, list[Player]]:
    """A started two-player Ra table."""
    return await open_table(client, "ra", 2)


async def test_malformed_json_is_400_and_changes_nothing(client: TestClient, game) -> None:
    table_id, players = game
    before = await _log_length(client, table_id, players[0])
    response = await client.post(
        f"/api/tables/{table_id}/moves", data=b"{not json", headers=players[0].auth
    )
    await _error(response, 400, "malformed_json")
    assert await _log_length(client, table_id, players[0]) == before


async def test_move_of_the_wrong_shape_is_400_bad_move(client: TestClient, game) -> None:
    table_id, players = game
    actor = players[(await view(client, table_id, players[0]))["to_act"][0]]
    response = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": {"type": "FlyAway"}}, headers=actor.auth
    )
    await _error(response, 400, "bad_move")


async def test_unknown_request_field_is_400_invalid_request(client: TestClient, game) -> None:
    table_id, players = game
    response = await client.post(
        f"/api/tables/{table_id}/moves",
        json={"move": {"type": "RollDice"}, "bogus": 1},
        headers=players[0].auth,
    )
    await _error(response, 400, "invalid_request")


async def test_missing_and_unknown_tokens_are_401(client: TestClient, game) -> None:
    table_id, _ = game
    await _error(await client.get(f"/api/tables/{table_id}/view"), 401, "missing_token")
    response = await client.get(
        f"/api/tables/{table_id}/view", headers={"Authorization": "Bearer nope"}
    )
    await _error(response, 401, "bad_token")


async def test_a_move_by_a_player_without_a_seat_is_403(client: TestClient, game) -> None:
    table_id, players = game
    stranger = await register(client, "stranger")
    before = await _log_length(client, table_id, players[0])
    response = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": {"type": "RollDice"}}, headers=stranger.auth
    )
    await _error(response, 403, "not_seated")
    assert await _log_length(client, table_id, players[0]) == before


async def test_unknown_table_and_unknown_game_are_404(client: TestClient, game) -> None:
    _, players = game
    response = await client.get(f"/api/tables/{uuid.uuid4()}/view", headers=players[0].auth)
    await _error(response, 404, "unknown_table")
    response = await client.post(
        "/api/tables", json={"game": "chess", "seats": 2}, headers=players[0].auth
    )
    await _error(response, 404, "unknown_game")


async def test_out_of_turn_move_is_409_not_your_turn(client: TestClient, game) -> None:
    table_id, players = game
    first = await view(client, table_id, players[0])
    idle = players[1 - first["to_act"][0]]
    before = await _log_length(client, table_id, idle)
    response = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": {"type": "RollDice"}}, headers=idle.auth
    )
    await _error(response, 409, "not_your_turn")
    assert await _log_length(client, table_id, idle) == before


async def test_stale_expected_version_is_409_stale_version(client: TestClient, game) -> None:
    table_id, players = game
    first = await view(client, table_id, players[0])
    actor = players[first["to_act"][0]]
    mine = await view(client, table_id, actor)
    response = await client.post(
        f"/api/tables/{table_id}/moves",
        json={"move": mine["legal_moves"][0], "expected_version": mine["table"]["version"] - 1},
        headers=actor.auth,
    )
    body = await _error(response, 409, "stale_version")
    assert body["details"]["version"] == mine["table"]["version"]  # a number, not "8"
    assert (await view(client, table_id, actor))["table"]["version"] == mine["table"]["version"]


async def test_illegal_move_is_422_with_the_rule(client: TestClient, game) -> None:
    table_id, players = game
    first = await view(client, table_id, players[0])
    actor = players[first["to_act"][0]]
    before = await _log_length(client, table_id, actor)
    response = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": {"type": "EndTurn"}}, headers=actor.auth
    )
    body = await _error(response, 422, "illegal_move")
    assert body["details"]["rule"]
    assert await _log_length(client, table_id, actor) == before


async def test_oversized_body_is_413(client: TestClient, game) -> None:
    table_id, players = game
    response = await client.post(
        f"/api/tables/{table_id}/moves",
        data=b'{"move": "' + b"x" * 200_000 + b'"}',
        headers=players[0].auth,
    )
    await _error(response, 413, "payload_too_large")


async def test_repeated_command_id_returns_the_first_outcome_and_records_nothing(
    client: TestClient, game
) -> None:
    table_id, players = game
    actor = players[(await view(client, table_id, players[0]))["to_act"][0]]
    body = {"move": {"type": "RollDice"}, "command_id": "roll-once"}
    first = await client.post(f"/api/tables/{table_id}/moves", json=body, headers=actor.auth)
    assert first.status == 200
    after_first = await _log_length(client, table_id, actor)
    again = await client.post(f"/api/tables/{table_id}/moves", json=body, headers=actor.auth)
    assert again.status == 200
    replay = await again.json()
    original = await first.json()
    assert replay["replayed"] is True
    assert replay["version"] == original["version"]
    assert replay["events"] == original["events"]
    assert await _log_length(client, table_id, actor) == after_first


async def test_command_id_reused_for_another_move_is_409_duplicate_command(
    client: TestClient, game
) -> None:
    table_id, players = game
    actor = players[(await view(client, table_id, players[0]))["to_act"][0]]
    first = await client.post(
        f"/api/tables/{table_id}/moves",
        json={"move": {"type": "RollDice"}, "command_id": "c1"},
        headers=actor.auth,
    )
    assert first.status == 200
    mine = await view(client, table_id, actor)
    response = await client.post(
        f"/api/tables/{table_id}/moves",
        json={"move": mine["legal_moves"][0], "command_id": "c1"},
        headers=actor.auth,
    )
    await _error(response, 409, "duplicate_command")


async def test_lobby_errors_have_codes(client: TestClient) -> None:
    alice = await register(client, "alice")
    bob = await register(client, "bob")
    response = await client.post("/api/tables", json={"game": "ra", "seats": 9}, headers=alice.auth)
    await _error(response, 400, "bad_seat_count")
    response = await client.post("/api/tables", json={"game": "ra", "seats": 2}, headers=alice.auth)
    table_id = (await response.json())["table_id"]
    response = await client.post(f"/api/tables/{table_id}/start", json={}, headers=alice.auth)
    await _error(response, 409, "table_not_full")
    response = await client.post(f"/api/tables/{table_id}/join", json={}, headers=alice.auth)
    await _error(response, 409, "already_seated")
    response = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": {"type": "RollDice"}}, headers=alice.auth
    )
    await _error(response, 409, "table_not_started")
    assert (await client.post(f"/api/tables/{table_id}/join", json={}, headers=bob.auth)).ok
    carol = await register(client, "carol")
    response = await client.post(f"/api/tables/{table_id}/join", json={}, headers=carol.auth)
    await _error(response, 409, "table_full")


async def test_unknown_routes_and_methods_get_an_error_body_and_405_keeps_allow(
    client: TestClient,
) -> None:
    await _error(await client.get("/api/nothing-here"), 404, "not_found")
    response = await client.delete("/api/players")
    await _error(response, 405, "method_not_allowed")
    assert response.headers["Allow"] == "POST"


@pytest.mark.parametrize(
    "query",
    [
        "events?after=9223372036854775808",
        "events?after=2147483648",
        "chat?after=9223372036854775808",
        "chat?after=2147483648&limit=5",
        "view?min_version=9223372036854775808",
        "view?seat=2147483648",
        "events?seat=99999999999999999999",
        "events?limit=201",
    ],
)
async def test_a_query_number_beyond_its_documented_maximum_is_400_bad_query(
    client: TestClient, game: tuple[str, list[Player]], query: str
) -> None:
    table_id, [ann, _] = game
    response = await client.get(f"/api/tables/{table_id}/{query}", headers=ann.auth)
    await _error(response, 400, "bad_query")


async def test_decline_is_post_only_and_no_other_method_is_advertised(client: TestClient) -> None:
    ann = await register(client, "ann-decline")
    path = f"/api/tables/{uuid.uuid4()}/invitations/decline"
    for method in ("GET", "DELETE", "PUT"):
        response = await client.request(method, path, headers=ann.auth)
        await _error(response, 405, "method_not_allowed")
        assert response.headers["Allow"] == "POST"
