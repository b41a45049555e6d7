"""The decision context: emits events and folds them at once, so rules read the current state."""

from __future__ import annotations

from shared.games.egizia.events import EgiziaEvent
from shared.games.egizia.evolve import evolve
from shared.games.egizia.state import EgiziaState


class Ctx:
    """Collects the events of one decision and keeps the state they lead to."""

    __slots__ = ("events", "state")

    def __init__(self, state: EgiziaState) -> None:
        self.state = state
        self.events: list[EgiziaEvent] = []

    def emit(self, event: EgiziaEvent) -> None:
        """Record an event and apply it."""
        self.events.append(event)
        self.state = evolve(self.state, event)
