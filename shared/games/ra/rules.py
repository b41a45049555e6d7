"""decide, to_act and result: whose move it is, which phase allows it, and the dispatch."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from shared.contracts.errors import IllegalMove
from shared.games.contract import GameResult
from shared.games.kit import Do, Rules, Step, no_check
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
from shared.games.ra.disaster import declare_disaster, retrieve_marker
from shared.games.ra.evolve import evolve
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


def _misfit(phase: str, move: object) -> IllegalMove:
    entry = _HANDLERS.get(type(move))
    if entry is None:
        return IllegalMove(f"{type(move).__name__} is not a Ra move", code="unknown_move")
    code = _WRONG_PHASE.get((entry[0], phase), "disaster_pending")
    return IllegalMove(f"{type(move).__name__} is not possible now ({phase})", code=code)


def _emitting(handler: Handler) -> Do[RaState, ev.RaEvent]:
    """A Ra handler (state in, events out) as the kit's do: its events, each folded."""

    def do(step: Step[RaState, ev.RaEvent], seat: int, move: Any) -> None:
        for event in handler(step.state, seat, move, step.rng):
            step.emit(event)

    return do


# The checks run inside each handler (Ra's legal_moves is its own, in legal.py).
RULES: Rules[RaState, mv.RaMove, ev.RaEvent] = Rules(
    evolve=evolve,
    phase=lambda s: s.phase,
    over=lambda s: s.phase == OVER,
    to_act=to_act,
    handlers={
        phase: {
            move: (no_check, _emitting(handler))
            for move, (needed, handler) in _HANDLERS.items()
            if needed == phase
        }
        for phase in (ROLL, REROLL, APPLY, DISASTER)
    },
    misfit=_misfit,
)


decide = RULES.decide


def result(state: RaState) -> GameResult | None:
    """The final scores and ranks once the third epoch is scored."""
    if state.phase != OVER:
        return None
    ranks, winners = ranking(state.scores)
    return GameResult(scores=list(state.scores), ranks=list(ranks), winners=list(winners))
