"""`senet relay`: only the outbox relay (store → events exchange) and the tournament manager."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.options import add_settings
from services.cli.roles import run_roles
from services.cli.settings import FollowerRoleSettings

VERB = "relay"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the outbox relay (store → events exchange)")
    add_settings(parser, FollowerRoleSettings)


async def run(args: argparse.Namespace) -> int:
    """Relay until SIGINT or SIGTERM (the tournament manager follows the same log)."""
    return await run_roles(args, frozenset({"relay", "tournaments"}))
