"""A view says when each seat to act began its turn (`turn_since`): the start of the notify
service's clock, from which a page counts down to the table's deadline."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import TABLE_CACHE
from tests.platform import full_log, open_table, register, view


async def test_the_view_carries_the_turn_start_and_it_moves_on_when_the_turn_passes(
    client: TestClient, platform: Platform
) -> None:
    table_id, players = await open_table(client, "tictactoe", 2)
    first = await view(client, table_id, players[0])
    (seat,) = first["to_act"]
    assert set(first["turn_since"]) == {str(seat)}  # JSON keys: the seat as text
    since = first["turn_since"][str(seat)]
    log = await full_log(client, table_id, players[0])
    assert since == log[-1]["time"]  # the game began: the first seat's turn with it
    assert (await view(client, table_id, players[1 - seat]))["turn_since"] == first["turn_since"]

    mover = players[seat]
    move = (await view(client, table_id, mover))["legal_moves"][0]
    response = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": move}, headers=mover.auth
    )
    assert response.status == 200, await response.text()
    after = await view(client, table_id, players[0])
    assert after["to_act"] == [1 - seat]
    assert set(after["turn_since"]) == {str(1 - seat)}
    moved = (await full_log(client, table_id, players[0]))[-1]["time"]
    assert after["turn_since"][str(1 - seat)] == moved
    assert datetime.fromisoformat(moved) >= datetime.fromisoformat(since)

    # A gateway that loads the table from the store (not folded live) says the same.
    projector: Any = platform.app[TABLE_CACHE]  # type: ignore[index]
    projector.tables.clear()
    assert (await view(client, table_id, players[1]))["turn_since"] == after["turn_since"]


async def test_the_timing_in_effect_is_the_tables_choice_else_the_notify_defaults(
    client: TestClient, platform: Platform
) -> None:
    host = await register(client, "host")
    response = await client.post(
        "/api/tables", json={"game": "tictactoe", "seats": 2}, headers=host.auth
    )
    table_id = (await response.json())["table_id"]
    defaults = msgspec.to_builtins(platform.config.notify.timing)
    path = f"/api/tables/{table_id}/timing"
    assert await (await client.get(path, headers=host.auth)).json() == defaults
    chosen = {**defaults, "deadline": 5.0, "last_warning": 1.0}
    response = await client.put(f"/api/tables/{table_id}/timing", json=chosen, headers=host.auth)
    assert response.status == 200, await response.text()
    assert await (await client.get(path, headers=host.auth)).json() == chosen
