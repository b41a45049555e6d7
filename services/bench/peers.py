"""`senet bench peers`: senet beside boardgame.io on the same machine, in one run.

Both serve the same tic-tac-toe (senet's `tictactoe` game; `bgio/bgio_server.js`), driven
by the same Python process (`peer_drivers`): HTTP + WebSocket for senet, socket.io for
boardgame.io, after calibrating that driver against an echo server. Paired by durability:
`memory` (boardgame.io in memory beside `senet serve` on the in-process broker and memory
store), `postgres` (bgio-postgres beside `senet serve` on PostgreSQL with the in-process
broker) and `durable` (bgio-postgres beside senet on RabbitMQ + PostgreSQL, in one process
and in the deployed layout of three), on the same PostgreSQL server. Each senet run also
reports broker messages and store transactions per move (`services.bench.counters`).
For 1, 10 and 50 concurrent matches each side reports moves/s, the latency until the mover
and until the opponent hold the new state, the server's CPU-ms per move (its processes, and
PostgreSQL and RabbitMQ where it uses them, read from /proc) and its memory. Then the
durability check on the same server: each durable server is killed with SIGKILL in the
middle of a run and restarted on the same data; moves acknowledged to a client but missing
afterwards are counted (a client waiting on a killed server fails at once). boardgame.io
comes from the npm registry (the pinned `bgio/package-lock.json`) into a cache directory;
without Node.js the run says so and stops.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar

import aiohttp
import msgspec

from services.bench import counters, cpu, peer_drivers
from services.bench.schemas import postgres_schema
from services.bench.stats import percentile
from services.cli.options import add_settings
from shared.ports import free_port
from shared.settings import setting

PEERS = Path(__file__).parent / "bgio"
READY_SECONDS = 60.0
COUNTS_SECONDS = 5.0  # how long a missing count is tried again
AFTER_KILL = 1.0  # seconds the durability run goes on after the kill (every call fails)
DURABILITY_MATCHES = 10  # matches at once in the durability run


class PeersOptions(msgspec.Struct, frozen=True, kw_only=True):
    """`senet bench peers`."""

    variable_prefix: ClassVar[str] = "SENET_BENCH_"
    matches: Annotated[str, setting("concurrent matches, comma-separated")] = "1,10,50"
    seconds: Annotated[float, setting("seconds per run", gt=0)] = 10.0
    kill_after: Annotated[float, setting("seconds into the durability run", gt=0)] = 4.0
    cache: Annotated[
        str | None, setting("npm cache dir", shown_default="~/.cache/senet/peers", metavar="DIR")
    ] = None
    pairs: Annotated[str, setting("the runs: memory, postgres, durable (comma-separated)")] = (
        "memory,postgres,durable"
    )
    no_durability: Annotated[bool, setting("skip the SIGKILL check")] = False
    http_moves: Annotated[
        bool,
        setting(
            "senet's moves as HTTP requests, each match over table sockets (by default "
            "each player's one player socket opens, follows and plays its matches)"
        ),
    ] = False
    table_sockets: Annotated[
        bool, setting("senet's matches opened by HTTP, played over a table socket each")
    ] = False  # fmt: skip


def register(kinds: Any) -> None:
    """Register `senet bench peers`."""
    peers = kinds.add_parser("peers", help="senet beside boardgame.io: the same game, one run")
    add_settings(peers, PeersOptions)
    peers.set_defaults(bench_run=run_peers)


@dataclass
class Server:
    """A server process under test: how to start it again, where it answers."""

    name: str
    command: list[str]
    base: str
    ready_path: str
    env: dict[str, str]
    process: subprocess.Popen[bytes] | None = None
    metrics: dict[str, str] | None = None  # senet: each process's /metrics URL
    postgres: str | None = None  # senet: its store's database, for the transaction count

    async def start(self) -> None:
        """Start the process; return once its ready path answers and so does every /metrics
        URL, its process ready too (in the deployed layout the table worker and the relay
        come up apart from the gateway, and the counts read all three)."""
        self.process = subprocess.Popen(
            self.command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + READY_SECONDS
        metrics = list((self.metrics or {}).values())
        ready = [url.removesuffix("/metrics") + "/readyz" for url in metrics]
        waiting = list(dict.fromkeys([self.base + self.ready_path, *metrics, *ready]))
        async with aiohttp.ClientSession() as http:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"{self.name} exited with {self.process.returncode}")
                waiting = [url for url in waiting if not await _answers(http, url)]
                if not waiting:
                    return
                await asyncio.sleep(0.2)
        raise RuntimeError(f"{self.name} did not become ready: no answer from {waiting}")

    def kill(self) -> None:
        """SIGKILL, the whole process group."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


async def _answers(http: aiohttp.ClientSession, url: str) -> bool:
    """Whether `url` answers (any status below 500)."""
    with contextlib.suppress(aiohttp.ClientError, OSError):
        async with http.get(url) as answer:
            return answer.status < 500
    return False


def bgio_dir(cache: str | None) -> Path | None:
    """boardgame.io installed from the lockfile into the cache (None: no Node.js or npm)."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return None
    lock = (PEERS / "package-lock.json").read_bytes()
    root = Path(cache) if cache else Path.home() / ".cache" / "senet" / "peers"
    target = root / hashlib.sha256(lock).hexdigest()[:12]
    target.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json", "bgio_server.js"):
        shutil.copyfile(PEERS / name, target / name)
    if not (target / "node_modules" / "boardgame.io").is_dir():
        print(f"installing boardgame.io into {target} (npm ci) ...", file=sys.stderr)
        subprocess.run(  # npm's own lines go to stderr: stdout is the JSON report alone
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=target, check=True, stdout=sys.stderr,
        )  # fmt: skip
    return target


def versions(bgio: Path) -> dict[str, str]:
    """The exact versions in this run."""
    from importlib.metadata import version

    lock = json.loads((bgio / "package-lock.json").read_text())["packages"]
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    found = {"node": node, "python-socketio": version("python-socketio")}
    for package in ("boardgame.io", "bgio-postgres", "koa-compose", "socket.io", "sequelize"):
        found[package] = lock.get(f"node_modules/{package}", {}).get("version", "?")
    return found


async def run_peers(args: argparse.Namespace) -> int:
    """The whole comparison; JSON on stdout, a readable summary on stderr."""
    bgio = bgio_dir(args.cache)
    if bgio is None:
        print("senet bench peers: Node.js and npm are needed for boardgame.io; skipped",
              file=sys.stderr)  # fmt: skip
        print(json.dumps({"skipped": "node or npm not found"}))
        return 0
    matches = [int(n) for n in args.matches.split(",") if n.strip()]
    report: dict[str, Any] = {"versions": versions(bgio), "seconds_per_run": args.seconds,
                              "senet_moves": _path(args)}  # fmt: skip
    report["calibration"] = await calibrate(max(matches), min(args.seconds, 5.0))
    _say(f"driver ceiling: {report['calibration']}")
    pairs: dict[str, Any] = {}
    for pair in args.pairs.split(","):
        durable = pair != "memory" and not args.no_durability
        async with _pair(pair, bgio, args) as servers:
            pairs[pair] = {}
            checked: dict[str, Any] = {}
            for server in servers:
                runs, check = await _side(server, pair, matches, args, durable)
                pairs[pair][server.name] = runs
                if check is not None:
                    checked[server.name] = check
            if durable:
                pairs[pair]["durability"] = checked
    report["pairs"] = pairs
    print(json.dumps(report, indent=1))
    return 0


async def calibrate(concurrency: int, seconds: float) -> dict[str, Any]:
    """The driver alone against an echo server: round trips per second and its CPU each."""
    port = free_port()
    echo = Server("echo", [sys.executable, "-m", "services.bench.peer_echo", str(port)],
                  f"http://127.0.0.1:{port}", "/echo", dict(os.environ))  # fmt: skip
    await echo.start()
    try:
        out: dict[str, Any] = {"concurrency": concurrency}
        for kind, measure in (("http", peer_drivers.echo_http),
                              ("socketio", peer_drivers.echo_socketio)):  # fmt: skip
            count, used = await measure(echo.base, concurrency, seconds)
            out[kind] = {
                "round_trips_per_s": round(count / seconds),
                "driver_cpu_ms_each": round(used * 1000 / max(count, 1), 3),
            }
        return out
    finally:
        echo.stop()


@contextlib.asynccontextmanager
async def _pair(pair: str, bgio: Path, args: argparse.Namespace) -> AsyncIterator[list[Server]]:
    """The servers of a durability pair, each on its own fresh data: `memory` (nothing
    durable), `postgres` (senet on PostgreSQL with the in-process broker: a move is answered
    after its commit; boardgame.io with bgio-postgres), `durable` (senet on RabbitMQ +
    PostgreSQL in one process and in the deployed layout, gateway | table worker | relay;
    boardgame.io with bgio-postgres)."""
    # No abuse limits: one driver plays every match (a socket's moves are its frames too).
    env = {**os.environ, "SENET_RATE_LIMIT": "0", "SENET_MAX_IN_FLIGHT_PER_PLAYER": "0",
           "SENET_WS_MESSAGE_RATE": "0"}  # fmt: skip
    bgio_port = free_port()
    node = ["node", str(bgio / "bgio_server.js"), str(bgio_port)]
    async with contextlib.AsyncExitStack() as stack:
        senets: list[Server] = []
        if pair == "memory":
            senets.append(_senet_serve("senet", ["--store", "memory", "--broker", "memory"], env))
        elif pair in ("postgres", "durable"):
            node.append(await stack.enter_async_context(_pg_database(args.postgres)))
            layouts = ["one"] if pair == "postgres" else ["one", "deployed"]
            for layout in layouts:
                schema = await stack.enter_async_context(_pg_schema(args.postgres))
                if pair == "postgres":
                    options = ["--store", schema, "--broker", "memory"]
                    senets.append(_senet_serve("senet", options, env, postgres=schema))
                    continue
                prefix = "peers" + uuid.uuid4().hex[:8]
                stack.push_async_callback(_forget_queues, schema, args.amqp, prefix)
                options = ["--store", schema, "--broker", args.amqp, "--prefix", prefix]
                if layout == "one":
                    senets.append(_senet_serve("senet", options, env, postgres=schema))
                else:
                    senets.append(_senet_deployed("senet-deployed", options, env, schema))
        else:
            raise ValueError(f"unknown pair {pair!r}: memory, postgres or durable")
        servers = [
            *senets,
            Server("boardgame.io", node, f"http://127.0.0.1:{bgio_port}", "/games", env),
        ]
        try:
            yield servers
        finally:
            for server in servers:
                server.stop()


def _senet(verb: str, *options: str) -> list[str]:
    return [sys.executable, "-m", "services.cli.main", "--log-level", "WARNING", verb, *options]


def _senet_serve(
    name: str, options: list[str], env: dict[str, str], postgres: str | None = None
) -> Server:
    """`senet serve`: the whole platform in one process."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = _senet("serve", "--port", str(port), *options)
    return Server(name, command, base, "/readyz", env, metrics={"server": f"{base}/metrics"},
                  postgres=postgres)  # fmt: skip


def _senet_deployed(name: str, options: list[str], env: dict[str, str], postgres: str) -> Server:
    """The deployed layout: a table worker, the relay and the gateway as three processes
    (one process group: the gateway's shell starts the other two, then becomes it)."""
    port, table_port, relay_port = free_port(), free_port(), free_port()
    base = f"http://127.0.0.1:{port}"
    store = options[options.index("--store") + 1]
    small = store + ("&" if "?" in store else "?") + "pool_size=2"  # one writer thread each
    apart = [o if o != store else small for o in options]
    table = _senet("table", "--no-relay", "--metrics-port", str(table_port), *apart)
    relay = _senet("relay", "--metrics-port", str(relay_port), *apart)
    gateway = _senet("gateway", "--port", str(port), *options)
    script = f"{shlex.join(table)} & {shlex.join(relay)} & exec {shlex.join(gateway)}"
    metrics = {
        "gateway": f"{base}/metrics",
        "table": f"http://127.0.0.1:{table_port}/metrics",
        "relay": f"http://127.0.0.1:{relay_port}/metrics",
    }
    return Server(name, ["sh", "-c", script], base, "/readyz", env, metrics=metrics,
                  postgres=postgres)  # fmt: skip


async def _side(
    server: Server, pair: str, matches: list[int], args: argparse.Namespace, durable: bool
) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """A fresh server, one run per concurrency, then (`durable`) the SIGKILL check on it:
    the runs by concurrency and the check's result (None without)."""
    await server.start()
    out: dict[str, Any] = {}
    try:
        for count in matches:
            out[str(count)] = await measure(server, pair, count, args.seconds, _path(args))
            _say(f"{pair:8} {server.name:13} {count:3} matches: {_line(out[str(count)])}")
        check = await durability(server, args.kill_after, _path(args)) if durable else None
        return out, check
    finally:
        server.stop()


async def measure(
    server: Server, pair: str, matches: int, seconds: float, path: str = "player"
) -> dict[str, Any]:
    """One run flat out: moves/s, latencies, server CPU-ms per move, memory."""
    samples = peer_drivers.Samples()
    assert server.process is not None
    named = {"postgresql": "postgres"} if pair in ("postgres", "durable") else {}
    if pair == "durable" and server.name.startswith("senet"):
        named["rabbitmq"] = "beam.smp"
    trees = {"server": server.process.pid}
    # No cap on connections: 50 matches hold 100 WebSockets beside their HTTP requests
    # (aiohttp's default of 100 connections made the 50-match run fail).
    async with aiohttp.ClientSession(server.base, connector=aiohttp.TCPConnector(limit=0)) as http:
        loop = _loop(server, http, path)
        counted_before = await _counts(http, server)
        before = cpu.sample(trees, named)
        started = time.monotonic()
        await peer_drivers.run_matches(loop, matches, seconds, samples)
        elapsed = time.monotonic() - started
        after = cpu.sample(trees, named)
        counted = counters.per_move(counted_before, await _counts(http, server), samples.moves)
    per = cpu.per_move(before, after, samples.moves)
    return {
        "moves": samples.moves,
        "moves_per_s": round(samples.moves / elapsed, 1),
        "matches_finished": samples.matches,
        "errors": samples.errors,
        "error_causes": samples.causes,
        "mover_ms": _quantiles(samples.mover_ms),
        "opponent_ms": _quantiles(samples.opponent_ms),
        "server_cpu_ms_per_move": per["total"] if per else None,
        "cpu_ms_per_move_by_part": per,
        "server_rss_mb": _rss_mb(server.process.pid),
        "broker_messages_per_move": (
            {k: counted[k] for k in ("published", "delivered")} if counted else None
        ),
        "store_transactions_per_move": counted.get("store_transactions") if counted else None,
    }


async def _counts(http: aiohttp.ClientSession, server: Server) -> dict[str, float] | None:
    """A senet server's broker messages and store transactions so far (None otherwise),
    trying again for a few seconds (a process's /metrics may answer late)."""
    if not server.metrics:
        return None
    deadline = time.monotonic() + COUNTS_SECONDS
    while True:
        try:
            return await counters.sample(http, server.metrics, server.postgres)
        except Exception as exc:  # a figure missing from the report, never a failed run
            if time.monotonic() >= deadline:
                _say(f"{server.name}: counts unavailable: {exc!r}")
                return None
        await asyncio.sleep(0.2)


def _path(args: argparse.Namespace) -> str:
    """senet's way to play a match (`peer_drivers.PATHS`)."""
    return "http" if args.http_moves else "table" if args.table_sockets else "player"


def _loop(server: Server, http: aiohttp.ClientSession, path: str) -> peer_drivers.Loop:
    if server.name.startswith("senet"):
        return peer_drivers.senet_loop(http, seed=1, path=path)
    return peer_drivers.bgio_loop(http, server.base, seed=1)


async def durability(server: Server, kill_after: float, path: str) -> dict[str, Any]:
    """On a running server: `DURABILITY_MATCHES` matches flat out, SIGKILL after
    `kill_after` s (and once each match has a move acknowledged), restart on the same data;
    count the acknowledged moves the restarted server no longer has. The server is left
    running (the caller stops it)."""
    samples = peer_drivers.Samples()
    async with aiohttp.ClientSession(server.base) as http:
        loop = _loop(server, http, path)
        run = asyncio.create_task(
            peer_drivers.run_matches(loop, DURABILITY_MATCHES, kill_after + AFTER_KILL, samples)
        )
        await asyncio.sleep(kill_after)
        # A busy machine may not have set up every match yet: kill once each has moved.
        waited = time.monotonic() + peer_drivers.CALL_TIMEOUT
        while (
            len(samples.moved) < DURABILITY_MATCHES and time.monotonic() < waited
            and not run.done()
        ):  # fmt: skip
            await asyncio.sleep(0.05)
        server.kill()
        await run
    acked = {match: set(cells) for match, cells in samples.acked.items()}
    await server.start()
    missing = 0
    async with aiohttp.ClientSession(server.base) as http:
        for match, cells in acked.items():
            if server.name.startswith("senet"):
                kept = await peer_drivers.senet_marks(http, match, samples.tokens[match])
            else:
                kept = await peer_drivers.bgio_marks(server.base, match, samples.credentials[match])
            missing += len(cells - kept)
    result = {"acknowledged": sum(len(c) for c in acked.values()), "missing": missing,
              "matches": len(acked)}  # fmt: skip
    _say(f"durability {server.name:13} {result}")
    return result


async def _forget_queues(store: str, amqp: str, prefix: str, shards: int = 8) -> None:
    """Delete the queues and exchanges the senet server declared on RabbitMQ: a platform of
    the same prefix declares its projectors' queues again and removes what it declared;
    the command shards and the exchanges are deleted by name."""
    from services.cli.platform import Platform, PlatformConfig
    from shared.messaging.amqp import delete_named
    from shared.messaging.port import Topology

    platform = Platform(PlatformConfig(store=store, broker=amqp, prefix=prefix, shards=shards))
    await platform.start()
    await platform.broker.cleanup()
    await platform.stop()
    platform.store.close()
    await delete_named(amqp, prefix, Topology(shards=shards))


@contextlib.asynccontextmanager
async def _pg_schema(url: str) -> AsyncIterator[str]:
    fresh, drop = await postgres_schema(url)
    try:
        yield fresh
    finally:
        drop()


@contextlib.asynccontextmanager
async def _pg_database(url: str) -> AsyncIterator[str]:
    """A fresh database on the same PostgreSQL for bgio-postgres (its tables live in the
    database's public schema, so not in ours), dropped afterwards."""
    import psycopg

    name = "peers_" + uuid.uuid4().hex[:8]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _quantiles(values: list[float]) -> dict[str, float]:
    return {f"p{q}": round(percentile(values, q), 2) for q in (50, 90, 99)}


def _rss_mb(pid: int) -> float | None:
    """Resident memory of a process and its children, in MB (None without /proc)."""
    processes = cpu._processes()
    total = 0
    for member in cpu.tree(pid, processes):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return round(total / 1024, 1) if processes else None


def _line(run: dict[str, Any]) -> str:
    return (
        f"{run['moves_per_s']:7} moves/s, mover p50/p99 {run['mover_ms']['p50']}/"
        f"{run['mover_ms']['p99']} ms, opponent p50/p99 {run['opponent_ms']['p50']}/"
        f"{run['opponent_ms']['p99']} ms, {run['server_cpu_ms_per_move']} CPU-ms/move, "
        f"{run['server_rss_mb']} MB, {run['errors']} errors"
    )


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
