"""Every game's past view answers at every version of a table, for every seat and an onlooker.

Issue 35 item 4: Sobek answered 500 between `TableStarted` and its setup events. A random
game of each game (Sobek with 2 and 3 players) is played over HTTP, then every version is
asked for with `view?at=` by each seat and by a player with no seat: never a 5xx, and the
seat shown is the one the caller had then.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import GatewaySettings
from shared.games.registry import available_games
from tests.platform import embedded_config, open_table, play_moves, register, view

CASES = [(game, 2) for game in available_games()] + [("sobek", 3)]
MOVES = 40  # random moves: past the start and the setup, into the game


@pytest.fixture
async def unpaced(aiohttp_client: Any) -> AsyncIterator[TestClient]:
    """A gateway whose history reads are not paced (each token asks every version)."""
    config = embedded_config()
    config.gateway = GatewaySettings(history_rate=0)
    platform = Platform(config)
    await platform.start()
    try:
        yield await aiohttp_client(platform.app)
    finally:
        await platform.stop()


@pytest.mark.parametrize(("game", "seats"), CASES)
async def test_every_version_of_a_random_game_has_a_view_for_everyone(
    unpaced: TestClient, game: str, seats: int
) -> None:
    client = unpaced
    table_id, players = await open_table(client, game, seats)
    await play_moves(client, table_id, players, seed=len(game) + seats, limit=MOVES)
    last = (await view(client, table_id, players[0]))["table"]["version"]
    onlooker = await register(client, "onlooker")
    for at in range(1, last + 1):
        for seat, player in [*enumerate(players), (None, onlooker)]:
            path = f"/api/tables/{table_id}/view?at={at}"
            response = await client.get(path, headers=player.auth)
            assert response.status == 200, (game, seats, at, seat, await response.text())
            shown = await response.json()
            assert shown["table"]["version"] == at
            if shown["seat"] is not None:
                assert shown["seat"] == seat, (at, seat)
