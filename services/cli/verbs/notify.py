"""`senet notify`: run only the notify service (mail, web push)."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.options import add_settings
from services.cli.roles import run_roles
from services.cli.settings import NotifyRoleSettings

VERB = "notify"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the notify service (mail, push)")
    add_settings(parser, NotifyRoleSettings)


async def run(args: argparse.Namespace) -> int:
    """Run the notify role until SIGINT/SIGTERM (like every role verb: probes, start line)."""
    return await run_roles(args, frozenset({"notify"}))
