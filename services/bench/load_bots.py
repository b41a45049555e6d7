"""The load generator of `senet bench load`: bot tables through the gateway's HTTP API.

The bots play as the web client does: every seat holds the table's WebSocket, which pushes
its view (legal moves included) after every change, and a move is a message on the mover's
socket, answered on it (its new view follows as the socket's push); with `http_moves`, or
while the seat's socket is not open, a move is one HTTP request, whose answer carries the
mover's new view. Each table is one bot loop: the actor's latest pushed view (a `GET /view`
only if the push does not come within `PUSH_PATIENCE`), then the move; at most one move of
a table is in flight. With an offered rate, each table paces its moves at `rate / tables`
per second (a late table moves at once, never twice). The sockets record when each version
reached each seat: the push latency of the other seats (from the move request) and the
projector lag (from the mover's answer).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sys
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from services.bench import counters, cpu
from services.cli.selfplay import Api, ApiError, Bot

PUSH_PATIENCE = 2.0  # seconds to wait for a pushed view before reading it with GET
ANSWER_PATIENCE = 60.0  # seconds a move over the socket may wait for its answer


@dataclass
class Samples:
    """What one load run measured (seconds on the generator's clock)."""

    latencies: list[float] = field(default_factory=list)  # per accepted move
    lags: list[float] = field(default_factory=list)  # view pushed minus move answered
    pushes: list[float] = field(default_factory=list)  # view pushed minus move sent
    fetched: int = 0  # views read with GET because the push was late
    errors: dict[str, int] = field(default_factory=dict)  # code: count
    elapsed: float = 0.0
    tables_played: int = 0
    cpu_seconds: float = 0.0  # the bots' own CPU time while they played
    cpu_before: cpu.Sample | None = None  # the platform's processes when play began
    cpu_after: cpu.Sample | None = None  # and when it ended (`services.bench.cpu`)
    counts_before: dict[str, float] | None = None  # broker messages, store transactions
    counts_after: dict[str, float] | None = None  # (`services.bench.counters`)


@dataclass
class _Table:
    game: str
    table_id: str
    bots: list[Bot]
    to_act: list[int]
    version: int = 0  # the newest version answered
    pushed: dict[int, dict[int, float]] = field(default_factory=dict)  # seat: version: arrival
    views: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat: newest view
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    answered: dict[int, tuple[int, float, float]] = field(default_factory=dict)  # version:
    # (mover, sent, answered)
    watchers: list[asyncio.Task[None]] = field(default_factory=list)
    sockets: dict[int, aiohttp.ClientWebSocketResponse] = field(default_factory=dict)  # open
    answers: dict[int, asyncio.Queue[dict[str, Any] | None]] = field(default_factory=dict)
    http_moves: bool = False  # every move as POST /moves, the sockets only for the pushes


@dataclass(frozen=True)
class Load:
    """One load run: where, how many tables of how many seats, for how long, how fast (0:
    flat out), which game and seed, and the platform's processes whose CPU time to sample
    while playing (`parts`: process trees by root pid; `named`: by program name)."""

    base: str
    tables: int
    players: int
    seconds: float
    rate: float
    game: str
    seed: int
    parts: dict[str, int] = field(default_factory=dict)
    named: dict[str, str] = field(default_factory=dict)
    metrics: dict[str, str] = field(default_factory=dict)  # part: its /metrics URL
    postgres: str | None = None  # the store's database, for its transaction count
    http_moves: bool = False  # moves as HTTP requests, not over the seat's socket


async def _counts(session: aiohttp.ClientSession, load: Load) -> dict[str, float] | None:
    """Broker messages and store transactions so far (None if they cannot be read)."""
    if not load.metrics:
        return None
    try:
        return await counters.sample(session, load.metrics, load.postgres)
    except Exception as exc:  # a figure missing from the report, never a failed run
        print(f"broker and store counts unavailable: {exc!r}", file=sys.stderr)
        return None


async def _settled_counts(session: aiohttp.ClientSession, load: Load) -> dict[str, float] | None:
    """The counts once the opening's messages have settled (the relay's copies of the last
    commands arrive after their replies): two broker counts alike 0.1 s apart, within 2 s.
    Counting from there charges the measured moves with their own messages only."""
    counts = await _counts(session, load)
    for _ in range(20):
        if counts is None:
            return None
        await asyncio.sleep(0.1)
        again = await _counts(session, load)
        if again is not None and all(again[k] == counts[k] for k in ("published", "delivered")):
            return again
        counts = again
    return counts


def run_bots(load: Load) -> Samples:
    """Drive the tables for some seconds (meant to run in a process of its own)."""
    return asyncio.run(drive(load))


async def drive(load: Load) -> Samples:
    """The load run: open the tables, play until the deadline, collect the samples."""
    samples = Samples()
    timeout = aiohttp.ClientTimeout(total=60)
    connector = aiohttp.TCPConnector(limit=load.tables * (load.players + 2))  # sockets, requests
    async with aiohttp.ClientSession(timeout=timeout, connector=connector) as session:
        api = Api(session, load.base, patience=0)  # a 503 is an error here, not a pause
        opened = await asyncio.gather(
            *(_open(api, load.game, load.players, i, load.http_moves) for i in range(load.tables))
        )
        own = [os.getpid()]  # a child of the platform's process: not part of it
        samples.counts_before = await _settled_counts(session, load)
        samples.cpu_before = cpu.sample(load.parts, load.named, exclude=own)
        started = time.perf_counter()
        cpu_started = time.process_time()
        deadline = started + load.seconds
        interval = load.tables / load.rate if load.rate > 0 else 0.0
        finished: list[_Table] = []
        await asyncio.gather(
            *(
                _play(
                    api, table, samples, deadline, interval, random.Random(load.seed + i), finished
                )
                for i, table in enumerate(opened)
            )
        )
        samples.elapsed = time.perf_counter() - started
        samples.cpu_seconds = time.process_time() - cpu_started
        samples.cpu_after = cpu.sample(load.parts, load.named, exclude=own)
        samples.counts_after = await _counts(session, load)
        for table in [*opened, *finished]:
            for watcher in table.watchers:
                watcher.cancel()
            lags, pushes = _lags(table)
            samples.lags.extend(lags)
            samples.pushes.extend(pushes)
    return samples


async def _open(api: Api, game: str, players: int, index: int, http_moves: bool) -> _Table:
    tag = uuid.uuid4().hex[:6]  # display names are unique on a server
    bots = [await api.register(f"load{index}-{seat}-{tag}") for seat in range(players)]
    created = await api.call("POST", "/api/tables", bots[0], {"game": game, "seats": players})
    table_id = created["table_id"]
    for bot in bots[1:]:
        await api.call("POST", f"/api/tables/{table_id}/join", bot, {})
    started = await api.call("POST", f"/api/tables/{table_id}/start", bots[0], {})
    table = _Table(game, table_id, bots, list(started["to_act"]), int(started["version"]),
                   http_moves=http_moves)  # fmt: skip
    table.watchers = [asyncio.create_task(_watch(api, table, s)) for s in range(len(bots))]
    return table


async def _watch(api: Api, table: _Table, seat: int) -> None:
    """Keep the seat's newest pushed view and the first arrival of every version."""
    url = f"{api.base}/api/tables/{table.table_id}/ws?token={table.bots[seat].token}"
    arrivals = table.pushed.setdefault(seat, {})
    answers = table.answers.setdefault(seat, asyncio.Queue())
    try:
        async with api.session.ws_connect(url) as socket:
            table.sockets[seat] = socket
            async for message in socket:
                if message.type not in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                    break
                data: dict[str, Any] = json.loads(message.data)
                if data.get("type") == "answer":  # to this seat's move
                    answers.put_nowait(data)
                    continue
                version = int(data["table"]["version"])
                arrivals.setdefault(version, time.perf_counter())
                _keep(table, seat, data)
    except (aiohttp.ClientError, TimeoutError, asyncio.CancelledError):
        return
    finally:
        table.sockets.pop(seat, None)
        answers.put_nowait(None)  # a move waiting for its answer: the socket is gone


def _keep(table: _Table, seat: int, view: dict[str, Any]) -> None:
    """Remember the seat's view if it is newer than the one held."""
    held = table.views.get(seat)
    if held is None or held["table"]["version"] < view["table"]["version"]:
        table.views[seat] = view
        table.changed.set()


async def _view(api: Api, table: _Table, seat: int, samples: Samples) -> dict[str, Any]:
    """The seat's view at the newest answered version: pushed, or read if the push is late."""
    deadline = time.perf_counter() + PUSH_PATIENCE
    while True:
        held = table.views.get(seat)
        if held is not None and held["table"]["version"] >= table.version:
            return held
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        table.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.changed.wait(), left)
    samples.fetched += 1
    path = f"/api/tables/{table.table_id}/view?min_version={table.version}"
    view: dict[str, Any] = await api.call("GET", path, table.bots[seat])
    _keep(table, seat, view)
    return view


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
            for watcher in table.watchers:  # its sockets' connections serve the next table
                watcher.cancel()
            try:
                table = await _open(
                    api, table.game, len(table.bots), rng.randrange(10**9), table.http_moves
                )
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
        mine = await _view(api, table, seat, samples)
        if not mine["legal_moves"]:
            table.to_act = list(mine["to_act"])
            return
        move = rng.choice(mine["legal_moves"])
        body = {"move": move, "expected_version": mine["table"]["version"]}
        t0 = time.perf_counter()
        socket = None if table.http_moves else table.sockets.get(seat)
        if socket is not None and not socket.closed:
            outcome = await _socket_move(table, seat, socket, body)
        else:
            outcome = await api.call("POST", f"{path}/moves", table.bots[seat], body)
    except ApiError as error:
        samples.errors[error.code] = samples.errors.get(error.code, 0) + 1
        return
    except (aiohttp.ClientError, TimeoutError, ConnectionError) as error:
        name = type(error).__name__
        samples.errors[name] = samples.errors.get(name, 0) + 1
        return
    answered = time.perf_counter()
    samples.latencies.append(answered - t0)
    version = int(outcome["version"])
    table.answered[version] = (seat, t0, answered)
    table.version = max(table.version, version)
    table.to_act = list(outcome["to_act"])
    if outcome.get("view"):
        _keep(table, seat, outcome["view"])


async def _socket_move(
    table: _Table, seat: int, socket: aiohttp.ClientWebSocketResponse, body: dict[str, Any]
) -> dict[str, Any]:
    """A move over the seat's socket: its accepted outcome; ApiError with the HTTP error if
    refused, ConnectionError if the socket closed before the answer."""
    answers = table.answers[seat]
    while not answers.empty():  # a closed socket's leftovers
        answers.get_nowait()
    await socket.send_json({"type": "move", "command_id": uuid.uuid4().hex, **body})
    async with asyncio.timeout(ANSWER_PATIENCE):
        answer = await answers.get()
    if answer is None:
        raise ConnectionError("the table socket closed before the move's answer")
    error = answer.get("error")
    if error is not None:
        raise ApiError(int(error["status"]), error)
    if not answer["accepted"]:  # refused with no error named: a server defect, said so
        raise ApiError(500, {"code": "refused", "message": "the move was not accepted"})
    return answer


def _lags(table: _Table) -> tuple[list[float], list[float]]:
    """For each answered move and each other seat: the first push of that version or a
    later one minus the mover's answer (the projector lag; negative: pushed first) and
    minus the move's request (the push latency)."""
    lags: list[float] = []
    pushes: list[float] = []
    for seat, arrivals in table.pushed.items():
        ordered = sorted(arrivals.items())
        for version, (mover, sent, answered) in table.answered.items():
            if seat == mover:
                continue
            later = [at for pushed, at in ordered if pushed >= version]
            if later:
                lags.append(min(later) - answered)
                pushes.append(min(later) - sent)
    return lags, pushes
