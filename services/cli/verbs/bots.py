"""`senet bots`: run only the bots role (the bot seats' turns, through the command path)."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.options import add_settings
from services.cli.roles import run_roles
from services.cli.settings import BotsRoleSettings

VERB = "bots"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the bots role (bot seats' moves)")
    add_settings(parser, BotsRoleSettings)


async def run(args: argparse.Namespace) -> int:
    """Play bot seats' turns until SIGINT or SIGTERM (probes, start line: as every role)."""
    return await run_roles(args, frozenset({"bots"}))
