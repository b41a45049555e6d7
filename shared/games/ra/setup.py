"""setup: the opening events of a Ra table."""

from __future__ import annotations

from shared.contracts.errors import IllegalMove
from shared.games.ra import events as ev
from shared.games.ra.components import C
from shared.games.ra.state import RaOptions
from shared.games.rng import Rng


def setup(seats: int, options: RaOptions, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Preparation: scores 10, 11, 12, 13 in seat order; Ra on the player-count space."""
    if seats not in C.start_space:
        raise IllegalMove(f"Ra is for 2 to 4 players, not {seats}", code="player_count")
    ra = C.start_space[seats]
    scores = tuple(C.start_score + seat for seat in range(seats))
    return [
        ev.GameStarted(players=seats, scores=scores, ra=ra, last_space=C.last_space),
        ev.EpochStarted(epoch=1, start_player=0, ra=ra),
    ]
