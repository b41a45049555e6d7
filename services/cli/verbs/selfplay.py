"""`senet selfplay`: bots play full games (or a whole tournament) through the HTTP API, of a
running gateway (`--url`) or of an embedded platform of its own."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Annotated, Any, Literal

import msgspec

from services.cli.options import add_settings
from services.cli.platform import ALL_ROLES, Platform, serving
from services.cli.roles import platform_config
from services.cli.selfplay import DEFAULT_TIMEOUT
from services.cli.settings import PlatformSettings
from services.gateway.keys import GatewaySettings
from shared.bots import KINDS
from shared.games.registry import GAME_PACKAGES
from shared.ports import free_port
from shared.settings import setting

VERB = "selfplay"


def _game(raw: str) -> str:
    if raw not in GAME_PACKAGES:
        raise ValueError(f"one of {', '.join(GAME_PACKAGES)}")
    return raw


def _kinds(raw: str) -> str:
    kinds = [k.strip() for k in raw.split(",") if k.strip()]
    if any(k not in KINDS for k in kinds):  # none: random bots, lines as ever
        raise ValueError(f"comma-separated bot kinds of {', '.join(KINDS)}")
    return ",".join(kinds)


class PlayOptions(msgspec.Struct, frozen=True, kw_only=True):
    """What the bots play."""

    game: Annotated[
        str, setting(f"the game: {', '.join(GAME_PACKAGES)}", parse=_game, metavar="GAME")
    ] = "ra"
    players: Annotated[int, setting("seats per table", ge=1)] = 3
    games: Annotated[int, setting("games to play", ge=0)] = 1
    seed: Annotated[
        int,
        setting("seed of the bots' choices (and, on the embedded platform with its memory "
                "store, of the tables' dice and decks and a tournament's names, pairings and "
                "ids, so the same command plays the same games)"),
    ] = 1  # fmt: skip
    concurrency: Annotated[int, setting("games played at once", ge=1)] = 4
    options: Annotated[str, setting("table options as JSON", metavar="JSON")] = "{}"
    url: Annotated[
        str | None, setting("a running gateway", shown_default="embedded", metavar="URL")
    ] = None
    emails: Annotated[bool, setting("register bots as <name>@example.test")] = False
    tournament: Annotated[
        Literal["swiss", "round-robin", "knockout"] | None,
        setting("play a whole tournament of this format instead (swiss, round-robin or "
                "knockout): --players sign up, each match at a table of --seats; one JSON "
                "line per match, then the standings", shown_default="none", metavar="FORMAT"),
    ] = None  # fmt: skip
    seats: Annotated[int, setting("seats per match table (--tournament)", ge=1)] = 2
    rounds: Annotated[
        int, setting("rounds of a Swiss tournament (0: ceil(log2 players))", ge=0)
    ] = 0
    timeout: Annotated[
        float, setting("seconds to wait for an unreachable or unavailable gateway", gt=0)
    ] = DEFAULT_TIMEOUT
    bots: Annotated[
        str,
        setting("bot kinds at the seats, comma-separated (random, greedy, strong), rotated "
                "one seat a game; each game's line then names them and its winners",
                parse=_kinds, shown_default="random", metavar="KINDS"),
    ] = ""  # fmt: skip
    think_ms: Annotated[
        float, setting("a greedy or strong bot's think time a move, in ms", gt=0)
    ] = 100.0


class SelfplaySettings(msgspec.Struct, frozen=True, kw_only=True):
    """`senet selfplay`: the play, and its own platform (its store: memory unless told)."""

    play: PlayOptions = PlayOptions()
    platform: PlatformSettings = PlatformSettings(store="memory")
    gateway: GatewaySettings = GatewaySettings()


def register(verbs: Any) -> None:
    """Register the verb."""
    parser = verbs.add_parser(VERB, help="bots play full games through the HTTP API")
    add_settings(parser, SelfplaySettings)


async def run(args: argparse.Namespace) -> int:
    """One JSON line per game (or match), then a summary; 0 when every game finished."""
    from services.cli.selfplay import run_selfplay
    from services.cli.selfplay_bots import refusal

    options = json.loads(args.options)
    if args.tournament:
        return await _tournament(args, options)
    kinds = args.bots.split(",") if args.bots else None
    problem = refusal(kinds, args.game) if kinds else None
    if problem is not None:
        print(f"senet selfplay: {problem}", file=sys.stderr)
        return 2
    if args.url:
        return await run_selfplay(
            args.url, args.game, args.players, args.games, args.seed, args.concurrency, options,
            emails=args.emails, timeout=args.timeout, kinds=kinds, think_ms=args.think_ms,
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
                kinds=kinds,
                think_ms=args.think_ms,
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
