"""`senet bench bots`: the strong bot's measured strength against `random` and `greedy`.

Per game, `--games` two-player games against each opponent kind, the strong bot taking
seat 0 and seat 1 in turn, on the pure rules (shared/bots/match.py) in at most two worker
processes. One JSON object: per game, `vs_random` and `vs_greedy`, each with `played`,
the strong bot's `win_share` (a shared win counts as a share) and its think time per move
(`think_ms_p50`, `think_ms_p99`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Annotated, Any, ClassVar

import msgspec

from services.bench.stats import percentile
from services.cli.options import add_settings
from shared.bots.match import play_match, win_share
from shared.games.registry import available_games, get_game
from shared.settings import setting

OPPONENTS = ("random", "greedy")
WORKERS = 2  # the bench's processes at most (the machine is shared)


def _games(raw: str) -> str:
    names = [g.strip() for g in raw.split(",") if g.strip()]
    unknown = [g for g in names if g not in available_games()]
    if not names or unknown:
        raise ValueError(f"comma-separated games of {', '.join(available_games())}")
    return ",".join(names)


class BotsOptions(msgspec.Struct, frozen=True, kw_only=True):
    """`senet bench bots`."""

    variable_prefix: ClassVar[str] = "SENET_BENCH_BOTS_"
    game: Annotated[str, setting("games, comma-separated", parse=_games, metavar="GAMES")] = (
        ",".join(g for g in available_games() if g != "tictactoe")
    )
    games: Annotated[int, setting("games per pair of kinds", ge=1)] = 20
    think_ms: Annotated[float, setting("the strong bot's think time a move, in ms", gt=0)] = 100.0
    playouts: Annotated[
        int | None,
        setting("playouts a move instead of a time (reproducible)", shown_default="none"),
    ] = None
    seed: Annotated[int, setting("seed of the games' chance and the bots")] = 1
    workers: Annotated[int, setting(f"worker processes (at most {WORKERS})", ge=1)] = WORKERS


def register(kinds: Any) -> None:
    """Register `senet bench bots`."""
    parser = kinds.add_parser("bots", help="the strong bot's win share against random, greedy")
    add_settings(parser, BotsOptions)
    parser.set_defaults(bench_run=run_bench_bots)


def one_game(
    game: str, opponent: str, index: int, seed: int, think_ms: float | None, playouts: int | None
) -> tuple[str, str, float, list[float]]:
    """One game (in a worker): the strong bot's win share and think times."""
    strong = index % 2
    kinds = [opponent, opponent]
    kinds[strong] = "strong"
    played = play_match(
        get_game(game), kinds, f"bench-bots/{seed}/{game}/{opponent}/{index}",
        think_ms=None if playouts else think_ms, playouts=playouts,
    )  # fmt: skip
    return game, opponent, win_share(played.result, strong), played.think_ms[strong]


async def run_bench_bots(args: argparse.Namespace) -> int:
    """Play the games, print the JSON report."""
    games = args.game.split(",")
    loop = asyncio.get_running_loop()
    workers = max(1, min(WORKERS, args.workers))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        jobs = [
            loop.run_in_executor(
                pool, one_game, game, opponent, index, args.seed, args.think_ms, args.playouts
            )
            for game in games
            for opponent in OPPONENTS
            for index in range(args.games)
        ]
        for done, job in enumerate(asyncio.as_completed(jobs), 1):
            game, opponent, share, _ = await job
            print(f"bench bots: {done}/{len(jobs)} {game} vs {opponent}: {share:g}",
                  file=sys.stderr, flush=True)  # fmt: skip
        outcomes = [job.result() for job in jobs]
    report: dict[str, Any] = {
        "think_ms": args.think_ms,
        "playouts": args.playouts,
        "seed": args.seed,
        "games": {},
    }
    for game in games:
        figures: dict[str, Any] = {}
        for opponent in OPPONENTS:
            mine = [o for o in outcomes if o[0] == game and o[1] == opponent]
            times = [t for o in mine for t in o[3]]
            figures[f"vs_{opponent}"] = {
                "played": len(mine),
                "win_share": round(sum(o[2] for o in mine) / len(mine), 3) if mine else None,
                "think_ms_p50": round(percentile(times, 50), 1),
                "think_ms_p99": round(percentile(times, 99), 1),
            }
        report["games"][game] = figures
    print(json.dumps(report), flush=True)
    return 0
