"""`senet rebuild [--only NAME] --store URL`: rebuild read models from zero (platform up or not)."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from typing import Any

import structlog

from shared.readmodels import MODELS
from shared.readmodels.rebuild import rebuild
from shared.store import DEFAULT_STORE, open_store

VERB = "rebuild"
log = structlog.get_logger("senet.rebuild")
LOG_EVERY = 2.0  # seconds between progress lines when stderr is not a terminal


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(
        VERB, help="rebuild the read models (lists, results, verdicts) from the event log"
    )
    parser.add_argument("--only", choices=sorted(MODELS), default=None, help="one read model")
    parser.add_argument(
        "--store",
        default=DEFAULT_STORE,
        help="event store URL [%(default)s]",
    )


class Bar:
    """A progress bar on a terminal, a progress line every few seconds otherwise."""

    def __init__(self, stream: Any = sys.stderr) -> None:
        self.stream = stream
        self.terminal = stream.isatty()
        self.began = self.shown = time.monotonic()

    def __call__(self, position: int, last: int) -> None:
        now = time.monotonic()
        rate = position / max(now - self.began, 1e-6)
        if self.terminal:
            width = 40
            done = int(width * position / max(last, 1))
            bar = "#" * done + "." * (width - done)
            self.stream.write(f"\r[{bar}] {position}/{last} events {rate:,.0f}/s ")
            self.stream.flush()
        elif now - self.shown >= LOG_EVERY:
            self.shown = now
            log.info("rebuild_progress", position=position, last=last, events_per_s=round(rate))

    def close(self) -> None:
        """End the bar's line."""
        if self.terminal:
            self.stream.write("\n")


def run(args: argparse.Namespace) -> int:
    """Rebuild; prints a summary line; 0 on success."""
    store = open_store(args.store)
    models = [args.only] if args.only else sorted(MODELS)
    bar = Bar()
    began = time.monotonic()
    try:
        events = asyncio.run(rebuild(store, models, bar))
    finally:
        bar.close()
    seconds = time.monotonic() - began
    log.info("rebuild_done", models=models, events=events, seconds=round(seconds, 2))
    print(f"senet rebuild: {', '.join(models)}: {events} events in {seconds:.1f}s", file=sys.stderr)
    return 0
