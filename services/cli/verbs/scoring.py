"""`senet scoring`: only the scoring service (results, audit)."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.observe import add_metrics_options
from services.cli.options import add_platform_options
from services.cli.roles import run_roles
from shared.store import DEFAULT_STORE

VERB = "scoring"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the scoring service (results, audit)")
    add_platform_options(parser, DEFAULT_STORE)
    add_metrics_options(parser)


async def run(args: argparse.Namespace) -> int:
    """Score until SIGINT or SIGTERM."""
    return await run_roles(args, frozenset({"scoring"}))
