"""Bots: kinds of automatic players behind one pure interface (no I/O).

`choose(kind, knowledge, legal, budget, rng)` picks a legal move for the seat whose
`SeatKnowledge` it gets; the kinds are `random` (a uniform legal move: the timeout policy
`bot`, resigned seats, selfplay), `greedy` (one ply on the game's score estimate) and
`strong` (information-set Monte Carlo tree search). See docs/bots.md.
"""

from shared.bots.kinds import KINDS, choose
from shared.bots.knowledge import Budget, SeatKnowledge

__all__ = ["KINDS", "Budget", "SeatKnowledge", "choose"]
