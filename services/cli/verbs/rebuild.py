"""`senet rebuild [--only NAME] --store URL`: rebuild read models from zero (platform up or not)."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from typing import Annotated, Any

import msgspec
import structlog

from services.cli.options import add_settings
from services.cli.settings import StoreSettings
from shared.readmodels import MODELS
from shared.readmodels.rebuild import rebuild
from shared.settings import setting
from shared.store import open_store

VERB = "rebuild"
log = structlog.get_logger("senet.rebuild")
LOG_EVERY = 2.0  # seconds between progress lines when stderr is not a terminal


def _model(raw: str) -> str:
    if raw not in MODELS:
        raise ValueError(f"one of {', '.join(sorted(MODELS))}")
    return raw


class RebuildOptions(msgspec.Struct, frozen=True, kw_only=True):
    """What to rebuild."""

    only: Annotated[
        str | None,
        setting(f"one read model ({', '.join(sorted(MODELS))})", parse=_model,
                shown_default="all", metavar="NAME"),
    ] = None  # fmt: skip


class RebuildSettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet rebuild`."""

    rebuild: RebuildOptions = RebuildOptions()
    store: StoreSettings = StoreSettings()


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(
        VERB, help="rebuild the read models (lists, results, verdicts) from the event log"
    )
    add_settings(parser, RebuildSettings)


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
        store.close()
    seconds = time.monotonic() - began
    log.info("rebuild_done", models=models, events=events, seconds=round(seconds, 2))
    print(f"senet rebuild: {', '.join(models)}: {events} events in {seconds:.1f}s", file=sys.stderr)
    return 0
