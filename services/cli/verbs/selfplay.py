"""`senet selfplay`: bots play full games (or a whole tournament) through the HTTP API, of a
running gateway (`--url`) or of an embedded platform of its own."""

from __future__ import annotations

import argparse
import json
from typing import Any

import msgspec

from services.cli.options import add_platform_options
from services.cli.platform import ALL_ROLES, Platform, serving
from services.cli.roles import platform_config
from services.cli.selfplay import DEFAULT_TIMEOUT
from shared.games.registry import GAME_PACKAGES
from shared.ports import free_port

VERB = "selfplay"


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="bots play full games through the HTTP API")
    parser.add_argument(
        "--game", default="ra", choices=tuple(GAME_PACKAGES), metavar="GAME",
        help="the game: %(choices)s [%(default)s]",
    )  # fmt: skip
    parser.add_argument("--players", type=int, default=3, help="seats per table [%(default)s]")
    parser.add_argument("--games", type=int, default=1, help="games to play [%(default)s]")
    parser.add_argument(
        "--seed", type=int, default=1,
        help="seed of the bots' choices (and, on the embedded platform with its memory "
        "store, of the tables' dice and decks and a tournament's names, pairings and ids, "
        "so the same command plays the same games) [%(default)s]",
    )  # fmt: skip
    parser.add_argument(
        "--concurrency", type=int, default=4, help="games played at once [%(default)s]"
    )
    parser.add_argument("--options", default="{}", help="table options as JSON [%(default)s]")
    parser.add_argument("--url", default=None, help="a running gateway; default: embedded")
    parser.add_argument(
        "--emails", action="store_true", help="register bots as <name>@example.test"
    )
    parser.add_argument(
        "--tournament", choices=("swiss", "round-robin", "knockout"), default=None,
        help="play a whole tournament of this format instead: --players sign up, each match "
        "at a table of --seats; one JSON line per match, then the standings",
    )  # fmt: skip
    parser.add_argument(
        "--seats", type=int, default=2, help="seats per match table (--tournament) [%(default)s]"
    )
    parser.add_argument(
        "--rounds", type=int, default=0,
        help="rounds of a Swiss tournament (0: ceil(log2 players)) [%(default)s]",
    )  # fmt: skip
    parser.add_argument(
        "--timeout", type=float, default=DEFAULT_TIMEOUT,
        help="seconds to wait for an unreachable or unavailable gateway [%(default)s]",
    )  # fmt: skip
    add_platform_options(parser, "memory")


async def run(args: argparse.Namespace) -> int:
    """One JSON line per game (or match), then a summary; 0 when every game finished."""
    from services.cli.selfplay import run_selfplay

    options = json.loads(args.options)
    if args.tournament:
        return await _tournament(args, options)
    if args.url:
        return await run_selfplay(
            args.url, args.game, args.players, args.games, args.seed, args.concurrency, options,
            emails=args.emails, timeout=args.timeout,
        )  # fmt: skip
    port = free_port()
    config = platform_config(args, ALL_ROLES)
    # Our own in-process gateway on a fresh memory store: the tables' seeds (and so their
    # ids) may derive from --seed. A lasting store keeps secret seeds (ids would repeat).
    seeded = args.store == "memory"
    config.gateway = msgspec.structs.replace(config.gateway, client_seeds=seeded)
    async with Platform(config) as platform:
        assert platform.app is not None
        async with serving(platform.app, "127.0.0.1", port):
            return await run_selfplay(
                f"http://127.0.0.1:{port}",
                args.game,
                args.players,
                args.games,
                args.seed,
                args.concurrency,
                options,
                emails=args.emails,
                timeout=args.timeout,
                table_seeds=seeded,
            )


async def _tournament(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """`selfplay --tournament`: against `--url`, or an embedded platform of our own."""
    from services.cli.tournament_play import run_tournament

    def play(url: str, seeded: bool = False) -> Any:
        return run_tournament(
            url, args.tournament, args.players, args.game, args.seats, args.rounds, args.seed,
            args.timeout, options, seeded=seeded,
        )  # fmt: skip

    if args.url:
        return int(await play(args.url))
    port = free_port()
    config = platform_config(args, ALL_ROLES)
    seeded = args.store == "memory"  # as for single games: a fresh store repeats ids
    config.gateway = msgspec.structs.replace(config.gateway, client_seeds=seeded)
    async with Platform(config) as platform:
        assert platform.app is not None
        async with serving(platform.app, "127.0.0.1", port):
            return int(await play(f"http://127.0.0.1:{port}", seeded))
