"""The decision context: the game kit's Step, folding with Egizia's evolve."""

from __future__ import annotations

from shared.games.egizia.events import EgiziaEvent
from shared.games.egizia.evolve import evolve
from shared.games.egizia.state import EgiziaState
from shared.games.kit import Step
from shared.games.rng import Rng

Ctx = Step[EgiziaState, EgiziaEvent]
"""Collects the events of one decision and keeps the state they lead to."""


def new_ctx(state: EgiziaState, rng: Rng | None = None) -> Ctx:
    """A context starting at `state`."""
    return Step(state, evolve, rng)
