"""`senet bench load`: bot games through the gateway with N table workers; latency,
throughput, the other seats' push latency, projector lag, errors and CPU-milliseconds per
move of each process, next to the raw floor measured in the same run. On RabbitMQ the
platform runs as deployed: this process is the gateway, `senet table --no-relay` and
`senet relay` run beside it.

With `--plot DIR` it sweeps: throughput for 1, 2 and 4 table workers, then latency at
offered loads around the saturation throughput, and draws `DIR/load.png` (both panels),
`DIR/load/latency.png`, `DIR/load/throughput.png` and `DIR/load/report.json`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar

import msgspec

from services.bench import counters, cpu
from services.bench.floor import raw_floor
from services.bench.load_bots import Load, Samples, run_bots
from services.bench.schemas import postgres_schema
from services.bench.stats import percentile
from services.cli.heap import settle_heap
from services.cli.options import add_settings
from services.cli.platform import ALL_ROLES, Platform, PlatformConfig, serve_http
from services.gateway.keys import GatewaySettings
from services.table.shards import GROUP
from shared.messaging.amqp import delete_named
from shared.ports import free_port
from shared.settings import setting

WORKER_COUNTS = (1, 2, 4)
RATE_FACTORS = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5)  # offered load / saturation throughput
READY_SECONDS = 90.0


class LoadOptions(msgspec.Struct, frozen=True, kw_only=True):
    """`senet bench load`."""

    variable_prefix: ClassVar[str] = "SENET_BENCH_"
    tables: Annotated[int, setting("tables played at once", ge=1)] = 20
    players: Annotated[int, setting("seats per table", ge=1)] = 3
    duration: Annotated[float, setting("seconds per run", gt=0)] = 15.0
    workers: Annotated[int, setting("table worker processes", ge=1)] = 1
    rate: Annotated[float, setting("offered moves/s (0: flat out)", ge=0)] = 0.0
    game: Annotated[str, setting("the game")] = "ra"
    seed: Annotated[int, setting("the bots' seed")] = 1
    shards: Annotated[int, setting("command shards", ge=1)] = 8
    store: Annotated[str, setting("store URL; 'sqlite' = a fresh file", metavar="URL")] = "sqlite"
    broker: Annotated[str, setting("broker URL", metavar="URL")] = "memory"
    url: Annotated[
        str | None,
        setting("a running gateway instead of starting one", shown_default="none", metavar="URL"),
    ] = None
    floor_seconds: Annotated[
        float | None,
        setting("seconds of the raw floor run", shown_default="min(duration, 10)"),
    ] = None
    plot: Annotated[
        str | None, setting("sweep and draw PNGs into DIR", shown_default="none", metavar="DIR")
    ] = None
    rates: Annotated[
        str | None,
        setting("offered moves/s for the sweep, a,b,c", shown_default="from the saturation"),
    ] = None
    http_moves: Annotated[
        bool, setting("the bots' moves as HTTP requests (by default over each seat's WebSocket)")
    ] = False


def register(kinds: Any) -> None:
    """Register `senet bench load` (and nothing heavy: matplotlib is imported on --plot)."""
    load = kinds.add_parser("load", help="bot games through the gateway: latency, throughput")
    add_settings(load, LoadOptions)
    load.set_defaults(bench_run=run_load)


@dataclass
class Setup:
    """What one load run starts: the store, the broker and how many table workers."""

    store: str
    broker: str
    workers: int
    shards: int


async def run_load(args: argparse.Namespace) -> int:
    """One run, or a sweep with plots; JSON on stdout, a short table on stderr."""
    if args.plot:
        from services.bench.plot import require_matplotlib

        require_matplotlib()  # fail before minutes of measuring, not after
    setup = Setup(args.store, args.broker, args.workers, args.shards)
    moves = "http" if args.http_moves else "socket"
    report: dict[str, Any] = {"setup": asdict(setup) | {"url": args.url, "moves": moves},
                              "runs": []}  # fmt: skip
    report["raw_floor"] = await _floor(setup, args) if args.url is None else None
    if not args.plot:
        report["runs"].append(await _measure(setup, args, args.rate))
    else:
        report["sweep"] = await _sweep(setup, args, report["runs"])
    floor = (report["raw_floor"] or {}).get("per_s") or 0.0
    best = max((run["moves_per_s"] for run in report["runs"]), default=0.0)
    report["best_ratio_to_floor"] = round(best / floor, 3) if floor else None
    print(json.dumps(report, indent=2))
    _summary(report)
    if args.plot:
        from services.bench.plot import draw

        for path in draw(report, Path(args.plot)):
            print(f"wrote {path}", file=sys.stderr)
    return 0


async def _sweep(setup: Setup, args: argparse.Namespace, runs: list[dict[str, Any]]) -> Any:
    throughput = []
    for workers in WORKER_COUNTS:
        run = await _measure(Setup(setup.store, setup.broker, workers, setup.shards), args, 0.0)
        runs.append(run)
        throughput.append(run)
    saturation = next(r for r in throughput if r["workers"] == setup.workers)["moves_per_s"]
    if args.rates:
        rates = [float(x) for x in args.rates.split(",")]
    else:
        rates = [round(saturation * f, 1) for f in RATE_FACTORS if saturation * f > 0]
    latency = []
    for rate in rates:
        run = await _measure(setup, args, rate)
        runs.append(run)
        latency.append(run)
    return {"throughput": throughput, "latency": latency}


async def _measure(setup: Setup, args: argparse.Namespace, rate: float) -> dict[str, Any]:
    async with _gateway(setup, args.url) as (base, apart, prefix, metrics):
        parts = _parts(apart, in_process=args.url is None)
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            load = Load(
                base, args.tables, args.players, args.duration, rate, args.game, args.seed,
                parts, CPU_NAMED, {k: u for k, u in metrics.items() if k != "postgres"},
                metrics.get("postgres"), args.http_moves,
            )  # fmt: skip
            samples: Samples = await asyncio.get_running_loop().run_in_executor(
                pool, run_bots, load
            )
    run = figures(samples) | {"workers": setup.workers, "tables": args.tables, "prefix": prefix}
    before, after = samples.cpu_before, samples.cpu_after
    if before is not None and after is not None:
        # The bots' own time, as one process (pid 0) of its part.
        before, after = before | {"bots": {0: 0.0}}, after | {"bots": {0: samples.cpu_seconds}}
    run["cpu_ms_per_move"] = cpu.per_move(before, after, run["moves"])
    counted = counters.per_move(samples.counts_before, samples.counts_after, run["moves"])
    if counted is not None:
        run["broker_messages_per_move"] = {
            "published": counted["published"], "delivered": counted["delivered"]
        }  # fmt: skip
        run["store_transactions_per_move"] = counted.get("store_transactions")
    run["offered_per_s"] = rate or None
    print(f"run: {_line(run)}", file=sys.stderr, flush=True)
    return run


def figures(samples: Samples) -> dict[str, Any]:
    """Moves/s, latency and projector lag percentiles (ms), errors."""
    ms = [x * 1000 for x in samples.latencies]
    lags = [x * 1000 for x in samples.lags]
    pushes = [x * 1000 for x in samples.pushes]
    elapsed = samples.elapsed
    return {
        "moves": len(ms),
        "seconds": round(elapsed, 2),
        "moves_per_s": round(len(ms) / elapsed, 1) if elapsed else 0.0,
        "latency_ms": {f"p{q}": round(percentile(ms, q), 1) for q in (50, 95, 99)},
        "projector_lag_ms": {f"p{q}": round(percentile(lags, q), 1) for q in (50, 95, 99)},
        "push_ms": {f"p{q}": round(percentile(pushes, q), 1) for q in (50, 95, 99)},
        "views_fetched": samples.fetched,
        "views_pushed_before_answer": round(sum(1 for x in lags if x <= 0) / len(lags), 3)
        if lags
        else None,
        "errors": sum(samples.errors.values()),
        "error_codes": samples.errors,
        "tables_finished": samples.tables_played,
    }


async def _floor(setup: Setup, args: argparse.Namespace) -> dict[str, float]:
    seconds = args.floor_seconds if args.floor_seconds is not None else min(args.duration, 10.0)
    async with _store(setup.store) as store_url:
        return await raw_floor(store_url, setup.broker, seconds)


@contextlib.asynccontextmanager
async def _store(url: str) -> AsyncIterator[str]:
    """A fresh store per run: a new PostgreSQL schema or SQLite file (memory is fresh)."""
    if url.startswith("postgresql"):
        fresh, drop = await postgres_schema(url)
        try:
            yield fresh
        finally:
            drop()
    elif url == "sqlite":
        Path("var").mkdir(exist_ok=True)
        path = Path("var") / f"bench-load-{uuid.uuid4().hex[:8]}.db"
        try:
            yield f"sqlite:///{path}"
        finally:
            for leftover in Path("var").glob(path.name + "*"):
                leftover.unlink()
    else:
        yield url


@contextlib.asynccontextmanager
async def _gateway(
    setup: Setup, url: str | None
) -> AsyncIterator[tuple[str, dict[str, int], str | None, dict[str, str]]]:
    """The base URL of a gateway (the given one, or a platform started for this run), the
    pids of the platform's processes beside this one (the table workers, the relay), the
    run's queue prefix (None for a given gateway) and the /metrics URL of each platform
    process (and `postgres`: the store's database URL, when it is PostgreSQL)."""
    if url is not None:
        yield url, {}, None, {}
        return
    async with _store(setup.store) as store:
        prefix = "load" + uuid.uuid4().hex[:8]
        in_process = setup.broker == "memory"
        roles = ALL_ROLES if in_process else frozenset({"gateway"})
        config = PlatformConfig(
            store=store, broker=setup.broker, prefix=prefix, shards=setup.shards, roles=roles,
            table_workers=setup.workers if in_process else 1,
            # The bots: one address, a socket per seat whose moves are its frames too.
            gateway=GatewaySettings(max_sockets_per_address=0, ws_message_rate=0),
        )  # fmt: skip
        platform = Platform(config)
        await platform.start()
        apart: dict[str, subprocess.Popen[bytes]] = {}
        port = free_port()
        metrics = {"gateway" if not in_process else "platform": f"http://127.0.0.1:{port}/metrics"}
        if store.startswith("postgresql"):
            metrics["postgres"] = store
        if not in_process:  # as deployed: the workers and the relay in processes of their own
            table_port, relay_port = _metrics_ports(setup.workers)
            workers = ["--no-relay", "--workers", str(setup.workers)]
            workers += ["--metrics-port", str(table_port)]
            apart["table_workers"] = _start(config, "table", *workers)
            apart["relay"] = _start(config, "relay", "--metrics-port", str(relay_port))
            for index in range(setup.workers):  # worker i serves its metrics on base + 1 + i
                port_of = table_port + (1 + index if setup.workers > 1 else 0)
                metrics[f"table_worker_{index}"] = f"http://127.0.0.1:{port_of}/metrics"
            metrics["relay"] = f"http://127.0.0.1:{relay_port}/metrics"
        runner = None
        try:
            if apart:
                await _until_members(platform, setup.workers, apart["table_workers"].poll)
            assert platform.app is not None
            runner = await serve_http(platform.app, "127.0.0.1", port)
            pids = {part: child.pid for part, child in apart.items()}
            await _until_serving([u for k, u in metrics.items() if k != "postgres"])
            settle_heap()  # as `senet gateway` does once it serves
            yield f"http://127.0.0.1:{port}", pids, prefix, metrics
        finally:
            if runner is not None:
                await runner.cleanup()
            for child in apart.values():
                child.terminate()
            for child in apart.values():
                await asyncio.to_thread(child.wait)
            await platform.broker.cleanup()
            if apart:  # the shard queues the workers declared
                await delete_named(setup.broker, prefix, platform.broker.topology)
            await platform.stop()
            platform.store.close()  # its connection pool: runs of a sweep must not pile up
            gc.unfreeze()  # the next run of a sweep settles its own heap


CPU_NAMED = {"rabbitmq": "beam.smp", "postgresql": "postgres"}  # parts found by program


def _parts(apart: dict[str, int], *, in_process: bool) -> dict[str, int]:
    """The platform's process trees whose CPU time the bots sample while they play (only
    then: opening the tables is left out): this process (the gateway; the whole platform
    when it runs embedded) and the processes beside it (table workers, relay)."""
    if not in_process:
        return {}  # a gateway given by --url: only RabbitMQ and PostgreSQL are known
    own = "gateway" if apart else "platform"
    return {own: os.getpid(), **apart}


def _start(config: PlatformConfig, verb: str, *options: str) -> subprocess.Popen[bytes]:
    """`senet <verb>` for this run's store, broker and prefix (`table`, `relay`)."""
    store = config.store
    if store.startswith("postgresql"):  # one writer thread each: small pools, or N x 16
        store += ("&" if "?" in store else "?") + "pool_size=2"
    command = [
        sys.executable, "-m", "services.cli.main", "--log-level", "WARNING", verb, *options,
        "--store", store, "--broker", config.broker, "--prefix", config.prefix,
        "--shards", str(config.shards),
    ]  # fmt: skip
    env = {**os.environ, "SENET_LOG_JSON": "1"}
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)  # ours: the report


async def _until_members(
    platform: Platform, workers: int, exited: Callable[[], int | None]
) -> None:
    """Wait until every worker process has joined the shard group (and settled)."""
    deadline = time.monotonic() + READY_SECONDS
    shards = platform.config.shards
    while len((await platform.broker.members(GROUP, shards, claim=False)).live) != workers:
        if exited() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the {workers} table workers did not start")
        await asyncio.sleep(0.2)
    await asyncio.sleep(1.5)  # one more look by every worker: the hand-overs are done


def _metrics_ports(workers: int) -> tuple[int, int]:
    """A metrics port for the table workers (and the `workers` ports after it) and one for
    the relay, all free now."""
    while True:
        base = free_port()
        wanted = [base + i for i in range(workers + 1)]
        if all(_is_free(p) for p in wanted[1:]):
            relay = free_port()
            if relay not in wanted:
                return base, relay


def _is_free(port: int) -> bool:
    import socket

    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


async def _until_serving(urls: list[str]) -> None:
    """Wait until every process answers on its metrics URL (a figure, not a condition)."""
    import aiohttp

    deadline = time.monotonic() + READY_SECONDS
    async with aiohttp.ClientSession() as session:
        for url in urls:
            while time.monotonic() < deadline:
                try:
                    async with session.get(url) as answer:
                        if answer.status == 200:
                            break
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(0.2)


def _line(run: dict[str, Any]) -> str:
    lat, lag, push = run["latency_ms"], run["projector_lag_ms"], run["push_ms"]
    offered = run["offered_per_s"] or "max"
    return (
        f"workers {run['workers']:>2} offered {offered!s:>7} moves/s {run['moves_per_s']:>7} "
        f"p50/p95/p99 {lat['p50']}/{lat['p95']}/{lat['p99']} ms  push p50/p99 "
        f"{push['p50']}/{push['p99']} ms  lag p50/p99 {lag['p50']}/{lag['p99']} ms  "
        f"errors {run['errors']}" + _cpu_line(run.get("cpu_ms_per_move"))
    )


def _cpu_line(per_move: dict[str, float] | None) -> str:
    if not per_move:
        return ""
    parts = " ".join(f"{k} {v}" for k, v in per_move.items() if k != "total")
    return f"  cpu ms/move {per_move['total']} ({parts})"


def _summary(report: dict[str, Any]) -> None:
    floor = report["raw_floor"]
    if floor:
        figures = f"{floor['per_s']} req/s, p50 {floor['p50_ms']} ms, p99 {floor['p99_ms']} ms"
        print(f"raw floor: {figures}", file=sys.stderr)
    for run in report["runs"]:
        print(_line(run), file=sys.stderr)
