"""`senet table`: a table worker (commands) and, unless `--no-relay`, the outbox relay and
the tournament manager beside it; `--workers N` runs N worker processes under one command."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.options import add_settings
from services.cli.roles import run_roles
from services.cli.settings import TableRoleSettings

VERB = "table"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only a table worker (commands) and its relay")
    add_settings(parser, TableRoleSettings)


async def run(args: argparse.Namespace) -> int:
    """Work until SIGINT or SIGTERM."""
    if args.workers > 1:
        from services.cli.supervise import run_supervised

        return await run_supervised(args)
    # The tournament manager runs beside the relay (it follows the same log).
    roles = {"table"} if args.no_relay else {"table", "relay", "tournaments"}
    return await run_roles(args, frozenset(roles))
