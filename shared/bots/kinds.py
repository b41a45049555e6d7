"""The bot kinds behind one interface: `choose(kind, knowledge, legal, budget, rng)`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from shared.bots.knowledge import Budget, SeatKnowledge, apply, estimate
from shared.bots.search import search
from shared.contracts.errors import IllegalMove
from shared.games.rng import Rng

Kind = Callable[[SeatKnowledge, Sequence[Any], Budget, Rng], Any]


def uniform(knowledge: SeatKnowledge, legal: Sequence[Any], budget: Budget, rng: Rng) -> Any:
    """`random`: one legal move, uniformly (exactly one draw: `rng.choice(legal)`, which the
    audit re-draws for a timed-out or resigned seat)."""
    return rng.choice(legal)


def greedy(knowledge: SeatKnowledge, legal: Sequence[Any], budget: Budget, rng: Rng) -> Any:
    """`greedy`: the move after which the game's score estimate is best for the seat, one
    ply deep on one sampled state (every move meets the same dice); ties by the rng."""
    if len(legal) == 1:
        return legal[0]
    order = rng.shuffled(range(len(legal)))
    state = knowledge.sample(rng)
    dice = rng.randint(0, 2**62)
    best, best_value = legal[order[0]], -1.0
    for index in order:
        try:
            after = apply(knowledge.spec, state, knowledge.seat, legal[index], Rng(dice))
        except IllegalMove:
            continue
        value = estimate(knowledge.spec, after, knowledge.seat)
        if value > best_value:
            best, best_value = legal[index], value
    return best


KINDS: dict[str, Kind] = {"random": uniform, "greedy": greedy, "strong": search}


def choose(
    kind: str, knowledge: SeatKnowledge, legal: Sequence[Any], budget: Budget, rng: Rng
) -> Any:
    """One of `legal` for the seat, chosen by the bot `kind` (KeyError: no such kind)."""
    return KINDS[kind](knowledge, legal, budget, rng)
