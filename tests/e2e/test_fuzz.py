"""10,000 malformed or illegal requests: no 5xx, a documented code on every error, no change.

The games are in play and a lobby waits for its last player; the event store's
notification log, every seat's view and log and the listings must be exactly as they were,
and every game must play on afterwards.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import SETTINGS, TABLE_CACHE
from tests.e2e.fuzzkit import Fuzz, Request, Seated, documented_codes
from tests.platform import Player, open_table, play_moves, rebuilt_views_equal_live, register, view

REQUESTS = 10_000
AT_ONCE = 4  # requests in flight together (below the per-player in-flight bound)
SEED = 20260521
GAMES = [
    ("ra", 3, {}),
    ("sobek", 2, {"variant": "original"}),
    ("egizia", 2, {}),
    ("cantstop", 2, {"target": 4}),
    ("herazeus", 2, {}),
    ("istanbul", 2, {"layout": "random"}),
]
# Codes the fuzz must provoke at least once, so a broken generator cannot pass quietly.
EXPECTED = {
    "malformed_json", "invalid_request", "bad_move", "bad_options", "bad_seat_count",
    "illegal_move", "not_your_turn", "stale_version", "duplicate_command", "missing_token",
    "bad_token", "unknown_table", "unknown_game", "payload_too_large", "not_your_seat",
    "not_seated", "already_seated", "table_not_full", "table_not_open", "table_not_started",
    "not_found", "method_not_allowed", "bad_timing", "bad_push_endpoint", "bad_email",
    "bad_unsubscribe_token", "bad_confirmation_token",
}  # fmt: skip


async def _seated(client: TestClient, game: str, seats: int, options: dict, seed: int) -> Seated:
    """A started table after a few legal moves sent with known command ids."""
    table_id, players = await open_table(client, game, seats, options)
    rng = random.Random(seed)
    accepted = []
    for step in range(6):
        seat = rng.choice((await view(client, table_id, players[0]))["to_act"])
        move = rng.choice((await view(client, table_id, players[seat]))["legal_moves"])
        body = {"move": move, "command_id": f"setup-{step}"}
        response = await client.post(
            f"/api/tables/{table_id}/moves", json=body, headers=players[seat].auth
        )
        assert response.status == 200, await response.text()
        accepted.append((players[seat], f"setup-{step}", move))
    views = [await view(client, table_id, player) for player in players]
    return Seated(
        table_id=table_id,
        players=players,
        version=views[0]["table"]["version"],
        to_act=views[0]["to_act"],
        legal={seat: mine["legal_moves"] for seat, mine in enumerate(views)},
        accepted=accepted,
    )


async def _lobby(client: TestClient) -> tuple[str, list[Player], dict[str, Any]]:
    """A three-seat table with two players seated, not started."""
    ann, bob = await register(client, "ann"), await register(client, "bob")
    body = {"game": "ra", "seats": 3, "command_id": "open-lobby"}
    response = await client.post("/api/tables", json=body, headers=ann.auth)
    table_id = (await response.json())["table_id"]
    response = await client.post(f"/api/tables/{table_id}/join", json={}, headers=bob.auth)
    assert response.status == 200, await response.text()
    return table_id, [ann, bob], body


async def _state(client: TestClient, platform: Platform, who: list[Player]) -> list[Any]:
    """The notification log, and every table's summary, views and logs as each player sees them."""
    notes = platform.store.notifications(0, 1_000_000)
    out: list[Any] = [[(n.id, n.originator_id, n.originator_version, n.topic) for n in notes]]
    tables = (await (await client.get("/api/tables")).json())["items"]
    out.append(tables)
    for table in tables:
        for player in who:
            for route in ("view", "events"):
                response = await client.get(
                    f"/api/tables/{table['table_id']}/{route}", headers=player.auth
                )
                out.append(await response.json())
    return out


async def _send(client: TestClient, request: Request) -> tuple[Request, int, Any]:
    response = await client.request(
        request.method, request.path, headers=request.headers, data=request.body
    )
    text = await response.text()
    try:
        body = await response.json(content_type=None) if text else None
    except ValueError:
        body = text
    # The path the server saw: the client resolves dot segments (`/api/../x` is `/x`).
    seen = dataclasses.replace(request, path=response.url.raw_path_qs)
    return seen, response.status, body


def _check(request: Request, status: int, body: Any, codes: set[str]) -> str | None:
    """Why an answer breaks the rules, or None."""
    where = f"{request.kind}: {request.method} {request.path[:80]} -> {status} {str(body)[:200]}"
    if status >= 500:
        return where
    page = isinstance(body, str) and body.lstrip().lower().startswith("<!doctype html>")
    if status == 404 and page and not request.path.startswith(("/api/", "/assets/")):
        return None  # a mistyped page address: the web client's page, which says so in words
    if status >= 400:
        ok = isinstance(body, dict) and body.get("code") in codes and body.get("message")
        details = body.get("details") if isinstance(body, dict) else None
        numeric_text = any(  # numbers in details are JSON numbers, never strings
            isinstance(v, str) and v.lstrip("-").isdigit() for v in (details or {}).values()
        )
        return None if ok and not numeric_text else where
    replayed = isinstance(body, dict) and body.get("replayed") is True
    return None if request.method in ("GET", "HEAD") or replayed else where


@pytest.mark.slow
async def test_ten_thousand_bad_requests_change_nothing(
    client: TestClient, platform: Platform
) -> None:
    tables = [await _seated(client, *game, seed=i) for i, game in enumerate(GAMES)]
    lobby_id, lobby_players, lobby_body = await _lobby(client)
    stranger = await register(client, "stranger")
    everyone = [p for t in tables for p in t.players] + lobby_players + [stranger]
    before = await _state(client, platform, everyone)
    fuzz = Fuzz(
        rng=random.Random(SEED),
        tables=tables,
        lobby=(lobby_id, lobby_players),
        stranger=stranger,
        created=[(lobby_players[0], lobby_body)],
        max_body=client.app[SETTINGS].max_body,
    )
    codes = documented_codes()
    problems: list[str] = []
    seen: Counter[str] = Counter()
    for _ in range(REQUESTS // AT_ONCE):
        batch = [fuzz.draw() for _ in range(AT_ONCE)]
        for request, status, body in await asyncio.gather(*(_send(client, r) for r in batch)):
            if isinstance(body, dict) and "code" in body:
                seen[body["code"]] += 1
            problem = _check(request, status, body, codes)
            if problem is not None:
                problems.append(problem)
    assert not problems, f"{len(problems)} bad answers, e.g.:\n" + "\n".join(problems[:20])
    assert set(seen) >= EXPECTED, f"never provoked: {sorted(EXPECTED - set(seen))}"
    assert await _state(client, platform, everyone) == before
    # The tables' deciders were not disturbed: every game plays on, views equal a rebuild.
    for number, table in enumerate(tables):
        assert await play_moves(client, table.table_id, table.players, seed=number, limit=15)
    assert platform.app is not None
    await rebuilt_views_equal_live(platform, platform.app[TABLE_CACHE])
