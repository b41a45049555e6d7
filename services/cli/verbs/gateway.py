"""`senet gateway`: only the gateway (HTTP, WebSocket, views)."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.options import add_settings
from services.cli.roles import run_roles
from services.cli.settings import GatewayRoleSettings

VERB = "gateway"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only the gateway (HTTP, WebSocket, views)")
    add_settings(parser, GatewayRoleSettings)


async def run(args: argparse.Namespace) -> int:
    """Serve until SIGINT or SIGTERM."""
    return await run_roles(args, frozenset({"gateway"}))
