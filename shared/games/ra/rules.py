"""decide, to_act and result: whose move it is, which phase allows it, and the dispatch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shared.games.contract import GameResult
from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from shared.games.ra.actions import (
    advance_nile,
    advance_pharaoh,
    flood_nile,
    place_civilization,
    place_monument,
    score_ankh_pair,
)
from shared.games.ra.checks import illegal
from shared.games.ra.disaster import declare_disaster, retrieve_marker
from shared.games.ra.rolling import reroll_dice, roll_dice, stop_rolling
from shared.games.ra.scoring import ranking
from shared.games.ra.state import APPLY, DISASTER, OVER, REROLL, ROLL, RaState
from shared.games.ra.turn import end_turn
from shared.games.rng import Rng

Handler = Callable[[RaState, int, Any, Rng], list[ev.RaEvent]]

# Each move: its handler and the phase it belongs to.
_HANDLERS: dict[type, tuple[str, Handler]] = {
    mv.RollDice: (ROLL, roll_dice),
    mv.RerollDice: (REROLL, reroll_dice),
    mv.StopRolling: (REROLL, stop_rolling),
    mv.AdvancePharaoh: (APPLY, advance_pharaoh),
    mv.AdvanceNile: (APPLY, advance_nile),
    mv.FloodNile: (APPLY, flood_nile),
    mv.PlaceCivilization: (APPLY, place_civilization),
    mv.PlaceMonument: (APPLY, place_monument),
    mv.ScoreAnkhPair: (APPLY, score_ankh_pair),
    mv.DeclareDisaster: (APPLY, declare_disaster),
    mv.EndTurn: (APPLY, end_turn),
    mv.RetrieveMarker: (DISASTER, retrieve_marker),
}

# (phase the move needs, phase the table is in) -> the rule code of the mismatch.
_WRONG_PHASE: dict[tuple[str, str], str] = {
    (ROLL, REROLL): "already_rolled",
    (ROLL, APPLY): "already_rolled",
    (REROLL, ROLL): "roll_the_dice_first",
    (REROLL, APPLY): "rolling_finished",
    (APPLY, ROLL): "roll_the_dice_first",
    (APPLY, REROLL): "still_rolling",
    (DISASTER, ROLL): "no_disaster_pending",
    (DISASTER, REROLL): "no_disaster_pending",
    (DISASTER, APPLY): "no_disaster_pending",
}


def to_act(state: RaState) -> list[int]:
    """The seats that must decide now: the victims of a disaster, else the current player."""
    if state.phase == OVER:
        return []
    if state.phase == DISASTER:
        return [seat for seat, left in enumerate(state.pending) if left]
    return [state.current]


def decide(state: RaState, seat: int, move: mv.RaMove, rng: Rng) -> list[ev.RaEvent]:
    """The events a legal move causes, up to the next decision; raises IllegalMove."""
    if state.phase == OVER:
        raise illegal("game_over", "the game is over")
    if seat not in to_act(state):
        raise illegal("not_your_turn", "it is not your turn")
    entry = _HANDLERS.get(type(move))
    if entry is None:
        raise illegal("unknown_move", f"{type(move).__name__} is not a Ra move")
    phase, handler = entry
    if phase != state.phase:
        code = _WRONG_PHASE.get((phase, state.phase), "disaster_pending")
        raise illegal(code, f"{type(move).__name__} is not possible now ({state.phase})")
    return handler(state, seat, move, rng)


def result(state: RaState) -> GameResult | None:
    """The final scores and ranks once the third epoch is scored."""
    if state.phase != OVER:
        return None
    ranks, winners = ranking(state.scores)
    return GameResult(scores=list(state.scores), ranks=list(ranks), winners=list(winners))
