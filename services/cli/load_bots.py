"""The load generator of `senet bench load`: bot tables through the gateway's HTTP API.

Each table is one bot loop: the actor's view (legal moves), then the move; at most one
move of a table is in flight. With an offered rate, each table paces its moves at
`rate / tables` per second (a late table moves at once, never twice). A WebSocket per
table (seat 0) records when each new version of the view arrives, for the projector lag.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from services.cli.selfplay import Api, ApiError, Bot


@dataclass
class Samples:
    """What one load run measured (seconds on the generator's clock)."""

    latencies: list[float] = field(default_factory=list)  # per accepted move
    lags: list[float] = field(default_factory=list)  # view pushed minus move answered
    errors: dict[str, int] = field(default_factory=dict)  # code: count
    elapsed: float = 0.0
    tables_played: int = 0
    cpu_seconds: float = 0.0  # the bots' own CPU time while they played


@dataclass
class _Table:
    game: str
    table_id: str
    bots: list[Bot]
    to_act: list[int]
    pushed: dict[int, float] = field(default_factory=dict)  # version: first arrival
    answered: dict[int, float] = field(default_factory=dict)  # version: move answered
    known: dict[str, Any] | None = None  # the last mover's view from its move's answer
    watcher: asyncio.Task[None] | None = None


def run_bots(
    base: str, tables: int, players: int, seconds: float, rate: float, game: str, seed: int
) -> Samples:
    """Drive the tables for some seconds (meant to run in a process of its own)."""
    return asyncio.run(drive(base, tables, players, seconds, rate, game, seed))


async def drive(
    base: str, tables: int, players: int, seconds: float, rate: float, game: str, seed: int
) -> Samples:
    """The load run: open the tables, play until the deadline, collect the samples."""
    samples = Samples()
    timeout = aiohttp.ClientTimeout(total=60)
    connector = aiohttp.TCPConnector(limit=tables * 3)
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
        api = Api(session, base, patience=0)  # a 503 is an error here, not a pause
        opened = await asyncio.gather(*(_open(api, game, players, i) for i in range(tables)))
        started = time.perf_counter()
        cpu_started = time.process_time()
        deadline = started + seconds
        interval = tables / rate if rate > 0 else 0.0
        finished: list[_Table] = []
        await asyncio.gather(
            *(
                _play(api, table, samples, deadline, interval, random.Random(seed + i), finished)
                for i, table in enumerate(opened)
            )
        )
        samples.elapsed = time.perf_counter() - started
        samples.cpu_seconds = time.process_time() - cpu_started
        for table in [*opened, *finished]:
            if table.watcher is not None:
                table.watcher.cancel()
            samples.lags.extend(_lags(table))
    return samples


async def _open(api: Api, game: str, players: int, index: int) -> _Table:
    tag = uuid.uuid4().hex[:6]  # display names are unique on a server
    bots = [await api.register(f"load{index}-{seat}-{tag}") for seat in range(players)]
    created = await api.call("POST", "/api/tables", bots[0], {"game": game, "seats": players})
    table_id = created["table_id"]
    for bot in bots[1:]:
        await api.call("POST", f"/api/tables/{table_id}/join", bot, {})
    started = await api.call("POST", f"/api/tables/{table_id}/start", bots[0], {})
    table = _Table(game, table_id, bots, list(started["to_act"]))
    table.watcher = asyncio.create_task(_watch(api, table))
    return table


async def _watch(api: Api, table: _Table) -> None:
    """Record the first arrival of every view version pushed to seat 0."""
    url = f"{api.base}/api/tables/{table.table_id}/ws?token={table.bots[0].token}"
    try:
        async with api.session.ws_connect(url) as socket:
            async for message in socket:
                if message.type not in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                    break
                view: dict[str, Any] = json.loads(message.data)
                table.pushed.setdefault(int(view["table"]["version"]), time.perf_counter())
    except (aiohttp.ClientError, asyncio.CancelledError):
        return


async def _play(
    api: Api,
    table: _Table,
    samples: Samples,
    deadline: float,
    interval: float,
    rng: random.Random,
    finished: list[_Table],
) -> None:
    next_at = time.perf_counter() + rng.uniform(0.0, interval)  # staggered, not in bursts
    while time.perf_counter() < deadline:
        if interval:
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            next_at += interval
            if time.perf_counter() >= deadline:
                break
        if not table.to_act:
            finished.append(table)
            samples.tables_played += 1
            try:
                table = await _open(api, table.game, len(table.bots), rng.randrange(10**9))
            except (ApiError, aiohttp.ClientError, TimeoutError) as error:
                code = error.code if isinstance(error, ApiError) else type(error).__name__
                samples.errors[code] = samples.errors.get(code, 0) + 1
                return
            continue
        await _move(api, table, samples, rng)


async def _move(api: Api, table: _Table, samples: Samples, rng: random.Random) -> None:
    seat = rng.choice(table.to_act)
    path = f"/api/tables/{table.table_id}"
    try:
        known, table.known = table.known, None
        reuse = known is not None and known["seat"] == seat  # the same seat moves again
        mine = known if reuse else await api.call("GET", f"{path}/view", table.bots[seat])
        assert mine is not None
        if not mine["legal_moves"]:
            table.to_act = list(mine["to_act"])
            return
        move = rng.choice(mine["legal_moves"])
        body = {"move": move, "expected_version": mine["table"]["version"]}
        t0 = time.perf_counter()
        outcome = await api.call("POST", f"{path}/moves", table.bots[seat], body)
    except ApiError as error:
        samples.errors[error.code] = samples.errors.get(error.code, 0) + 1
        return
    except (aiohttp.ClientError, TimeoutError) as error:
        name = type(error).__name__
        samples.errors[name] = samples.errors.get(name, 0) + 1
        return
    answered = time.perf_counter()
    samples.latencies.append(answered - t0)
    table.answered[int(outcome["version"])] = answered
    table.to_act = list(outcome["to_act"])
    table.known = outcome.get("view")


def _lags(table: _Table) -> list[float]:
    """For each answered version: the first push of that version or a later one, minus the
    answer (negative: the view reached the watcher before the mover heard back)."""
    pushes = sorted(table.pushed.items())
    out = []
    for version, answered in table.answered.items():
        later = [at for pushed, at in pushes if pushed >= version]
        if later:
            out.append(min(later) - answered)
    return out
