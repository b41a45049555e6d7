"""The games the platform hosts, by name, and the rules version each table is pinned to.

Every table records the rules version of its game when it opens (TableCreated.rules_version)
and is decided, replayed and verified with that version. The live package of a game serves
its current `GAME.rules_version`; when a rules change alters what `decide` or `setup` produce,
the game bumps `rules_version` and the previous implementation stays importable (for instance
as `shared.games.egizia.v1`) and is listed in `PINNED` below, so tables started before the
change still play on, replay and verify under their own rules. A version that is neither
current nor listed is refused.
"""

from __future__ import annotations

import importlib

from shared.contracts.errors import NotFound, SenetError
from shared.games.contract import GameSpec

# Each entry is a package under shared/games exposing `GAME: GameSpec`.
GAME_PACKAGES: dict[str, str] = {
    "ra": "shared.games.ra",
    "egizia": "shared.games.egizia",
    "sobek": "shared.games.sobek",
    "cantstop": "shared.games.cantstop",
    "herazeus": "shared.games.herazeus",
    "istanbul": "shared.games.istanbul",
    "tictactoe": "shared.games.tictactoe",
}

# (game, rules version) -> package exposing GAME, for versions older than the live one.
PINNED: dict[tuple[str, int], str] = {
    ("egizia", 1): "shared.games.egizia.v1",
}

_loaded: dict[str, GameSpec] = {}


def get_game(name: str) -> GameSpec:
    """The game called `name`; raises NotFound for an unknown or unavailable game."""
    if name in _loaded:
        return _loaded[name]
    package = GAME_PACKAGES.get(name)
    if package is None:
        raise NotFound(f"unknown game {name!r}", code="unknown_game")
    try:
        module = importlib.import_module(package)
    except ImportError as exc:  # a game still being built is simply not offered
        raise NotFound(f"game {name!r} is not available", code="unknown_game") from exc
    game: GameSpec = module.GAME
    _loaded[name] = game
    return game


def available_games() -> list[str]:
    """The names of the games that can be played now."""
    names = []
    for name in GAME_PACKAGES:
        try:
            get_game(name)
        except NotFound:
            continue
        names.append(name)
    return names


class UnknownRulesVersion(SenetError):
    """A table was started under a rules version this build cannot run."""

    code = "unknown_rules_version"
    status = 409


def pinned_game(game: str, rules_version: int) -> GameSpec:
    """The game's rules as they were at `rules_version`; raises UnknownRulesVersion."""
    spec = get_game(game)
    if spec.rules_version == rules_version:
        return spec
    package = PINNED.get((game, rules_version))
    if package is None:
        raise UnknownRulesVersion(
            f"{game} rules version {rules_version} is not available "
            f"(known: {known_versions(game)})",
            details={"game": game, "rules_version": rules_version},
        )
    pinned: GameSpec = importlib.import_module(package).GAME
    return pinned


def known_versions(game: str) -> list[int]:
    """Every rules version of a game this build can run."""
    current = get_game(game).rules_version
    return sorted({v for g, v in PINNED if g == game} | {current})
