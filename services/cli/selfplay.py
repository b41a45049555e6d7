"""`senet selfplay`: random legal-move bots play full games through the HTTP API."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
import uuid
from dataclasses import dataclass
from typing import Any

import aiohttp


class ApiError(Exception):
    """An HTTP answer that was not a success."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(f"{status} {body.get('code')}: {body.get('message')}")
        self.status = status
        self.code = str(body.get("code", ""))


@dataclass
class Bot:
    """One registered player driving one seat."""

    name: str
    token: str
    player_id: str


class Api:
    """A thin client of the gateway's HTTP API."""

    def __init__(self, session: aiohttp.ClientSession, base: str) -> None:
        self.session = session
        self.base = base.rstrip("/")

    async def call(self, method: str, path: str, bot: Bot | None = None, body: Any = None) -> Any:
        """One request; raises ApiError on a non-2xx answer."""
        headers = {"Authorization": f"Bearer {bot.token}"} if bot else {}
        async with self.session.request(
            method, self.base + path, json=body, headers=headers
        ) as response:
            data = await response.json(content_type=None)
            if response.status >= 300:
                raise ApiError(response.status, data if isinstance(data, dict) else {})
            return data

    async def register(self, name: str, email: str | None = None) -> Bot:
        """A new player."""
        data = await self.call("POST", "/api/players", body={"name": name})
        bot = Bot(name=name, token=data["token"], player_id=data["player_id"])
        if email is not None:
            await self.call("POST", "/api/me/email", bot, {"email": email})
        return bot


async def play_game(
    api: Api,
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    emails: bool = False,
) -> dict[str, Any]:
    """Play one full game with random bots; returns the per-game summary line."""
    rng = random.Random(seed)
    tag = uuid.uuid4().hex[:6]
    names = [f"bot{i}-{tag}" for i in range(players)]
    bots = [await api.register(n, f"{n}@example.test" if emails else None) for n in names]
    created = await api.call(
        "POST",
        "/api/tables",
        bots[0],
        {"game": game, "seats": players, "options": options or {}},
    )
    table_id = created["table_id"]
    for bot in bots[1:]:
        await api.call("POST", f"/api/tables/{table_id}/join", bot, {})
    outcome = await api.call("POST", f"/api/tables/{table_id}/start", bots[0], {})
    version = outcome["version"]
    moves = 0
    while True:
        view = await api.call("GET", f"/api/tables/{table_id}/view?min_version={version}", bots[0])
        if view["result"] is not None:
            break
        seat = rng.choice(view["to_act"])
        mine = await api.call(
            "GET", f"/api/tables/{table_id}/view?min_version={version}", bots[seat]
        )
        if not mine["legal_moves"]:
            continue
        move = rng.choice(mine["legal_moves"])
        body = {
            "move": move,
            "command_id": uuid.uuid4().hex,
            "expected_version": mine["table"]["version"],
        }
        try:
            outcome = await api.call("POST", f"/api/tables/{table_id}/moves", bots[seat], body)
        except ApiError as exc:
            if exc.code in {"stale_version", "not_your_turn"}:
                continue  # someone else moved first (simultaneous choices)
            raise
        version = outcome["version"]
        moves += 1
    log = await api.call("GET", f"/api/tables/{table_id}/events", bots[0])
    result = view["result"]
    winners = result["winners"]
    return {
        "table_id": table_id,
        "game": game,
        "moves": moves,
        "events": len(log),
        "scores": result["scores"],
        "winner": winners[0] if len(winners) == 1 else winners,
    }


async def run_selfplay(
    base: str,
    game: str,
    players: int,
    games: int,
    seed: int,
    concurrency: int,
    options: dict[str, Any] | None = None,
    emails: bool = False,
) -> int:
    """Play the games, print one JSON line each and a summary; returns the exit code."""
    started = time.perf_counter()
    finished = failed = total_moves = 0
    limit = asyncio.Semaphore(concurrency)
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        api = Api(session, base)

        async def one(index: int) -> None:
            nonlocal finished, failed, total_moves
            async with limit:
                try:
                    line = await play_game(
                        api, game, players, seed * 1000 + index, options, emails
                    )
                except Exception as exc:  # report and go on with the other games
                    failed += 1
                    print(json.dumps({"game": game, "error": str(exc)}), flush=True)
                    print(f"game {index} failed: {exc!r}", file=sys.stderr)
                    return
                finished += 1
                total_moves += line["moves"]
                print(json.dumps(line), flush=True)

        await asyncio.gather(*(one(i) for i in range(games)))
    elapsed = time.perf_counter() - started
    summary = {
        "games": games,
        "finished": finished,
        "failed": failed,
        "moves": total_moves,
        "seconds": round(elapsed, 3),
        "moves_per_s": round(total_moves / elapsed, 1) if elapsed > 0 else 0.0,
    }
    print(json.dumps(summary), flush=True)
    return 0 if finished == games else 1
