"""A full game over HTTP and WebSocket on the embedded default."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient
from prometheus_client import REGISTRY

from services.cli.platform import Platform
from services.gateway.keys import TABLE_CACHE
from tests.platform import (
    Player,
    embedded_config,
    full_log,
    open_table,
    play_moves,
    rebuilt_views_equal_live,
    register,
    view,
)


@pytest.mark.slow
async def test_full_ra_game_ends_with_result_and_rebuilt_views_equal_live(
    client: TestClient, platform: Platform
) -> None:
    table_id, players = await open_table(client, "ra", 3)
    moves = await play_moves(client, table_id, players, seed=3)
    final = await view(client, table_id, players[0])
    assert moves > 30
    assert final["result"] is not None
    assert final["table"]["status"] == "over"
    assert final["to_act"] == [] and final["legal_moves"] == []
    assert sorted(final["result"]["ranks"])[0] == 1
    assert platform.app is not None
    await rebuilt_views_equal_live(platform, platform.app[TABLE_CACHE])


async def test_seed_is_hidden_until_the_end_and_then_matches_the_commitment(
    client: TestClient,
) -> None:
    table_id, players = await open_table(client, "ra", 2)
    log = await full_log(client, table_id, players[1])
    created = log[0]
    assert created["name"] == "TableCreated"
    assert created["payload"]["seed"] == ""
    assert not any(entry["name"] == "SeedRevealed" for entry in log)
    await play_moves(client, table_id, players, seed=5)
    log = await full_log(client, table_id, players[1])
    revealed = log[-1]
    assert revealed["name"] == "SeedRevealed"
    seed = bytes.fromhex(revealed["payload"]["seed"])
    commitment = hashlib.sha256(table_id.encode() + seed).hexdigest()
    assert commitment == created["payload"]["commitment"] == revealed["payload"]["commitment"]
    assert [e["version"] for e in log] == list(range(1, len(log) + 1))


async def test_no_view_shows_the_secret_seed_before_the_game_ends(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    onlooker = await register(client, "onlooker")  # seated nowhere: the seat-less view
    viewers = [*players, onlooker]
    seen = [await view(client, table_id, who) for who in viewers]
    await play_moves(client, table_id, players, seed=11, limit=6)
    seen += [await view(client, table_id, who) for who in viewers]
    assert all(v["table"]["status"] == "playing" and v["seed"] is None for v in seen)
    await play_moves(client, table_id, players, seed=11)
    log = await full_log(client, table_id, players[0])
    secret = log[-1]["payload"]["seed"]
    assert log[-1]["name"] == "SeedRevealed" and len(secret) == 64
    assert not any(secret in json.dumps(v) for v in seen)  # nowhere in a view while playing
    final = [await view(client, table_id, who) for who in viewers]
    assert [v["seed"] for v in final] == [secret] * len(viewers)


async def test_event_log_after_a_version_returns_only_newer_events(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    everything = await full_log(client, table_id, players[0])
    newer = await full_log(client, table_id, players[0], after=2)
    assert newer == everything[2:]
    assert everything[1]["name"] == "SeatTaken"


async def test_websocket_pushes_the_new_view_after_a_move(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    first = await view(client, table_id, players[0])
    actor = players[first["to_act"][0]]
    other = players[1 - first["to_act"][0]]
    async with client.ws_connect(f"/api/tables/{table_id}/ws?token={other.token}") as socket:
        message = await socket.receive(timeout=5)
        assert message.type == WSMsgType.TEXT
        start = json.loads(message.data)
        assert start["table"]["version"] == first["table"]["version"]
        assert start["legal_moves"] == []  # not the watcher's turn: no moves offered
        mine = await view(client, table_id, actor)
        response = await client.post(
            f"/api/tables/{table_id}/moves",
            json={"move": mine["legal_moves"][0]},
            headers=actor.auth,
        )
        assert response.status == 200
        version = (await response.json())["version"]
        message = await socket.receive(timeout=5)
        pushed = json.loads(message.data)
        assert pushed["table"]["version"] == version > first["table"]["version"]


async def test_openapi_document_lists_exactly_the_routes(client: TestClient) -> None:
    response = await client.get("/api/openapi.json")
    document = await response.json()
    assert document["openapi"].startswith("3.")
    documented = {
        (method.upper(), path) for path, ops in document["paths"].items() for method in ops
    }
    app = client.app
    assert app is not None
    served = {
        (route.method, route.resource.canonical)
        for route in app.router.routes()
        if route.method != "HEAD"
        and route.resource is not None
        # the web client's pages and assets are HTML, not API (services/gateway/web/pages.py)
        and route.handler.__module__ != "services.gateway.web.pages"
    }
    assert documented == served


async def _first_legal_move(client: TestClient, table_id: str, player: Player) -> Any:
    """The player's first legal move, played; the answer."""
    mine = await view(client, table_id, player)
    response = await client.post(
        f"/api/tables/{table_id}/moves", json={"move": mine["legal_moves"][0]}, headers=player.auth
    )
    assert response.status == 200, await response.text()
    return await response.json()


@pytest.mark.parametrize("game", ["ra", "sobek"])
async def test_a_moves_answer_carries_the_movers_view_as_get_view_gives_it(
    client: TestClient, game: str
) -> None:
    table_id, players = await open_table(client, game, 2)
    for _ in range(8):
        first = await view(client, table_id, players[0])
        seat = first["to_act"][0]
        answer = await _first_legal_move(client, table_id, players[seat])
        assert "committed" not in answer  # the stored events (a drawn card) stay inside
        assert answer["accepted"] and answer["view"]["seat"] == seat
        assert answer["view"]["table"]["version"] == answer["version"]
        again = await client.get(
            f"/api/tables/{table_id}/view?min_version={answer['version']}",
            headers=players[seat].auth,
        )
        assert answer["view"] == await again.json()  # hidden cards included: it is the mover's
        other = answer["view"]["game"]["players"][1 - seat]
        if game == "sobek":
            assert other["hand"] is None  # never another seat's hand


async def test_a_move_is_answered_from_the_workers_reply_without_the_relay(
    aiohttp_client: Any,
) -> None:
    """The worker's reply carries the stored events: the gateway folds them at once, so a
    move is answered (and pushed to the other seat) with no relay running and no store read;
    the events themselves never reach the client."""
    config = embedded_config()
    config.roles = frozenset({"table", "gateway"})  # nothing publishes the events
    platform = Platform(config)
    await platform.start()
    try:
        assert platform.app is not None and platform.relay is None
        client = await aiohttp_client(platform.app)
        table_id, players = await open_table(client, "ra", 2)
        projector = platform.app[TABLE_CACHE]
        first = await view(client, table_id, players[0])
        seat = first["to_act"][0]
        watcher = players[1 - seat]
        socket = await client.ws_connect(f"/api/tables/{table_id}/ws?token={watcher.token}")
        assert (await socket.receive_json())["table"]["version"] == first["table"]["version"]
        catch_ups = projector.catch_ups
        for _ in range(3):
            answer = await _first_legal_move(client, table_id, players[seat])
            assert "committed" not in answer
            assert answer["view"]["table"]["version"] == answer["version"]
            pushed = await socket.receive_json(timeout=5)
            while pushed["table"]["version"] < answer["version"]:  # one push per event
                pushed = await socket.receive_json(timeout=5)
            assert pushed["table"]["version"] == answer["version"]
            seat = answer["to_act"][0]
        assert projector.catch_ups == catch_ups  # nothing was read back from the store
        await socket.close()
    finally:
        await platform.stop()


def _frames_encoded() -> float:
    return REGISTRY.get_sample_value("senet_view_frames_encoded_total") or 0.0


async def test_a_views_frame_is_encoded_once_per_version_for_every_socket_of_that_seat(
    client: TestClient,
) -> None:
    table_id, players = await open_table(client, "ra", 2)
    first = await view(client, table_id, players[0])
    mover = players[first["to_act"][0]]
    watcher = players[1 - first["to_act"][0]]
    sockets = [
        await client.ws_connect(f"/api/tables/{table_id}/ws?token={watcher.token}")
        for _ in range(3)
    ]
    for socket in sockets:
        assert (await socket.receive_json())["table"]["version"] == first["table"]["version"]
    encoded = _frames_encoded()
    answer = await _first_legal_move(client, table_id, mover)
    frames, versions = [], set()
    for socket in sockets:
        pushed = await socket.receive_str(timeout=5)
        versions.add(json.loads(pushed)["table"]["version"])
        while json.loads(pushed)["table"]["version"] < answer["version"]:
            pushed = await socket.receive_str(timeout=5)
            versions.add(json.loads(pushed)["table"]["version"])
        frames.append(pushed)
    assert len(set(frames)) == 1  # the same bytes to each socket of the seat
    # one encode per version pushed, whichever of the three sockets sent it first, and one
    # of the mover's view, which its answer carries (the bytes its own sockets would push)
    assert _frames_encoded() - encoded == len(versions) + 1
    for socket in sockets:
        await socket.close()
