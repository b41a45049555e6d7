"""`senet table --workers N`: N table worker processes under one command.

Each child is a plain `senet table --no-relay` with the same options, so it joins the
shard group like any other worker (`services/table/shards.py`). A child that exits is
started again after a pause; SIGTERM or SIGINT stops them all. The outbox relay (unless
`--no-relay`) runs once, here, with the probes on `--metrics-port`; worker i serves
its own on that port + 1 + i.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys

import msgspec
import structlog

from services.cli.observe import start_probes
from services.cli.options import flags_of
from services.cli.platform import Platform
from services.cli.roles import platform_config
from services.cli.settings import TableRoleSettings, WorkerSettings, settings_of

log = structlog.get_logger("senet.supervise")

RESTART_SECONDS = 1.0
STOP_SECONDS = 30.0


def child_command(args: argparse.Namespace, index: int = 0) -> list[str]:
    """The command line of worker process `index`: every setting of `senet table` as given,
    one worker without a relay, its metrics port the given one + 1 + index."""
    command = [sys.executable, "-m", "services.cli.main", "--log-level", args.log_level]
    if args.log_json:
        command.append("--log-json")
    settings = settings_of(args)
    assert isinstance(settings, TableRoleSettings)
    base = settings.metrics.metrics_port
    child = msgspec.structs.replace(
        settings,
        workers=WorkerSettings(no_relay=True, workers=1),
        metrics=msgspec.structs.replace(
            settings.metrics, metrics_port=base + 1 + index if base else 0
        ),
    )
    return [*command, "table", *flags_of(child)]


async def run_supervised(args: argparse.Namespace) -> int:
    """Run `args.workers` worker processes (and the relay) until SIGTERM or SIGINT."""
    if args.broker == "memory" or args.store == "memory":
        raise ValueError("--workers N needs a broker and a store that processes share")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    relay = None
    if not args.no_relay:
        relay = Platform(platform_config(args, frozenset({"relay"})))
        await relay.start()
    probes = await start_probes(args, relay.probes) if relay is not None else None
    try:
        await asyncio.gather(*(_keep_running(index, args, stop) for index in range(args.workers)))
    finally:
        if probes is not None:
            await probes.cleanup()
        if relay is not None:
            await relay.stop()
    return 0


async def _keep_running(index: int, args: argparse.Namespace, stop: asyncio.Event) -> None:
    """Run one worker process, again whenever it exits, until asked to stop."""
    while not stop.is_set():
        child = await asyncio.create_subprocess_exec(*child_command(args, index))
        log.info("worker_started", index=index, pid=child.pid)
        exited = asyncio.ensure_future(child.wait())
        stopping = asyncio.ensure_future(stop.wait())
        await asyncio.wait({exited, stopping}, return_when=asyncio.FIRST_COMPLETED)
        stopping.cancel()
        if not exited.done():
            child.terminate()  # SIGTERM: it stops consuming; an unacked command is requeued
            try:
                await asyncio.wait_for(exited, STOP_SECONDS)
            except TimeoutError:
                child.kill()
                await child.wait()
            return
        log.warning("worker_exited", index=index, pid=child.pid, code=exited.result())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), RESTART_SECONDS)
