"""A finished table's Result, from its state."""

from __future__ import annotations

from shared.standings.board import Result
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
