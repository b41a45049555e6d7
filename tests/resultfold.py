"""A scoreboard folded from table envelopes in log order: the tests' reference for what the
read models and the scoring service compute (`shared.standings.fold.result_of`)."""

from __future__ import annotations

import msgspec

from shared.contracts.envelopes import EventEnvelope
from shared.standings.board import Result, Scoreboard
from shared.standings.fold import result_of
from shared.tables import state as table_state
from shared.tables.events import SeedRevealed, TableCreated
from shared.tables.state import TableState


class ResultFold:
    """Folds table envelopes (in log order) into results on a scoreboard."""

    def __init__(self) -> None:
        self.tables: dict[str, TableState] = {}
        self.board = Scoreboard()
        self.position = 0

    def apply(self, envelope: EventEnvelope) -> Result | None:
        """Apply one table event; returns the game's result when this event ended it."""
        self.position = max(self.position, envelope.position)
        if envelope.name == "TableCreated":
            created = msgspec.json.decode(envelope.payload, type=TableCreated)
            self.tables[envelope.table_id] = table_state.created(envelope.table_id, created)
            return None
        state = self.tables.get(envelope.table_id)
        if state is None:
            return None
        event = table_state.decode_event_json(state.spec, envelope.name, envelope.payload)
        state = table_state.evolve(state, event)
        if isinstance(event, SeedRevealed):
            del self.tables[envelope.table_id]  # finished: the result is all we keep
            result = result_of(state, envelope.position)
            if result is not None and self.board.add(result):
                return result
            return None
        self.tables[envelope.table_id] = state
        return None
