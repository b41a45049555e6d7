"""`senet selfplay --tournament FORMAT`: bots sign up for a tournament and play every match
of it through the HTTP API; one JSON line per match, then one with the standings."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sys
import time
import uuid
from typing import Any

import aiohttp

from services.cli.selfplay import Api, ApiError, Bot, reach

POLL = 0.1  # seconds between looks at a tournament waiting for its manager
ROUND_PATIENCE = 120.0  # seconds a round may take to be paired and its tables opened


async def play_table(api: Api, table_id: str, bots: dict[str, Bot], rng: random.Random) -> int:
    """Play one opened table to its end with random legal moves; the moves made."""
    anyone = next(iter(bots.values()))
    view = await api.call("GET", f"/api/tables/{table_id}/view", anyone)
    players = [s["player_id"] for s in view["table"]["seats"]]
    version = view["table"]["version"]
    moves = 0
    while True:
        path = f"/api/tables/{table_id}/view?min_version={version}"
        view = await api.call("GET", path, anyone)
        if view["result"] is not None or view["table"]["status"] != "playing":
            return moves
        seat = rng.choice(view["to_act"])
        bot = bots[players[seat]]
        mine = await api.call("GET", path, bot)
        if not mine["legal_moves"] or seat not in mine["to_act"]:
            continue
        body = {
            "move": rng.choice(mine["legal_moves"]),
            "expected_version": mine["table"]["version"],
            "command_id": uuid.uuid4().hex,
        }
        try:
            outcome = await api.call("POST", f"/api/tables/{table_id}/moves", bot, body)
        except ApiError as exc:
            if exc.code in {"stale_version", "not_your_turn"}:
                version = max(version, int(exc.details.get("version", version)))
                continue
            raise
        version = outcome["version"]
        moves += 1


async def run_tournament(
    base: str,
    fmt: str,
    players: int,
    game: str,
    seats: int,
    rounds: int,
    seed: int,
    timeout: float,
    options: dict[str, Any] | None = None,
    seeded: bool = False,
) -> int:
    """Run a whole tournament with bots; print its lines; the exit code.

    `seeded` (a gateway that allows client seeds on a fresh store: the embedded platform):
    the bots' names, the tournament's seed and so its id, pairings and tables derive from
    `seed`, so the same command plays the same tournament."""
    started = time.perf_counter()
    rng = random.Random(seed)
    client_timeout = aiohttp.ClientTimeout(total=max(timeout, 30.0), connect=timeout)
    async with aiohttp.ClientSession(timeout=client_timeout) as session:
        api = Api(session, base, patience=max(timeout, 30.0))
        problem = await reach(api, timeout)
        if problem is not None:
            print(f"senet selfplay: {problem}", file=sys.stderr, flush=True)
            return 1
        chosen = hashlib.sha256(f"senet-selfplay-tournament:{seed}".encode()).hexdigest()
        tag = chosen[:6] if seeded else uuid.uuid4().hex[:6]
        bots = [await api.register(f"t{i}-{tag}") for i in range(players)]
        by_id = {b.player_id: b for b in bots}
        create = {
            "name": f"{fmt} {game} {tag}", "format": fmt, "game": game, "seats": seats,
            "rounds": rounds, "max_players": max(players, 2), "options": options or {},
            "command_id": uuid.uuid4().hex,
        }  # fmt: skip
        if seeded:
            create["seed"] = chosen
        created = await api.call("POST", "/api/tournaments", bots[0], create)
        tid = created["tournament_id"]
        for bot in bots:
            await api.call("POST", f"/api/tournaments/{tid}/join", bot,
                           {"command_id": uuid.uuid4().hex})  # fmt: skip
        await api.call("POST", f"/api/tournaments/{tid}/start", bots[0],
                       {"command_id": uuid.uuid4().hex})  # fmt: skip
        played: set[str] = set()
        total_moves = 0
        while True:
            view = await _next_round(api, tid, bots[0], played)
            if view["summary"]["status"] != "running":
                break
            current = view["rounds"][-1]
            todo = [m for m in current["matches"] if m["table_id"] not in played]
            moves = await asyncio.gather(
                *(play_table(api, m["table_id"], by_id, random.Random(rng.random()))
                  for m in todo)
            )  # fmt: skip
            total_moves += sum(moves)
            for match, count in zip(todo, moves, strict=True):
                played.add(match["table_id"])
                line = {"tournament_id": tid, "round": current["round"],
                        "table_id": match["table_id"], "players": match["names"],
                        "moves": count}  # fmt: skip
                print(json.dumps(line), flush=True)
        standings = await _all_standings(api, tid)
        final = {
            "tournament_id": tid, "format": fmt, "game": game, "players": players,
            "rounds": view["summary"]["rounds"], "status": view["summary"]["status"],
            "matches": len(played), "moves": total_moves,
            "seconds": round(time.perf_counter() - started, 3),
            "standings": [
                {"rank": s["rank"], "name": s["name"], "points": s["points"],
                 "buchholz": s["buchholz"], "sonneborn_berger": s["sonneborn_berger"],
                 "head_to_head": s["head_to_head"], "reached": s["reached"]}
                for s in standings
            ],
        }  # fmt: skip
        print(json.dumps(final), flush=True)
        return 0 if view["summary"]["status"] == "finished" else 1


async def _next_round(api: Api, tid: str, bot: Bot, played: set[str]) -> dict[str, Any]:
    """The tournament once it is over, or once a round with unplayed tables has them all
    opened (the manager pairs and opens a round after the last result of the one before)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ROUND_PATIENCE
    while True:
        view: dict[str, Any] = await api.call("GET", f"/api/tournaments/{tid}", bot)
        status = view["summary"]["status"]
        if status != "running":
            return view
        current = view["rounds"][-1] if view["rounds"] else None
        if current is not None:
            fresh = [m for m in current["matches"] if m["table_id"] not in played]
            if fresh and all(m["opened"] for m in fresh):
                return view
        if loop.time() > deadline:
            raise TimeoutError(f"tournament {tid}: round not ready after {ROUND_PATIENCE:g} s")
        await asyncio.sleep(POLL)


async def _all_standings(api: Api, tid: str) -> list[dict[str, Any]]:
    """Every page of the standings."""
    items: list[dict[str, Any]] = []
    cursor = ""
    while True:
        page = await api.call(
            "GET",
            f"/api/tournaments/{tid}/standings?limit=200" + (f"&cursor={cursor}" if cursor else ""),
        )
        items += page["items"]
        if not page["next"]:
            return items
        cursor = page["next"]
