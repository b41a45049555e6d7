"""`senet relay`: only the outbox relay (store → events exchange) and the tournament manager."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.observe import add_metrics_options
from services.cli.options import add_platform_options
from services.cli.roles import run_roles
from shared.store import DEFAULT_STORE

VERB = "relay"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the outbox relay (store → events exchange)")
    add_platform_options(parser, DEFAULT_STORE)
    add_metrics_options(parser)


async def run(args: argparse.Namespace) -> int:
    """Relay until SIGINT or SIGTERM (the tournament manager follows the same log)."""
    return await run_roles(args, frozenset({"relay", "tournaments"}))
