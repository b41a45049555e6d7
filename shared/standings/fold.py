"""Turning a table's event stream into its Result once the game is over."""

from __future__ import annotations

import msgspec

from shared.contracts.envelopes import EventEnvelope
from shared.standings.board import Result, Scoreboard
from shared.tables import state as table_state
from shared.tables.events import SeedRevealed, TableCreated
from shared.tables.outcome import table_result
from shared.tables.state import OVER, TableState


def result_of(state: TableState, position: int) -> Result | None:
    """The result of a finished table (None while it is being played)."""
    if state.status != OVER:
        return None
    outcome = table_result(state)
    if outcome is None:
        return None
    return Result(
        table_id=state.table_id,
        game=state.game,
        position=position,
        players=[p or "" for p in state.players],
        names=list(state.names),
        scores=list(outcome.scores),
        ranks=list(outcome.ranks),
        winners=list(outcome.winners),
        # Forfeits on timeout and resignations are the table's: the rules never see them.
        forfeited=list(outcome.forfeited),
        private=state.visibility == "private",
    )


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
