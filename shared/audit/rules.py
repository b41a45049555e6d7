"""Rules versions: which implementation of a game decides a table pinned to a version.

Every table records the rules version of its game when it opens (TableCreated.rules_version)
and is replayed with that version. The live package of a game serves its current
`GAME.rules_version`; when a rules change alters what `decide` or `setup` produce, the game
bumps `rules_version` and the previous implementation stays importable (for instance as
`shared.games.ra.v1`) and is listed in `PINNED` below, so tables started before the change
still replay and verify. A version that is neither current nor listed is refused.
"""

from __future__ import annotations

import importlib

from shared.contracts.errors import SenetError
from shared.games.contract import GameSpec
from shared.games.registry import get_game

# (game, rules version) -> package exposing GAME, for versions older than the live one.
PINNED: dict[tuple[str, int], str] = {
    ("egizia", 1): "shared.games.egizia.v1",
}


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
        known = sorted({v for g, v in PINNED if g == game} | {spec.rules_version})
        raise UnknownRulesVersion(
            f"{game} rules version {rules_version} is not available (known: {known})",
            details={"game": game, "rules_version": str(rules_version)},
        )
    pinned: GameSpec = importlib.import_module(package).GAME
    return pinned


def known_versions(game: str) -> list[int]:
    """Every rules version of a game this build can replay."""
    current = get_game(game).rules_version
    return sorted({v for g, v in PINNED if g == game} | {current})
