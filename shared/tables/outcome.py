"""A table's result: the game's own, with resignations applied, and the table's forfeits.

Two views of the same outcome:

- `final_result(state)`: what a game record states and the audit re-computes: the game's
  result (or, when resignations ended the table first, one made from them) with every
  resigned seat ranked last, the first to resign lowest. A table without resignations has
  exactly the game's result, so records made before resignations verify as they did.
- `table_result(state)`: what players see, results and ratings count: the final result
  with forfeits on timeout and resignations listed in `forfeited` too.
"""

from __future__ import annotations

import msgspec

from shared.games.contract import GameResult
from shared.tables.state import OVER, TableState


def final_result(state: TableState) -> GameResult | None:
    """The game's result with resignations applied; None while the game goes on."""
    if state.game_state is None:
        return None
    result = state.spec.result(state.game_state)
    if not state.resigned:
        return result
    if result is None:
        if state.status != OVER:
            return None
        zeros = [0] * state.seats  # the game did not reach its scoring: ranks decide alone
        result = GameResult(scores=zeros, ranks=[1] * state.seats, winners=[])
    return _resigned_last(result, state)


def table_result(state: TableState) -> GameResult | None:
    """The final result with the table's forfeits (timeouts, resignations) listed."""
    result = final_result(state)
    if result is None or not (state.forfeited or state.resigned):
        return result
    forfeited = sorted({*result.forfeited, *state.forfeited, *state.resigned})
    return msgspec.structs.replace(result, forfeited=forfeited)


def _resigned_last(result: GameResult, state: TableState) -> GameResult:
    playing = state.playing_seats()
    ranks = [0] * state.seats
    # Those still playing keep the game's order among themselves (ties stay ties).
    for seat in playing:
        ranks[seat] = 1 + sum(1 for s in playing if result.ranks[s] < result.ranks[seat])
    below = len(playing)
    for place, seat in enumerate(reversed(state.resigned), start=1):
        ranks[seat] = below + place
    winners = [s for s in playing if ranks[s] == 1]
    return msgspec.structs.replace(
        result, ranks=ranks, winners=winners, resigned=list(state.resigned)
    )
