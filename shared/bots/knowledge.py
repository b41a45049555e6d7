"""What a bot may use: the seat's knowledge of a game, and its thinking budget.

A bot never reads the true state directly. It asks `SeatKnowledge.sample(rng)` for a state
drawn consistently with what its seat may see (the game's `BotHooks.sample`: every hidden
card redealt at random among the places the seat cannot see into), and scores states with
`estimate` (the game's `BotHooks.evaluate`, else a generic estimate from `result` and
`scores`). A game without hidden information needs no `sample`: its state is all visible.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from shared.games.contract import BotHooks, GameSpec
from shared.games.rng import Rng

NO_HOOKS = BotHooks()


@dataclass(frozen=True, slots=True)
class Budget:
    """Think time: at most `playouts` simulations and/or `ms` milliseconds (None: no bound).

    With a playout bound and no time bound a bot's choice is a function of its inputs and
    the rng's seed alone; a time bound makes the number of playouts depend on the machine.
    """

    playouts: int | None = None
    ms: float | None = None
    started: float = field(default_factory=time.perf_counter)

    def spent(self, playouts: int) -> bool:
        """True once the budget is used up after `playouts` simulations (at least one)."""
        if playouts < 1:
            return False
        if self.playouts is not None and playouts >= self.playouts:
            return True
        return self.ms is not None and (time.perf_counter() - self.started) * 1000 >= self.ms


@dataclass(frozen=True, slots=True)
class SeatKnowledge:
    """A seat's knowledge of a game in play: the only door from a bot to the state."""

    spec: GameSpec
    _state: Any
    seat: int

    @property
    def hooks(self) -> BotHooks:
        """The game's bot hooks (empty for a game that has none)."""
        return self.spec.bot_hooks or NO_HOOKS

    def sample(self, rng: Rng) -> Any:
        """A full state consistent with what the seat may see (the game's `sample` hook)."""
        hook = self.hooks.sample
        return self._state if hook is None else hook(self._state, self.seat, rng)

    def view(self) -> Any:
        """The seat's view, as the game shows it to the seat's client."""
        return self.spec.view(self._state, self.seat)


def estimate(spec: GameSpec, state: Any, seat: int) -> float:
    """The seat's prospects in [0, 1]: its share of the win once the game is over, else the
    game's `evaluate` hook, else a squashed lead in `state.scores` (0.5 without scores)."""
    result = spec.result(state)
    if result is not None:
        return 1.0 / len(result.winners) if seat in result.winners else 0.0
    hooks = spec.bot_hooks or NO_HOOKS
    if hooks.evaluate is not None:
        return float(hooks.evaluate(state, seat))
    scores = getattr(state, "scores", None)
    if not scores or len(scores) <= seat:
        return 0.5
    others = [s for i, s in enumerate(scores) if i != seat]
    lead = scores[seat] - (max(others) if others else 0)
    return 0.5 + 0.5 * math.tanh(lead / 10.0)


def apply(spec: GameSpec, state: Any, seat: int, move: Any, rng: Rng) -> Any:
    """The state after a legal move (the game's own chance drawn from `rng`)."""
    for event in spec.decide(state, seat, move, rng):
        state = spec.evolve(state, event)
    return state
