"""`senet scoring`: only the scoring service (results, audit)."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.options import add_settings
from services.cli.roles import run_roles
from services.cli.settings import FollowerRoleSettings

VERB = "scoring"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the scoring service (results, audit)")
    add_settings(parser, FollowerRoleSettings)


async def run(args: argparse.Namespace) -> int:
    """Score until SIGINT or SIGTERM."""
    return await run_roles(args, frozenset({"scoring"}))
