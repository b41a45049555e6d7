"""The games the platform hosts, by name."""

from __future__ import annotations

import importlib

from shared.contracts.errors import NotFound
from shared.games.contract import GameSpec

# Each entry is a package under shared/games exposing `GAME: GameSpec`.
GAME_PACKAGES: dict[str, str] = {
    "ra": "shared.games.ra",
    "egizia": "shared.games.egizia",
    "sobek": "shared.games.sobek",
    "cantstop": "shared.games.cantstop",
    "herazeus": "shared.games.herazeus",
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
