"""`senet notify`: run only the notify service (mail, web push)."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.notify_options import add_notify_options
from services.cli.observe import add_metrics_options
from services.cli.options import add_platform_options
from services.cli.roles import run_roles
from shared.store import DEFAULT_STORE

VERB = "notify"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the notify service (mail, push)")
    add_platform_options(parser, DEFAULT_STORE)
    add_notify_options(parser)
    add_metrics_options(parser)


async def run(args: argparse.Namespace) -> int:
    """Run the notify role until SIGINT/SIGTERM (like every role verb: probes, start line)."""
    return await run_roles(args, frozenset({"notify"}))
