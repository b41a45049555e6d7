"""Running platform roles in this process: their configuration from the verb's settings, the
line a starting process prints, and the run until SIGINT or SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys
from typing import Any

import msgspec

from services.bots.role import shard_set
from services.bots.settings import BotsSettings
from services.cli.heap import settle_heap
from services.cli.observe import start_probes
from services.cli.platform import Platform, PlatformConfig, serving
from services.cli.settings import HttpSettings, PlatformSettings, settings_of
from services.gateway.keys import GatewaySettings
from services.notify.settings import NotifySettings
from shared.redact import redact
from shared.store import store_env


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
    warning = alone(args, roles)
    if warning:
        line["warning"] = warning
    return line


def alone(args: argparse.Namespace, roles: frozenset[str]) -> str | None:
    """Why a process on the in-memory broker without the gateway is of no use to anyone
    (`senet table` with its defaults), or None: that broker reaches no other process."""
    if args.broker != "memory" or "gateway" in roles:
        return None
    return (
        "the in-memory broker (--broker memory, the default) reaches no other process: no "
        "gateway can send these roles anything. Give every process the same "
        "--broker amqp://... (or run `senet serve` for everything in one process)"
    )


def platform_config(args: argparse.Namespace, roles: frozenset[str]) -> PlatformConfig:
    """The platform of a role verb's settings (`serve` adds the notify role when mail or web
    push is set up); the groups a verb has not are at their defaults."""
    settings = settings_of(args)
    platform: PlatformSettings = getattr(settings, "platform", PlatformSettings())
    http: HttpSettings = getattr(settings, "http", HttpSettings())
    gateway: GatewaySettings = getattr(settings, "gateway", GatewaySettings())
    notify: NotifySettings = getattr(settings, "notify", NotifySettings())
    bots: BotsSettings = getattr(settings, "bots", BotsSettings())
    if not notify.public_url:  # links lead to this gateway unless told otherwise
        notify = msgspec.structs.replace(notify, public_url=f"http://{http.host}:{http.port}")
    if args.verb == "serve" and (notify.email_enabled or notify.push_enabled):
        roles = roles | {"notify"}
    return PlatformConfig(
        store=platform.store, broker=platform.broker, prefix=platform.prefix,
        shards=platform.shards, roles=roles, gateway=gateway, notify=notify,
        open_table_ttl=platform.open_table_ttl, readmodels_projector=platform.readmodels_projector,
        readmodels_pause=platform.readmodels_pause, tournament_pause=platform.tournament_pause,
        bot_shards=shard_set(bots.bot_shards), bot_pause=bots.bot_pause,
    )  # fmt: skip


async def run_roles(args: argparse.Namespace, roles: frozenset[str]) -> int:
    """Run `roles` (with HTTP when the gateway is one, probes on --metrics-port) until
    SIGINT or SIGTERM; print the start line once everything is up."""
    config = platform_config(args, roles)
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
        line = start_line(args, roles)
        if "warning" in line:
            print(f"senet {args.verb}: warning: {line['warning']}", file=sys.stderr, flush=True)
        print(json.dumps(line), flush=True)
        settle_heap()  # what start-up allocated is never walked by a full collection again
        await stop.wait()
    return 0
