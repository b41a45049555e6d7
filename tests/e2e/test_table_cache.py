"""The gateway's table cache: bounded, loaded on demand, nothing read at start."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from typing import Any
from uuid import UUID

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient

from services.bench.autoplay import SelfPlay
from services.bench.rebuilt_views import rebuilt_views
from services.cli.platform import Platform
from services.gateway.keys import TABLE_CACHE, GatewaySettings
from services.gateway.views.player import player_view
from shared.readmodels.tables import summary_of
from shared.store import open_store
from shared.tables.reader import events, fold_states, load_state
from tests.platform import (
    Player,
    embedded_config,
    full_log,
    open_table,
    play_moves,
    register,
    view,
)


@pytest.fixture
async def small_cache(tmp_path: Any) -> AsyncIterator[Platform]:
    """The embedded default with a views cache of two tables."""
    config = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    config.gateway = GatewaySettings(table_cache=2)
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


async def test_ten_tables_through_a_cache_of_two_keep_every_view_and_push_right(
    small_cache: Platform, aiohttp_client: Any
) -> None:
    client: TestClient = await aiohttp_client(small_cache.app)
    projector = small_cache.app[TABLE_CACHE]  # type: ignore[index]
    tables: list[tuple[str, list[Player]]] = [await open_table(client, "ra", 2) for _ in range(10)]
    sockets = []
    for table_id, players in tables:  # the second seat watches every table
        socket = await client.ws_connect(f"/api/tables/{table_id}/ws?token={players[1].token}")
        sockets.append(socket)
    pushed: list[list[int]] = [[] for _ in tables]
    rng = random.Random(4)
    versions = [0] * len(tables)
    for _ in range(6):  # rounds: a move at every table in turn, so each is evicted mid-game
        for index, (table_id, players) in enumerate(tables):
            first = await view(client, table_id, players[0])
            seat = first["to_act"][0]
            mine = await view(client, table_id, players[seat])
            response = await client.post(
                f"/api/tables/{table_id}/moves",
                json={"move": rng.choice(mine["legal_moves"])},
                headers=players[seat].auth,
            )
            assert response.status == 200, await response.text()
            versions[index] = (await response.json())["version"]
            assert len(projector.tables) <= 2
    rebuilt = await rebuilt_views(small_cache.store)
    for index, (table_id, players) in enumerate(tables):
        # Pushes come in version order and the last one is the table's final view.
        last: dict[str, Any] = {}
        while not last or last["table"]["version"] < versions[index]:
            message = await sockets[index].receive(timeout=5)
            assert message.type == WSMsgType.TEXT
            last = json.loads(message.data)
            pushed[index].append(last["table"]["version"])
        assert pushed[index] == sorted(set(pushed[index]))
        expected = rebuilt.tables[table_id]
        assert last == _plain(_encoded(player_view(expected, 1)))
        for seat, player in enumerate(players):
            assert await view(client, table_id, player) == _plain(
                _encoded(player_view(expected, seat))
            )
            log = await full_log(client, table_id, player)
            assert [entry["version"] for entry in log][-1] == versions[index]
        await sockets[index].close()
    assert projector.loads > len(tables)  # tables were evicted and loaded again


def _encoded(value: Any) -> Any:
    import msgspec

    return msgspec.json.decode(msgspec.json.encode(value))


async def test_a_gateway_over_many_finished_games_starts_without_reading_them(
    tmp_path: Any, aiohttp_client: Any
) -> None:
    url = f"sqlite:///{tmp_path}/senet.db"
    filler = open_store(url)
    bots = SelfPlay(seed=2)
    finished = [bots.play("ra", 2) for _ in range(12)]
    filler.save(*finished)
    reads: list[str] = []
    store = open_store(url)
    recorder = store.recorder
    for name in ("select_notifications", "select_events"):
        original = getattr(recorder, name)

        def spy(*args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Any:
            reads.append(_name)
            return _original(*args, **kwargs)

        setattr(recorder, name, spy)
    config = embedded_config(url)
    config.roles = frozenset({"gateway"})  # no relay: nothing publishes the old games
    running = Platform(config, store=store)
    await running.start()
    try:
        client: TestClient = await aiohttp_client(running.app)
        ready = await client.get("/readyz")
        assert ready.status == 200, await ready.text()
        projector = running.app[TABLE_CACHE]  # type: ignore[index]
        assert reads == [] or (set(reads) == {"select_notifications"} and len(reads) <= 3)
        assert projector.loads == projector.loaded_events == projector.applied_events == 0
        assert not projector.tables
        # An old finished table is still served: loaded on demand, from its events ...
        old = str(finished[0].id)
        summary = await (await client.get(f"/api/tables/{old}")).json()
        assert summary["status"] == "over" and summary["version"] == finished[0].version
        assert projector.loads == 1 and projector.loaded_events == finished[0].version
        # ... which saved a snapshot: the next load (another gateway) reads no event at all.
        other = Platform(embedded_config(url), store=open_store(url))
        await other.start()
        try:
            again = await other.app[TABLE_CACHE].get(old)  # type: ignore[index]
            assert again is not None and again.state == projector.tables[old].state
            assert other.app[TABLE_CACHE].loaded_events == 0  # type: ignore[index]
        finally:
            await other.stop()
    finally:
        await running.stop()


async def test_the_table_worker_that_decides_a_game_end_snapshots_it(
    client: TestClient, platform: Platform
) -> None:
    table_id, players = await open_table(client, "ra", 2)
    await play_moves(client, table_id, players, seed=1)
    final = await view(client, table_id, players[0])
    assert final["result"] is not None
    store = platform.store
    assert store.snapshots is not None
    deadline = asyncio.get_running_loop().time() + 60  # saved in the background after the
    while True:  # last event's commit
        newest = list(store.snapshots.get(UUID(table_id), desc=True, limit=1))
        if newest and newest[0].originator_version == final["table"]["version"]:
            break
        assert asyncio.get_running_loop().time() < deadline, "no snapshot of the finished game"
        await asyncio.sleep(0.02)
    # The snapshot is the game as its log folds it: a reader starts there and reads no event.
    snapshotted = load_state(store, table_id, save=False)
    assert snapshotted is not None and snapshotted.events_read == 0
    assert snapshotted.snapshot_version == final["table"]["version"]
    folded = load_state(store, table_id, final["table"]["version"] - 1, save=False)
    assert folded is not None
    folded = next(fold_states(folded, events(store, table_id, after=folded.state.version)))
    assert snapshotted.state == folded.state
    assert snapshotted.turn_times == folded.turn_times == {}
    assert snapshotted.updated_at == folded.updated_at


async def test_a_views_table_carries_the_times_the_lists_give(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    await play_moves(client, table_id, players, seed=1, limit=3)
    view = await (await client.get(f"/api/tables/{table_id}/view", headers=players[0].auth)).json()
    listed = await (await client.get(f"/api/tables/{table_id}")).json()
    mine = await (await client.get("/api/me/tables", headers=players[0].auth)).json()
    assert view["table"]["created_at"] and view["table"]["updated_at"]
    assert view["table"]["created_at"] < view["table"]["updated_at"]
    for summary in (listed, mine["items"][0]):
        assert summary["version"] == view["table"]["version"]
        assert (summary["created_at"], summary["updated_at"]) == (
            view["table"]["created_at"],
            view["table"]["updated_at"],
        )


async def test_a_table_this_gateway_opens_is_cached_from_the_reply_as_the_store_reads_it(
    client: TestClient, platform: Platform
) -> None:
    cache = platform.app[TABLE_CACHE]  # type: ignore[index]
    creator = await register(client, "opener")
    loads = cache.loads
    response = await client.post(
        "/api/tables", json={"game": "ra", "seats": 2, "options": {}}, headers=creator.auth
    )
    assert response.status == 201, await response.text()
    table_id = (await response.json())["table_id"]
    # Cached from the create's reply (opened, the creator seated): no read of the store,
    # the state a load would give.
    model = cache.cached(table_id)
    assert model is not None and model.state.version == 2 and cache.loads == loads
    stored = load_state(platform.store, table_id, save=False)
    assert stored is not None and model.state == stored.state
    assert (model.created_at, model.updated_at) == (stored.created_at, stored.updated_at)
    joiner = await register(client, "joiner")
    joined = await client.post(f"/api/tables/{table_id}/join", json={}, headers=joiner.auth)
    assert joined.status == 200, await joined.text()
    started = await client.post(f"/api/tables/{table_id}/start", json={}, headers=creator.auth)
    assert started.status == 200, await started.text()
    await play_moves(client, table_id, [creator, joiner], seed=3, limit=4)
    model = cache.cached(table_id)
    stored = load_state(platform.store, table_id, save=False)
    assert model is not None and stored is not None and cache.loads == loads
    assert model.state == stored.state and model.turn_times == stored.turn_times
    assert (model.created_at, model.updated_at) == (stored.created_at, stored.updated_at)


async def test_every_seats_view_of_a_version_shows_one_summary_made_once(
    client: TestClient, platform: Platform
) -> None:
    cache = platform.app[TABLE_CACHE]  # type: ignore[index]
    table_id, players = await open_table(client, "ra", 3)
    await play_moves(client, table_id, players, seed=4, limit=3)
    model = cache.cached(table_id)
    assert model is not None
    first = [player_view(model, seat).table for seat in (0, 1, 2, None)]
    assert all(summary is first[0] for summary in first)  # made once, shared by every seat
    assert first[0] == summary_of(
        model.state, model.created_at, model.updated_at,
        acting=player_view(model, 0).to_act, outcome=player_view(model, 0).result,
    )  # fmt: skip
    await play_moves(client, table_id, players, seed=5, limit=1)
    after = player_view(model, 1).table
    assert after.version == model.state.version > first[0].version  # a new version, a new one
    assert after.updated_at == model.updated_at != first[0].updated_at
