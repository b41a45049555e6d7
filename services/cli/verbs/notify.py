"""`senet notify`: run only the notify service (mail, web push)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
from typing import Any

from services.cli.notify_options import add_notify_options, notify_settings
from services.cli.observe import add_metrics_options, start_probes
from services.cli.options import add_platform_options
from services.cli.platform import Platform, PlatformConfig
from shared.store import DEFAULT_STORE

VERB = "notify"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the notify service (mail, push)")
    add_platform_options(parser, DEFAULT_STORE)
    add_notify_options(parser)
    add_metrics_options(parser)


async def run(args: argparse.Namespace) -> int:
    """Run the notify role until SIGINT/SIGTERM."""
    config = PlatformConfig(
        store=args.store, broker=args.broker, prefix=args.prefix, shards=args.shards,
        roles=frozenset({"notify"}), notify=notify_settings(args),
    )  # fmt: skip
    platform = Platform(config)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    probes = await start_probes(args, platform.probes)
    await platform.start()
    await stop.wait()
    await platform.stop()
    if probes is not None:
        await probes.cleanup()
    return 0
