"""`senet bench scale`: start-up time and memory against the size of the archive.

It fills a store (a fresh PostgreSQL schema unless `--store`) with registered players,
N finished games (each with the verdict a live scoring service saves) and M tables under
way, all through the table worker's own decisions (`services.bench.autoplay`), then for each
N of `--games` (filled one after the other, e.g. 1000,10000):

- `senet serve` started on it: the first start (read models built from the log, timed
  until they reach the store's end), then a second start: seconds until /readyz answers
  200 and the resident memory (RSS) then;
- the same for `senet gateway` and `senet scoring` on RabbitMQ (`--amqp`), and
  `senet notify` (ready: its `notify_ready` log line), each started twice: the first start
  catches up with what it has not seen (`*_first_start_s`), the second is measured;
- lobby (`GET /api/tables?status=playing`, a page deep) and my-tables queries, and the
  first view of a table not viewed before: p50/p99 in ms.

With two or more N, the ratio of each figure between the largest and the smallest N.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, ClassVar

import aiohttp
import msgspec

from services.bench.audit import GAMES, SAVE_EVENTS, _save
from services.bench.autoplay import SelfPlay
from services.bench.schemas import postgres_schema
from services.cli.options import add_settings
from shared.accounts.ledger import register as register_player
from shared.ports import free_port
from shared.readmodels import ReadModelDB
from shared.readmodels.schema import positions
from shared.settings import setting
from shared.store import EventStore, open_store
from shared.tables.aggregate import Table

BENCH_AMQP = "amqp://guest:guest@127.0.0.1:5672/"
PLAYERS = 300
SAMPLES = 200
START_PATIENCE = 900.0  # seconds a first start may take to build the read models


class ScaleOptions(msgspec.Struct, frozen=True, kw_only=True):
    """`senet bench scale`."""

    variable_prefix: ClassVar[str] = "SENET_BENCH_"
    games: Annotated[
        str,
        setting("finished games, comma-separated", variable="SENET_BENCH_SCALE_GAMES"),
    ] = "1000,10000"  # not SENET_BENCH_GAMES: that is bench audit's (a number)
    active: Annotated[int, setting("tables under way", ge=0)] = 1000
    seed: Annotated[int, setting("the bots' seed")] = 1
    store: Annotated[
        str | None, setting("an empty store", shown_default="a fresh PG schema", metavar="URL")
    ] = None
    amqp: Annotated[
        str, setting("RabbitMQ for gateway/scoring/notify ('' to skip them)", metavar="URL")
    ] = BENCH_AMQP


def register(kinds: Any) -> None:
    """Register `senet bench scale`."""
    parser = kinds.add_parser("scale", help="start-up time and memory against archive size")
    add_settings(parser, ScaleOptions)
    parser.set_defaults(bench_run=run_bench_scale)


async def run_bench_scale(args: argparse.Namespace) -> int:
    """Fill, start, measure; print the JSON report."""
    sizes = sorted(int(n) for n in args.games.split(","))
    drop: Callable[[], None] | None = None
    url = args.store
    if url is None:
        url, drop = await postgres_schema(args.postgres)
    report: dict[str, Any] = {"store": url.split(":", 1)[0], "active": args.active, "runs": {}}
    try:
        store = open_store(url)
        if store.last_position() != 0:
            print("senet bench scale: the store is not empty; give an empty one", file=sys.stderr)
            return 2
        bots = SelfPlay(args.seed)
        tokens = _players(store, bots)
        active = _fill(store, bots, args.active, active=True)
        filled = 0
        for size in sizes:
            _fill(store, bots, size - filled, active=False)
            filled = size
            run: dict[str, Any] = {"games": size, "events": store.last_position()}
            run |= await _serve_figures(url, tokens, active)
            if args.amqp:
                run |= await _role_figures(url, args.amqp)
            run["load_average"] = round(os.getloadavg()[0], 2)
            report["runs"][str(size)] = run
            print(json.dumps({str(size): run}), file=sys.stderr)
        if len(sizes) > 1:
            small, large = report["runs"][str(sizes[0])], report["runs"][str(sizes[-1])]
            report["ratios"] = {
                key: round(large[key] / small[key], 2)
                for key, value in small.items()
                if isinstance(value, float) and value and key.endswith(("_s", "_mb"))
            }
        store.close()
    finally:
        if drop is not None:
            drop()
    print(json.dumps({"scale": report}, indent=2))
    return 0


def _players(store: EventStore, bots: SelfPlay) -> dict[str, str]:
    """Registered players (id -> token); the bots play with these ids."""
    tokens = {}
    for index in range(PLAYERS):
        player, token = register_player(store, f"bot{index}")
        tokens[str(player.id)] = token
    bots.pool = list(tokens)
    return tokens


def _fill(store: EventStore, bots: SelfPlay, count: int, *, active: bool) -> list[str]:
    """Save `count` games: finished (with verdicts) or under way (a random number of moves)."""
    ids: list[str] = []
    chunk: list[Table] = []
    seconds: list[float] = []
    for index in range(count):
        game = GAMES[index % len(GAMES)]
        moves = bots.bots.randrange(1, 30) if active else None
        chunk.append(bots.play(game, moves=moves))
        ids.append(str(chunk[-1].id))
        if sum(t.version for t in chunk) >= SAVE_EVENTS or index == count - 1:
            if active:
                store.save(*chunk)
            else:
                _save(store, chunk, seconds)
            chunk = []
    return ids


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def _spawn(argv: list[str], log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "SENET_LOG_LEVEL": "INFO"}
    with log.open("wb") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "services.cli.main", "--log-json", *argv],
            env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


async def _ready_http(process: subprocess.Popen[bytes], url: str) -> float:
    began = time.monotonic()
    async with aiohttp.ClientSession() as http:
        while time.monotonic() - began < START_PATIENCE:
            assert process.poll() is None, "the process exited"
            try:
                async with http.get(url + "/readyz") as response:
                    if response.status == 200:
                        return time.monotonic() - began
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.02)
    raise AssertionError("not ready in time")


async def _ready_log(process: subprocess.Popen[bytes], log: Path, marker: str) -> float:
    began = time.monotonic()
    while time.monotonic() - began < START_PATIENCE:
        assert process.poll() is None, "the process exited"
        if marker.encode() in log.read_bytes():
            return time.monotonic() - began
        await asyncio.sleep(0.02)
    raise AssertionError(f"no {marker} in time")


async def _built(url: str, began: float) -> float:
    """Seconds since `began` until every read model reached the store's end."""
    store = open_store(url)
    db = ReadModelDB.of(store)
    try:
        last = store.last_position()
        while min(positions(db).values(), default=0) < last:
            await asyncio.sleep(0.1)
        return time.monotonic() - began
    finally:
        store.close()


async def _serve_figures(url: str, tokens: dict[str, str], active: list[str]) -> dict[str, Any]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    argv = ["serve", "--store", url, "--port", str(port), "--prefix", "b" + uuid.uuid4().hex[:8]]
    logs = Path(tempfile.gettempdir())
    out: dict[str, Any] = {}
    # First start: the read models are built from the log (or brought up to date).
    began = time.monotonic()
    process = _spawn(argv, logs / "bench-scale-serve-1.log")
    try:
        await _ready_http(process, base)
        out["serve_first_start_read_models_s"] = round(await _built(url, began), 2)
    finally:
        _stop(process)
    process = _spawn(argv, logs / "bench-scale-serve-2.log")
    try:
        out["serve_ready_s"] = round(await _ready_http(process, base), 2)
        await asyncio.sleep(1.0)
        out["serve_rss_mb"] = _rss_mb(process.pid)
        out |= await _queries(base, tokens, active)
        out["serve_rss_after_views_mb"] = _rss_mb(process.pid)
    finally:
        _stop(process)
    return out


async def _queries(base: str, tokens: dict[str, str], active: list[str]) -> dict[str, Any]:
    rng = random.Random(7)
    players = list(tokens.items())
    samples: dict[str, list[float]] = {
        "lobby": [], "my_tables": [], "my_tables_first_call": [], "cold_view": [],
    }  # fmt: skip
    async with aiohttp.ClientSession() as http:

        async def timed(kind: str, path: str, token: str | None = None) -> Any:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            began = time.perf_counter()
            async with http.get(base + path, headers=headers) as response:
                body = await response.json()
                assert response.status == 200, body
            samples[kind].append(time.perf_counter() - began)
            return body

        first = await timed("lobby", "/api/tables?status=playing")
        deeper = first["next"]
        for _ in range(SAMPLES):
            await timed("lobby", "/api/tables?status=playing&cursor=" + (deeper or ""))
        # A token's first call to a gateway process also reads its player from the store
        # (then it is memoized): timed apart, so the query's own latency is what
        # `my_tables` shows.
        chosen = [token for _, token in rng.sample(players, min(SAMPLES // 2, len(players)))]
        for token in chosen:
            await timed("my_tables_first_call", "/api/me/tables", token)
        for _ in range(SAMPLES):
            await timed("my_tables", "/api/me/tables", rng.choice(chosen))
        owners: dict[str, str] = {}
        for table_id in rng.sample(active, min(SAMPLES, len(active))):
            summary = await (await http.get(f"{base}/api/tables/{table_id}")).json()
            seated = [s["player_id"] for s in summary["seats"] if s["player_id"]]
            owners[table_id] = tokens[seated[0]]
        for table_id, token in owners.items():
            await timed("cold_view", f"/api/tables/{table_id}/view", token)
    return {f"{kind}_ms": _percentiles(values) for kind, values in samples.items()}


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "p50": round(statistics.median(ordered) * 1000, 2),
        "p99": round(p99 * 1000, 2),
    }


async def _role_figures(url: str, amqp: str) -> dict[str, Any]:
    prefix = "b" + uuid.uuid4().hex[:8]
    common = ["--store", url, "--broker", amqp, "--prefix", prefix]
    logs = Path(tempfile.gettempdir())
    out: dict[str, Any] = {}
    port = free_port()
    for role, argv, marker in (
        ("gateway", ["gateway", *common, "--port", str(port)], None),
        ("scoring", ["scoring", *common], "scoring_ready"),
        ("notify", ["notify", *common], "notify_ready"),
    ):
        # The first start catches up with what this role has not seen (notify folds the new
        # games into its checkpoint); the second is the restart the targets are about.
        for start in ("first", "second"):
            log = logs / f"bench-scale-{role}-{start}.log"
            process = _spawn(argv, log)
            try:
                if marker is None:
                    seconds = await _ready_http(process, f"http://127.0.0.1:{port}")
                else:
                    seconds = await _ready_log(process, log, marker)
                if start == "first":
                    out[f"{role}_first_start_s"] = round(seconds, 2)
                    continue
                out[f"{role}_ready_s"] = round(seconds, 2)
                await asyncio.sleep(1.0)
                out[f"{role}_rss_mb"] = _rss_mb(process.pid)
            except AssertionError as exc:
                out[f"{role}_error"] = str(exc)
            finally:
                _stop(process)
    return out
