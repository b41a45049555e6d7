"""The `senet` command line: run the platform or one of its services, play, measure."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import importlib
import inspect
import json
import os
import pkgutil
import signal
import sys
import traceback
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from services.bench import audit as bench_audit
from services.bench import load as bench_load
from services.bench import peers as bench_peers
from services.bench import scale as bench_scale
from services.cli import verbs as verbs_package
from services.cli.failures import explain
from services.cli.observe import add_metrics_options, start_probes
from services.cli.options import add_log_options, apply_env, log_json
from services.cli.platform import ALL_ROLES, SERVE_ROLES, Platform, PlatformConfig, serving
from services.cli.selfplay import add_parser as add_selfplay_parser
from services.cli.verbs.notify import add_notify_options, notify_settings
from services.gateway.admin import admin_hashes
from services.gateway.keys import GatewaySettings
from shared.logging import configure
from shared.ports import free_port
from shared.redact import redact
from shared.store import DEFAULT_STORE, store_env

ENV_HELP = """
Every option can also be set by an environment variable, named in its help: SENET_STORE,
SENET_BROKER, SENET_PREFIX, SENET_PORT, ... (`senet VERB --help` lists them); also
SENET_ADMIN_TOKENS (SHA-256 hashes of admin tokens, comma-separated; see `senet keys
admin-token`) and the gateway's limits: SENET_RATE_LIMIT, SENET_RATE_BURST,
SENET_MAX_IN_FLIGHT, SENET_MAX_IN_FLIGHT_PER_PLAYER, SENET_MAX_SOCKETS_PER_PLAYER,
SENET_MAX_SOCKETS_PER_ADDRESS, SENET_MAX_BODY, SENET_WS_MAX_MESSAGE, SENET_ALLOWED_ORIGINS,
SENET_COMMAND_TIMEOUT, SENET_STORE_TIMEOUT, SENET_RETRY_AFTER (docs/operations.md).
Stores are URLs: memory, sqlite:///path/file.db (relative) or sqlite:////abs/file.db,
postgresql://user@host:port/db[?schema=NAME] (schema `senet` by default, created if
missing). Brokers: memory or amqp://user:password@host:port/vhost.
"""


def _add_platform_options(parser: argparse.ArgumentParser, store_default: str) -> None:
    parser.add_argument("--store", default=store_default, help="event store URL [%(default)s]")
    parser.add_argument("--broker", default="memory", help="broker URL [%(default)s]")
    parser.add_argument(
        "--prefix", default="senet",
        help="name prefix of this platform's queues and exchanges [%(default)s]",
    )  # fmt: skip
    parser.add_argument("--shards", type=int, default=8, help="command shards [%(default)s]")


def _add_http_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="bind address [%(default)s]")
    parser.add_argument("--port", type=int, default=8080, help="HTTP port [%(default)s]")
    parser.add_argument(
        "--table-cache", type=int, default=None, metavar="N",
        help="tables the views cache holds [2000]",
    )  # fmt: skip


def build_parser(env: Mapping[str, str] | None = None) -> argparse.ArgumentParser:
    """The argument parser of every verb, defaults read from `SENET_*` variables (`env`,
    the process environment by default); ValueError for a variable with a bad value."""
    parser = argparse.ArgumentParser(
        prog="senet",
        description="senet: an event-sourced backend for asynchronous online board games.",
        epilog=ENV_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_log_options(parser, top=True)
    verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")

    serve = verbs.add_parser(
        "serve", help="run the whole platform in one process (embedded default)", epilog=ENV_HELP
    )
    _add_platform_options(serve, DEFAULT_STORE)
    _add_http_options(serve)
    add_notify_options(serve)

    gateway = verbs.add_parser("gateway", help="run only the gateway (HTTP, WebSocket, views)")
    _add_platform_options(gateway, DEFAULT_STORE)
    _add_http_options(gateway)

    table = verbs.add_parser("table", help="run only a table worker (commands) and its relay")
    _add_platform_options(table, DEFAULT_STORE)
    table.add_argument("--no-relay", action="store_true", help="do not run the outbox relay")
    add_metrics_options(table)
    table.add_argument(
        "--workers", type=int, default=1,
        help="worker processes sharing the shards (needs amqp:// and a shared store) [%(default)s]",
    )  # fmt: skip

    relay = verbs.add_parser("relay", help="run only the outbox relay (store → events exchange)")
    _add_platform_options(relay, DEFAULT_STORE)
    add_metrics_options(relay)

    scoring = verbs.add_parser("scoring", help="run only the scoring service (results, audit)")
    _add_platform_options(scoring, DEFAULT_STORE)
    add_metrics_options(scoring)

    add_selfplay_parser(verbs)
    _add_platform_options(verbs.choices["selfplay"], "memory")

    bench = verbs.add_parser("bench", help="measure engine, raw floor and end-to-end figures")
    bench.add_argument("--quick", action="store_true", help="small run (for tests)")
    bench.add_argument(
        "--postgres", default="postgresql://postgres@127.0.0.1:5432/test",
        help="PostgreSQL for the server figures [%(default)s]",
    )  # fmt: skip
    bench.add_argument(
        "--amqp", default="amqp://guest:guest@127.0.0.1:5672/",
        help="RabbitMQ for the server figures [%(default)s]",
    )  # fmt: skip
    bench.add_argument("--skip-servers", action="store_true", help="embedded figures only")
    bench_kinds = bench.add_subparsers(dest="bench_kind", metavar="KIND")
    bench_load.add_parser(bench_kinds)
    bench_audit.add_parser(bench_kinds)
    bench_scale.add_parser(bench_kinds)
    bench_peers.add_parser(bench_kinds)
    for verb in plugin_verbs():
        verb.add_parser(verbs)
    for sub in verbs.choices.values():
        add_log_options(sub, top=False)
    apply_env(parser, env)
    return parser


def plugin_verbs() -> list[Any]:
    """Verbs that live in their own modules under services/cli/verbs/ (replay, notify ...).

    Each module has `add_parser(subparsers)` (registering its verb name) and
    `run(args) -> int` (may be a coroutine function).
    """
    modules = []
    for info in sorted(pkgutil.iter_modules(verbs_package.__path__), key=lambda m: m.name):
        modules.append(importlib.import_module(f"{verbs_package.__name__}.{info.name}"))
    return modules


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    try:
        parser = build_parser()
    except ValueError as exc:  # a SENET_* variable with a value its option refuses
        print(f"senet: {redact(str(exc))}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    configure(json=log_json(args), level=args.log_level)
    # A crash in a C extension (a signal such as SIGSEGV) prints every thread's Python stack
    # to stderr before the process dies, so the log names where it happened.
    if not faulthandler.is_enabled():
        with contextlib.suppress(ValueError, OSError):  # stderr without a file descriptor
            faulthandler.enable()
    try:
        return _dispatch(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        # A known start-up failure is one line (what, where, how to fix); the traceback
        # only at --log-level DEBUG. Anything else is a bug and keeps its traceback.
        message = explain(exc, args)
        if message is None:
            raise
        print(f"senet: {redact(message)}", file=sys.stderr, flush=True)
        if str(args.log_level).upper() == "DEBUG":
            print(redact(traceback.format_exc()), file=sys.stderr)
        return 2 if isinstance(exc, ValueError) else 1


def _dispatch(args: argparse.Namespace) -> int:
    if args.verb == "table" and args.workers > 1:
        from services.cli.supervise import run_supervised

        return asyncio.run(run_supervised(args))
    if args.verb in {"serve", "gateway", "table", "relay", "scoring"}:
        return asyncio.run(_run_roles(args))
    if args.verb == "selfplay":
        return asyncio.run(_selfplay(args))
    if args.verb == "bench" and args.bench_kind == "load":
        return asyncio.run(bench_load.run_load(args))
    if args.verb == "bench":
        from services.bench.floor import run_bench

        return asyncio.run(getattr(args, "bench_run", run_bench)(args))
    for verb in plugin_verbs():
        if getattr(verb, "VERB", None) == args.verb:
            outcome = verb.run(args)
            if inspect.iscoroutine(outcome):
                outcome = asyncio.run(outcome)
            return int(outcome)
    return 2


def start_line(args: argparse.Namespace, roles: frozenset[str]) -> dict[str, Any]:
    """What a starting process prints: where it listens and what it writes to (redacted)."""
    line: dict[str, Any] = {}
    if hasattr(args, "port"):
        line["listening"] = f"http://{args.host}:{args.port}"
    line |= {"store": redact(args.store), "broker": redact(args.broker)}
    schema = store_env(args.store).get("POSTGRES_SCHEMA")
    if schema:
        line["schema"] = schema
    if args.broker != "memory":
        line["prefix"] = args.prefix
    line["roles"] = sorted(roles)
    return line


def _config(args: argparse.Namespace, roles: frozenset[str]) -> PlatformConfig:
    notify = notify_settings(args)
    if args.verb == "serve" and (notify.email_enabled or notify.push_enabled):
        roles = roles | {"notify"}
    gateway = msgspec.structs.replace(
        GatewaySettings.from_env(os.environ),
        admin_token_hashes=admin_hashes(os.environ.get("SENET_ADMIN_TOKENS", "")),
    )
    if getattr(args, "table_cache", None) is not None:
        gateway = msgspec.structs.replace(gateway, table_cache=args.table_cache)
    return PlatformConfig(
        store=args.store, broker=args.broker, prefix=args.prefix, shards=args.shards, roles=roles,
        gateway=gateway, notify=notify,
    )  # fmt: skip


async def _run_roles(args: argparse.Namespace) -> int:
    roles = {
        "serve": SERVE_ROLES,
        "gateway": frozenset({"gateway"}),
        "scoring": frozenset({"scoring"}),
        # The tournament manager runs beside the relay (it follows the same log).
        "table": frozenset(
            {"table"}
            if args.verb == "table" and args.no_relay
            else {"table", "relay", "tournaments"}
        ),
        "relay": frozenset({"relay", "tournaments"}),
    }[args.verb]
    config = _config(args, roles)
    roles = config.roles
    platform = Platform(config)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    # One exit stack: leaving it (a signal, or a failure while starting) stops in reverse.
    async with contextlib.AsyncExitStack() as running:
        probes = await start_probes(args, platform.probes)  # /healthz answers while starting
        if probes is not None:
            running.push_async_callback(probes.cleanup)
        await running.enter_async_context(platform)
        if platform.app is not None:
            await running.enter_async_context(serving(platform.app, args.host, args.port))
        print(json.dumps(start_line(args, roles)), flush=True)
        await stop.wait()
    return 0


async def _selfplay(args: argparse.Namespace) -> int:
    from services.cli.selfplay import run_selfplay

    options = json.loads(args.options)
    if args.tournament:
        return await _tournament_selfplay(args, options)
    if args.url:
        return await run_selfplay(
            args.url, args.game, args.players, args.games, args.seed, args.concurrency, options,
            emails=args.emails, timeout=args.timeout,
        )  # fmt: skip
    port = free_port()
    config = _config(args, ALL_ROLES)
    # Our own in-process gateway on a fresh memory store: the tables' seeds (and so their
    # ids) may derive from --seed. A lasting store keeps secret seeds (ids would repeat).
    seeded = args.store == "memory"
    config.gateway = msgspec.structs.replace(config.gateway, client_seeds=seeded)
    async with Platform(config) as platform:
        assert platform.app is not None
        async with serving(platform.app, "127.0.0.1", port):
            return await run_selfplay(
                f"http://127.0.0.1:{port}",
                args.game,
                args.players,
                args.games,
                args.seed,
                args.concurrency,
                options,
                emails=args.emails,
                timeout=args.timeout,
                table_seeds=seeded,
            )


async def _tournament_selfplay(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """`selfplay --tournament`: against `--url`, or an embedded platform of our own."""
    from services.cli.tournament_play import run_tournament

    def play(url: str) -> Any:
        return run_tournament(
            url, args.tournament, args.players, args.game, args.seats, args.rounds, args.seed,
            args.timeout, options,
        )  # fmt: skip

    if args.url:
        return int(await play(args.url))
    port = free_port()
    async with Platform(_config(args, ALL_ROLES)) as platform:
        assert platform.app is not None
        async with serving(platform.app, "127.0.0.1", port):
            return int(await play(f"http://127.0.0.1:{port}"))


if __name__ == "__main__":
    raise SystemExit(main())
