"""Egizia as rules version 1 plays it (before the join-card and participation rulings).

Tables opened under version 1 replay and verify with this GAME: the same package, with the
state's `rules` set to 1 so both rulings are off (see `queries.joinable`, `queries.took_part`).
"""

from __future__ import annotations

from dataclasses import replace as respec
from typing import Any

from msgspec.structs import replace

from shared.games.egizia import GAME as CURRENT
from shared.games.egizia.evolve import initial_state as current_initial_state
from shared.games.egizia.state import EgiziaState


def initial_state(seats: int, options: Any) -> EgiziaState:
    """The empty state of a version-1 table."""
    return replace(current_initial_state(seats, options), rules=1)


GAME = respec(CURRENT, rules_version=1, initial_state=initial_state)
