"""`senet table`: a table worker (commands) and, unless `--no-relay`, the outbox relay and
the tournament manager beside it; `--workers N` runs N worker processes under one command."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.observe import add_metrics_options
from services.cli.options import add_platform_options
from services.cli.roles import run_roles
from shared.store import DEFAULT_STORE

VERB = "table"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="run only a table worker (commands) and its relay")
    add_platform_options(parser, DEFAULT_STORE)
    parser.add_argument("--no-relay", action="store_true", help="do not run the outbox relay")
    add_metrics_options(parser)
    parser.add_argument(
        "--workers", type=int, default=1,
        help="worker processes sharing the shards (needs amqp:// and a shared store) [%(default)s]",
    )  # fmt: skip


async def run(args: argparse.Namespace) -> int:
    """Work until SIGINT or SIGTERM."""
    if args.workers > 1:
        from services.cli.supervise import run_supervised

        return await run_supervised(args)
    # The tournament manager runs beside the relay (it follows the same log).
    roles = {"table"} if args.no_relay else {"table", "relay", "tournaments"}
    return await run_roles(args, frozenset(roles))
