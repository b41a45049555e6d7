"""`senet serve`: the whole platform in one process (embedded by default)."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.options import ENV_HELP, add_settings
from services.cli.platform import SERVE_ROLES
from services.cli.roles import run_roles
from services.cli.settings import ServeSettings

VERB = "serve"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(
        VERB, help="run the whole platform in one process (embedded default)", epilog=ENV_HELP
    )
    add_settings(parser, ServeSettings)


async def run(args: argparse.Namespace) -> int:
    """Serve until SIGINT or SIGTERM."""
    return await run_roles(args, SERVE_ROLES)
