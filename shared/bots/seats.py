"""Bots as players: the bot accounts a table's creator seats, and their think time.

A bot account is one per game, kind and level, with a player id derived from the three
(`bot_player_id`) and a name that says it is a bot (`bot_name`, "Bot strong 2"). It needs
no registration: it exists from the first table that seats it, and its results and rating
are kept like anyone's (the read models key them by player id). `bot_of(player_id)` tells
a bot seat from a person's everywhere (seat lists, the bots role).

The levels are think times (`LEVELS`): a playout budget with a time bound above it, so a
level's choice is reproducible on a machine fast enough to reach the playouts (the bots
role derives the rng from table and version), and never takes much longer than its bound.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from uuid import NAMESPACE_URL, uuid5

from shared.bots.knowledge import Budget
from shared.contracts.errors import BadRequest
from shared.games.registry import available_games

_BOT_NAMESPACE = uuid5(NAMESPACE_URL, "senet:bot-account")
NAME_PREFIX = "Bot "  # every bot's name starts so; people cannot register such names


@dataclass(frozen=True, slots=True)
class Level:
    """A bot's think time per move: at most `playouts` simulations and `ms` milliseconds."""

    playouts: int
    ms: float

    def budget(self) -> Budget:
        """A fresh budget of this think time (its clock starts now)."""
        return Budget(playouts=self.playouts, ms=self.ms)


# The kinds a table may seat, and each kind's levels (1 = weakest). Only `strong` searches,
# so only it has levels that differ; the others play at level 1.
LEVELS: dict[str, dict[int, Level]] = {
    "random": {1: Level(playouts=1, ms=1000.0)},
    "greedy": {1: Level(playouts=1, ms=1000.0)},
    "strong": {
        1: Level(playouts=200, ms=250.0),
        2: Level(playouts=1000, ms=1000.0),
        3: Level(playouts=4000, ms=3000.0),
    },
}
# The stand-in of a timed-out turn under the policy `bot` (docs/bots.md), "kind:level".
STAND_IN = "strong:2"


@dataclass(frozen=True, slots=True)
class BotAccount:
    """One bot account: a game's bot of a kind and level."""

    game: str
    kind: str
    level: int

    @property
    def player_id(self) -> str:
        """Its player id."""
        return bot_player_id(self.game, self.kind, self.level)

    @property
    def name(self) -> str:
        """Its name at tables, in standings and in the record."""
        return bot_name(self.kind, self.level)

    @property
    def think(self) -> Level:
        """Its think time per move."""
        return LEVELS[self.kind][self.level]


def bot_player_id(game: str, kind: str, level: int) -> str:
    """The player id of a game's bot of that kind and level."""
    return str(uuid5(_BOT_NAMESPACE, f"{game}:{kind}:{level}"))


def bot_name(kind: str, level: int) -> str:
    """A bot's name: "Bot strong 2"."""
    return f"{NAME_PREFIX}{kind} {level}"


def is_bot_name(name: str) -> bool:
    """True for a name in the bots' form (a person may not take one)."""
    return name.casefold().startswith(NAME_PREFIX.casefold())


def bot_account(game: str, kind: str, level: int) -> BotAccount:
    """The account of a game's bot; 400 `unknown_bot_kind` or `bad_bot_level` otherwise."""
    levels = LEVELS.get(kind)
    if levels is None:
        raise BadRequest(
            f"no bot kind {kind!r}; the kinds are {', '.join(LEVELS)}",
            code="unknown_bot_kind", details={"kinds": list(LEVELS)},
        )  # fmt: skip
    if level not in levels:
        raise BadRequest(
            f"a {kind} bot has levels {', '.join(map(str, levels))}",
            code="bad_bot_level", details={"levels": list(levels)},
        )  # fmt: skip
    return BotAccount(game=game, kind=kind, level=level)


def stand_in_account(game: str, stand_in: str) -> BotAccount:
    """The bot a "kind:level" stand-in names; 400 `bad_stand_in` when it names none."""
    kind, _, level = stand_in.partition(":")
    try:
        return bot_account(game, kind, int(level))
    except (ValueError, BadRequest) as exc:
        raise BadRequest(f"no stand-in bot {stand_in!r}", code="bad_stand_in") from exc


@cache
def _accounts() -> dict[str, BotAccount]:
    return {
        account.player_id: account
        for game in available_games()
        for kind, levels in LEVELS.items()
        for level in levels
        for account in [BotAccount(game=game, kind=kind, level=level)]
    }


def bot_of(player_id: str | None) -> BotAccount | None:
    """The bot account with that player id, or None for a person (or an empty seat)."""
    return _accounts().get(player_id or "")
