"""`senet bench` (no kind): engine speed, the raw floor and end-to-end figures in one run.

The raw floor is a bare request/reply over the same broker whose responder saves one
event with eventsourcing to the same store: no HTTP, no rules, no projections. End-to-end
figures are reported as a ratio to it, measured in the same run at the same concurrency.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import time
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any
from uuid import UUID

import aiohttp
from eventsourcing.domain import Aggregate, event

from services.bench.engine import engine_figures
from services.bench.schemas import postgres_schema
from services.bench.stats import percentile
from services.cli.platform import Platform, PlatformConfig, serve_http
from shared.games.registry import available_games, get_game
from shared.messaging.port import Delivery, Topology
from shared.messaging.routing import shard_of
from shared.messaging.urls import broker_from_url
from shared.ports import free_port
from shared.store import open_store

TABLES = 50


class Tick(Aggregate):
    """The raw floor's aggregate: one event per request."""

    @event("Created")
    def __init__(self) -> None:
        self.count = 0

    @event("Ticked")
    def tick(self) -> None:
        """Record one request."""
        self.count += 1


async def raw_floor(store_url: str, broker_url: str, seconds: float) -> dict[str, float]:
    """Bare request/reply with one eventsourcing save per request, TABLES in parallel."""
    prefix = "bench" + uuid.uuid4().hex[:8]
    store = open_store(store_url)
    topology = Topology(shards=8)
    server = broker_from_url(broker_url, topology, prefix)
    client = broker_from_url(broker_url, topology, prefix)
    cache: dict[str, Tick] = {}

    def save(key: str) -> None:
        tick = cache.get(key)
        if tick is None:
            tick = Tick()
            cache[key] = tick
        else:
            tick.tick()
        store.save(tick)

    async def respond(delivery: Delivery) -> bytes:
        await asyncio.to_thread(save, delivery.body.decode())
        return b"ok"

    await server.connect()
    await client.connect()
    try:
        for shard in range(topology.shards):
            await server.serve_shard(shard, respond)

        async def one(key: str) -> None:
            await client.request(shard_of(key, topology.shards), key.encode(), timeout=10)

        return await _drive(one, seconds)
    finally:
        await server.cleanup()
        await client.close()
        await server.close()


async def end_to_end(store_url: str, broker_url: str, seconds: float) -> dict[str, float]:
    """Ra games by bots through HTTP at TABLES concurrent tables; latency of each move.

    The bots run in a separate process so that the load generator does not share the
    platform's interpreter.
    """
    config = PlatformConfig(
        store=store_url,
        broker=broker_url,
        prefix="bench" + uuid.uuid4().hex[:8],
    )
    platform = Platform(config)
    await platform.start()
    assert platform.app is not None
    port = free_port()
    runner = await serve_http(platform.app, "127.0.0.1", port)
    try:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            latencies, errors, elapsed = await asyncio.get_running_loop().run_in_executor(
                pool, run_bots, f"http://127.0.0.1:{port}", seconds
            )
    finally:
        await runner.cleanup()
        await platform.broker.cleanup()
        await platform.stop()
    return _figures(latencies, elapsed) | {"errors": errors}


def run_bots(base: str, seconds: float) -> tuple[list[float], int, float]:
    """Drive TABLES tables with random bots for some seconds (in its own process)."""
    return asyncio.run(_bots(base, seconds))


async def _bots(base: str, seconds: float) -> tuple[list[float], int, float]:
    latencies: list[float] = []
    errors = 0
    connector = aiohttp.TCPConnector(limit=TABLES * 2)
    async with aiohttp.ClientSession(base, connector=connector) as http:
        tables = [await _new_table(http) for _ in range(TABLES)]
        deadline = time.perf_counter() + seconds
        started = time.perf_counter()

        async def bot(index: int) -> None:
            # Two requests a move: my view (legal moves), then the move, whose outcome
            # says who acts next.
            nonlocal errors
            rng = random.Random(index)
            table_id, tokens, to_act = tables[index]
            while time.perf_counter() < deadline:
                if not to_act:
                    table_id, tokens, to_act = await _new_table(http)
                    continue
                seat = rng.choice(to_act)
                mine = await _get(http, f"/api/tables/{table_id}/view", tokens[seat])
                body = {
                    "move": rng.choice(mine["legal_moves"]),
                    "expected_version": mine["table"]["version"],
                }
                t0 = time.perf_counter()
                async with http.post(
                    f"/api/tables/{table_id}/moves", json=body, headers=_auth(tokens[seat])
                ) as response:
                    outcome = await response.json()
                    if response.status != 200:
                        errors += 1
                        continue
                latencies.append(time.perf_counter() - t0)
                to_act = outcome["to_act"]

        await asyncio.gather(*(bot(i) for i in range(TABLES)))
        elapsed = time.perf_counter() - started
    return latencies, errors, elapsed


async def _drive(one: Callable[[str], Awaitable[None]], seconds: float) -> dict[str, float]:
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()

    async def loop(index: int) -> None:
        key = str(UUID(int=index))
        while time.perf_counter() < deadline:
            t0 = time.perf_counter()
            await one(key)
            latencies.append(time.perf_counter() - t0)

    await asyncio.gather(*(loop(i) for i in range(TABLES)))
    return _figures(latencies, time.perf_counter() - started)


def _figures(latencies: list[float], elapsed: float) -> dict[str, float]:
    ms = [x * 1000 for x in latencies]
    return {
        "per_s": round(len(ms) / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(percentile(ms, 50), 2),
        "p99_ms": round(percentile(ms, 99), 2),
        "count": len(ms),
    }


async def _new_table(http: aiohttp.ClientSession) -> tuple[str, list[str], list[int]]:
    tokens = []
    for _ in range(3):  # names are unique: one new player per seat of each table
        name = f"bench-{uuid.uuid4().hex[:12]}"
        async with http.post("/api/players", json={"name": name}) as response:
            tokens.append((await response.json())["token"])
    async with http.post(
        "/api/tables", json={"game": "ra", "seats": 3}, headers=_auth(tokens[0])
    ) as response:
        table_id = (await response.json())["table_id"]
    for token in tokens[1:]:
        async with http.post(f"/api/tables/{table_id}/join", json={}, headers=_auth(token)) as r:
            await r.read()
    async with http.post(f"/api/tables/{table_id}/start", json={}, headers=_auth(tokens[0])) as r:
        started = await r.json()
    return table_id, tokens, started["to_act"]


async def _get(http: aiohttp.ClientSession, path: str, token: str) -> Any:
    async with http.get(path, headers=_auth(token)) as response:
        return await response.json()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def run_bench(args: argparse.Namespace) -> int:
    """Run every measurement and print a JSON report (and a readable summary on stderr)."""
    seconds = 3.0 if args.quick else 15.0
    games = 5 if args.quick else 40
    report: dict[str, Any] = {"tables": TABLES, "seconds_per_phase": seconds}
    engine: dict[str, Any] = {}
    for name in available_games():  # every registered game, so a new one needs no edit here
        try:
            players = 3 if name == "ra" else min(4, get_game(name).max_players)
            engine[name] = engine_figures(name, players, games)
        except Exception as exc:  # a game still being built is reported, not fatal
            engine[name] = {"error": str(exc)}
    report["engine"] = engine
    report["embedded"] = await _backend("sqlite:///var/bench-" + uuid.uuid4().hex[:6] + ".db",
                                        "memory", seconds)  # fmt: skip
    if not args.skip_servers:
        url, drop = await postgres_schema(args.postgres)
        try:
            report["rabbitmq_postgres"] = await _backend(url, args.amqp, seconds)
        finally:
            drop()
    print(json.dumps(report, indent=2))
    return 0


async def _backend(store_url: str, broker_url: str, seconds: float) -> dict[str, Any]:
    floor = await raw_floor(store_url, broker_url, seconds)
    e2e = await end_to_end(store_url, broker_url, seconds)
    ratio = e2e["per_s"] / floor["per_s"] if floor["per_s"] else 0.0
    return {
        "raw_floor": floor,
        "end_to_end": e2e,
        "ratio_to_floor": round(ratio, 3),
    }
