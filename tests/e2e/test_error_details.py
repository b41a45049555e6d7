"""Numbers in an error's details are JSON numbers (the stale version, a seat, a rules version)."""

from __future__ import annotations

import pytest
from aiohttp.test_utils import TestClient

from shared.contracts.envelopes import ErrorBody
from shared.contracts.errors import SenetError
from shared.games.registry import UnknownRulesVersion, pinned_game
from tests.e2e.test_lobby_rules import _lobby
from tests.harness.requests import post
from tests.platform import open_table, view


async def test_the_stale_version_is_a_number(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    mine = await view(client, table_id, players[0])
    seat = mine["to_act"][0]
    move = (await view(client, table_id, players[seat]))["legal_moves"][0]
    version = mine["table"]["version"]
    response = await client.post(
        f"/api/tables/{table_id}/moves",
        json={"move": move, "expected_version": version - 1},
        headers=players[seat].auth,
    )
    body = await response.json()
    assert (response.status, body["code"]) == (409, "stale_version")
    assert body["details"] == {"version": version}
    assert isinstance(body["details"]["version"], int)


async def test_a_kick_of_no_seat_names_the_seats_as_numbers(client: TestClient) -> None:
    table_id, players = await _lobby(client)
    status, body = await post(client, f"/api/tables/{table_id}/kick", players[0], {"seat": 9})
    assert (status, body["code"]) == (400, "bad_seat")
    assert body["details"] == {"seat": 9, "seats": 3}


def test_an_unknown_rules_version_is_a_number() -> None:
    with pytest.raises(UnknownRulesVersion) as caught:
        pinned_game("ra", 999)
    assert caught.value.details == {"game": "ra", "rules_version": 999}


def test_an_error_goes_over_the_wire_and_back_unchanged() -> None:
    error = SenetError("too old", code="stale_version", status=409, details={"version": 8})
    body = error.to_body()
    assert body == ErrorBody(code="stale_version", message="too old", status=409,
                             details={"version": 8})  # fmt: skip
    back = SenetError.from_body(body)
    assert (back.code, back.status, back.details, back.message) == (
        "stale_version", 409, {"version": 8}, "too old",
    )  # fmt: skip
    assert SenetError.status == 400  # the class is untouched
