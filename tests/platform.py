"""Helpers for platform tests: a running platform per backend and an HTTP bot driver."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp.test_utils import TestClient

from services.bench.rebuilt_views import rebuilt_views
from services.cli.platform import Platform, PlatformConfig
from services.gateway.keys import GatewaySettings
from services.gateway.views.player import player_view
from services.gateway.views.table_cache import TableCache
from shared.store import open_store


@dataclass
class Player:
    """A registered player as the tests drive it."""

    name: str
    token: str
    player_id: str

    @property
    def auth(self) -> dict[str, str]:
        """The Authorization header."""
        return {"Authorization": f"Bearer {self.token}"}


async def register(client: TestClient, name: str) -> Player:
    """Register a player through the API."""
    response = await client.post("/api/players", json={"name": name})
    assert response.status == 201, await response.text()
    data = await response.json()
    return Player(name=name, token=data["token"], player_id=data["player_id"])


async def open_table(
    client: TestClient,
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    **table: Any,
) -> tuple[str, list[Player]]:
    """Register players, open a table (`table`: more of the create body, e.g. takebacks;
    a private one is joined through its invitation link), seat everyone and start; returns
    the table id."""
    seated = [await register(client, f"p{i}-{uuid.uuid4().hex[:8]}") for i in range(players)]
    response = await client.post(
        "/api/tables",
        json={"game": game, "seats": players, "options": options or {}, **table},
        headers=seated[0].auth,
    )
    assert response.status == 201, await response.text()
    table_id = (await response.json())["table_id"]
    join: dict[str, Any] = {}
    if table.get("visibility") == "private":  # the others join through the link's code
        path = f"/api/tables/{table_id}/invitation"
        made = await client.post(path, headers=seated[0].auth)
        join = {"invitation": (await made.json())["code"]}
    for player in seated[1:]:
        response = await client.post(f"/api/tables/{table_id}/join", json=join, headers=player.auth)
        assert response.status == 200, await response.text()
    response = await client.post(f"/api/tables/{table_id}/start", json={}, headers=seated[0].auth)
    assert response.status == 200, await response.text()
    return table_id, seated


async def view(
    client: TestClient, table_id: str, player: Player, at_least: int = 0
) -> dict[str, Any]:
    """A player's view (once the table is at version `at_least`, or the gateway's wait ran
    out)."""
    wait = f"?min_version={at_least}" if at_least else ""
    response = await client.get(f"/api/tables/{table_id}/view{wait}", headers=player.auth)
    assert response.status == 200, await response.text()
    return await response.json()


# Istanbul's moves that bring rubies nearer: a random game plays thousands of moves, one that
# mostly takes these about 600 (`play_moves(prefer=...)`).
ISTANBUL_PREFERRED = frozenset(
    {"Sultan", "Act", "Sell", "TakeTile", "UseGovernor", "UseSmuggler", "Enter"}
)


def towards_the_end(move: dict[str, Any]) -> bool:
    """A move that brings a game's end nearer (Istanbul's ruby moves; any other game's: all)."""
    return move.get("type") in ISTANBUL_PREFERRED and move.get("pay", True) is not False


async def play_moves(
    client: TestClient, table_id: str, players: list[Player], seed: int, limit: int = 100_000,
    prefer: Callable[[dict[str, Any]], bool] | None = None, bots_move: bool = False,
) -> int:  # fmt: skip
    """Random legal moves until the game ends or `limit` moves were accepted; with `prefer`,
    mostly (85 %) one of the legal moves it picks, when there is one. `bots_move`: a bot
    may move at the table meanwhile (a turn handed to a stand-in): a seat with no legal
    move for now is looked at again, and a move the bot's overtook (409 `stale_version`)
    is chosen again from the newer view."""
    rng = random.Random(seed)
    moves = 0
    deadline = time.monotonic() + 60.0  # a guard against a bot that never moves, no timing
    while moves < limit:
        first = await view(client, table_id, players[0])
        if first["result"] is not None:
            break
        seat = rng.choice(first["to_act"])
        mine = await view(client, table_id, players[seat])
        legal = mine["legal_moves"]
        if bots_move and not legal:
            assert time.monotonic() < deadline, f"seat {seat} never got a legal move"
            await asyncio.sleep(0.01)  # the bot holds the turn: until it has moved
            continue
        good = [m for m in legal if prefer(m)] if prefer is not None else []
        move = rng.choice(good if good and rng.random() < 0.85 else legal)
        response = await client.post(
            f"/api/tables/{table_id}/moves",
            json={"move": move, "expected_version": mine["table"]["version"]},
            headers=players[seat].auth,
        )
        if (
            bots_move
            and response.status == 409
            and (await response.json())["code"] == "stale_version"
        ):
            continue
        assert response.status == 200, await response.text()
        moves += 1
    return moves


async def rebuilt_views_equal_live(platform: Platform, live: TableCache) -> None:
    """Every table folded from the whole store has the same state and views as the live
    cache holds (and a table the cache does not hold loads equal to it)."""
    rebuilt = await rebuilt_views(platform.store)
    assert set(live.tables) <= set(rebuilt.tables)
    assert live.tables, "the live cache holds the tables just played"
    for table_id, again in rebuilt.tables.items():
        model = live.tables.get(table_id) or await live.get(table_id)
        assert model is not None
        assert again.state == model.state
        for seat in [None, *range(model.state.seats)]:
            assert player_view(again, seat) == player_view(model, seat)


async def full_log(client: TestClient, table_id: str, player: Player, after: int = 0) -> list[Any]:
    """Every page of a table's log as a player sees it."""
    entries: list[Any] = []
    cursor: int | None = after
    while cursor is not None:
        path = f"/api/tables/{table_id}/events?after={cursor}&limit=200"
        response = await client.get(path, headers=player.auth)
        assert response.status == 200, await response.text()
        page = await response.json()
        entries.extend(page["items"])
        cursor = page["next"]
    return entries


def embedded_config(store: str = "memory") -> PlatformConfig:
    """The embedded default with a private prefix."""
    return PlatformConfig(store=store, broker="memory", prefix="t" + uuid.uuid4().hex[:8])


async def gateway_client(
    aiohttp_client: Any, settings: GatewaySettings, roles: frozenset[str] | None = None
) -> AsyncIterator[TestClient]:
    """An HTTP client of the embedded platform with these gateway settings (and roles), the
    platform stopped after it (`async for client in gateway_client(...)` in a fixture)."""
    config = embedded_config()
    config.gateway = settings
    if roles is not None:
        config.roles = roles
    platform = Platform(config)
    await platform.start()
    try:
        yield await aiohttp_client(platform.app)
    finally:
        await platform.stop()


def fresh_store(url: str) -> Any:
    """A store for a URL (tests use it to read what the platform wrote)."""
    return open_store(url)
