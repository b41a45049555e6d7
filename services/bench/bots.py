"""`senet bench bots`: the strong bot's measured strength against `random` and `greedy`.

Per game, `--games` games of `--players` seats (2-4, within the game's seat range) against
each opponent kind, the strong bot against `--players` - 1 bots of that kind and taking
each seat in turn, on the pure rules (shared/bots/match.py) in at most two worker
processes. Two players: against `random` and `greedy`; more: against `random` only. One
JSON object: per game, `vs_random` (and `vs_greedy`), each with `played`, the strong bot's
`win_share` (a shared win counts as a share), the `fair_share` 1/players, and its think
time per move (`think_ms_p50`, `think_ms_p99`).
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
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # `--players`, within each game's seat range too


def _games(raw: str) -> str:
    names = [g.strip() for g in raw.split(",") if g.strip()]
    unknown = [g for g in names if g not in available_games()]
    if unknown or (raw.strip() and not names):
        raise ValueError(f"comma-separated games of {', '.join(available_games())}")
    return ",".join(names)


def benched_games(named: str, players: int) -> list[str]:
    """The games to play: those named, each of which must seat `players` (ValueError
    otherwise), or by default every game but tic-tac-toe that does."""
    if not named:
        return [g for g in available_games() if g != "tictactoe" and _seats(g, players)]
    games = named.split(",")
    for game in games:
        if not _seats(game, players):
            spec = get_game(game)
            raise ValueError(
                f"{game} is for {spec.min_players}-{spec.max_players} players, not {players}"
            )
    return games


def _seats(game: str, players: int) -> bool:
    spec = get_game(game)
    return spec.min_players <= players <= spec.max_players


def opponents(players: int) -> tuple[str, ...]:
    """The opponent kinds of a bench of `players` seats: `greedy` in two-player games only."""
    return OPPONENTS if players == 2 else ("random",)


class BotsOptions(msgspec.Struct, frozen=True, kw_only=True):
    """`senet bench bots`."""

    variable_prefix: ClassVar[str] = "SENET_BENCH_BOTS_"
    game: Annotated[
        str,
        setting("games, comma-separated (each must seat --players)", parse=_games,
                metavar="GAMES", shown_default="every game but tictactoe that seats --players"),
    ] = ""  # fmt: skip
    games: Annotated[int, setting("games per pair of kinds", ge=1)] = 20
    players: Annotated[
        int,
        setting(f"seats a game ({MIN_PLAYERS}-{MAX_PLAYERS}): the strong bot against the "
                "others; more than 2: against random only", ge=MIN_PLAYERS, le=MAX_PLAYERS),
    ] = 2  # fmt: skip
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
    game: str, opponent: str, index: int, seed: int, think_ms: float | None,
    playouts: int | None, players: int = 2,
) -> tuple[str, str, float, list[float]]:  # fmt: skip
    """One game (in a worker): the strong bot's win share and think times; the strong bot
    takes seat `index` modulo the players."""
    strong = index % players
    kinds = [opponent] * players
    kinds[strong] = "strong"
    # Two-player games keep their seeds of before `--players` (the same games as then).
    table = "" if players == 2 else f"{players}p/"
    played = play_match(
        get_game(game), kinds, f"bench-bots/{seed}/{table}{game}/{opponent}/{index}",
        think_ms=None if playouts else think_ms, playouts=playouts,
    )  # fmt: skip
    return game, opponent, win_share(played.result, strong), played.think_ms[strong]


async def run_bench_bots(args: argparse.Namespace) -> int:
    """Play the games, print the JSON report (2 when a game does not seat `--players`)."""
    players = args.players
    try:
        games = benched_games(args.game, players)
    except ValueError as exc:
        print(f"senet bench bots: {exc}", file=sys.stderr)
        return 2
    kinds = opponents(players)
    loop = asyncio.get_running_loop()
    workers = max(1, min(WORKERS, args.workers))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        jobs = [
            loop.run_in_executor(
                pool, one_game, game, opponent, index, args.seed, args.think_ms, args.playouts,
                players,
            )
            for game in games
            for opponent in kinds
            for index in range(args.games)
        ]  # fmt: skip
        for done, job in enumerate(asyncio.as_completed(jobs), 1):
            game, opponent, share, _ = await job
            print(f"bench bots: {done}/{len(jobs)} {game} vs {opponent}: {share:g}",
                  file=sys.stderr, flush=True)  # fmt: skip
        outcomes = [job.result() for job in jobs]
    report: dict[str, Any] = {
        "think_ms": args.think_ms,
        "playouts": args.playouts,
        "seed": args.seed,
        "players": players,
        "games": {},
    }
    for game in games:
        figures: dict[str, Any] = {}
        for opponent in kinds:
            mine = [o for o in outcomes if o[0] == game and o[1] == opponent]
            times = [t for o in mine for t in o[3]]
            figures[f"vs_{opponent}"] = {
                "played": len(mine),
                "win_share": round(sum(o[2] for o in mine) / len(mine), 3) if mine else None,
                "fair_share": round(1 / players, 3),
                "think_ms_p50": round(percentile(times, 50), 1),
                "think_ms_p99": round(percentile(times, 99), 1),
            }
        report["games"][game] = figures
    print(json.dumps(report), flush=True)
    return 0
