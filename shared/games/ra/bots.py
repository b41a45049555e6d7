"""Ra's help for the bots (shared/bots): an evaluation of the board so far.

Ra scores only at the end of each epoch, so a lead in `scores` says little mid-epoch.
`evaluate` adds what the epoch's scoring would give now (`score_epoch`: Pharaoh, Nile,
civilization, and monuments in the epoch that scores them; before it, half the monuments'
points) and squashes the lead. Ra hides nothing: no `sample`.
"""

from __future__ import annotations

import math

from shared.games.ra.components import C
from shared.games.ra.scoring import monument_points, score_epoch
from shared.games.ra.state import RaState


def projected(state: RaState) -> list[float]:
    """Each seat's score if the epoch were scored now."""
    totals = score_epoch(state).totals
    later = state.epoch < C.monuments_scored_in_epoch
    return [
        state.scores[s] + totals[s] + (0.5 * monument_points(state, s) if later else 0.0)
        for s in range(state.players)
    ]


def evaluate(state: RaState, seat: int) -> float:
    """The seat's prospects in [0, 1]."""
    if not state.scores or not state.pharaoh:
        return 0.5
    points = projected(state)
    lead = points[seat] - max(p for s, p in enumerate(points) if s != seat)
    return 0.5 + 0.5 * math.tanh(lead / 10.0)
