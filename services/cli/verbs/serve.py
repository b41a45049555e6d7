"""`senet serve`: the whole platform in one process (embedded by default)."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.notify_options import add_notify_options
from services.cli.options import ENV_HELP, add_http_options, add_platform_options
from services.cli.platform import SERVE_ROLES
from services.cli.roles import run_roles
from shared.store import DEFAULT_STORE

VERB = "serve"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(
        VERB, help="run the whole platform in one process (embedded default)", epilog=ENV_HELP
    )
    add_platform_options(parser, DEFAULT_STORE)
    add_http_options(parser)
    add_notify_options(parser)


async def run(args: argparse.Namespace) -> int:
    """Serve until SIGINT or SIGTERM."""
    return await run_roles(args, SERVE_ROLES)
