"""Can't Stop's help for the bots (shared/bots): an evaluation of the climb so far.

A seat's progress is its share of each column's height (a won column counts 1), the best
`target` columns counted in full and the others at a fifth; the active seat's runners count
for the part above its squares at RISK (they are lost on a bust). The estimate squashes the
lead over the best other seat. Random playouts roll on forever, so they stop after a few
moves and this judges them.
"""

from __future__ import annotations

import math

from shared.games.cantstop.state import C, CantStopState

RISK = 0.6  # the worth of a runner's unbanked climb against a banked one
OTHERS = 0.2  # the worth of progress beyond the best `target` columns
SHARPNESS = 2.5  # how fast a lead in columns turns into a near-certain win


def progress(state: CantStopState, seat: int) -> float:
    """The seat's climb, in columns (the game is won at `options.target`)."""
    runners = dict(state.runners) if seat == state.active else {}
    shares = []
    for column in C.columns:
        owner = state.owner(column)
        if owner >= 0:
            shares.append(1.0 if owner == seat else 0.0)
            continue
        top = C.top(column)
        banked = state.square(seat, column)
        climbed = max(banked, runners.get(column, 0))
        shares.append((banked + RISK * (climbed - banked)) / top)
    shares.sort(reverse=True)
    target = state.options.target
    return sum(shares[:target]) + OTHERS * sum(shares[target:])


def evaluate(state: CantStopState, seat: int) -> float:
    """The seat's prospects in [0, 1]."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    mine = progress(state, seat)
    best_other = max(progress(state, s) for s in range(state.seats) if s != seat)
    return 0.5 + 0.5 * math.tanh(SHARPNESS * (mine - best_other))
