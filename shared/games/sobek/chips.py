"""The event chips (Rules, Die Ereignis-Chips), chosen after laying a set."""

from __future__ import annotations

from shared.games.kit import need
from shared.games.sobek.components import CHIPS
from shared.games.sobek.events import (
    CurseLaid,
    FloodChosen,
    KollegiumMoved,
    PotEmbalmed,
    ProsperityPlaced,
    VillainyScored,
)
from shared.games.sobek.flow import Step, end_turn, opponents, refs
from shared.games.sobek.moves import ChooseEvent
from shared.games.sobek.rounds import next_field, previous_field
from shared.games.sobek.sets import can_prosper
from shared.games.sobek.state import SobekState


def kollegium_targets(state: SobekState, seat: int, symbol: str) -> list[int]:
    """Rules, Kollegium: opponents who can move back to a field of the symbol above 0."""
    return [
        o for o in opponents(state, seat) if previous_field(state.scores[o], symbol) is not None
    ]


def prosperity_sets(state: SobekState, seat: int) -> list[int]:
    """The player's laid sets that may take Prosperity."""
    return [i for i, laid in enumerate(state.sets[seat]) if can_prosper(laid)]


def targets(state: SobekState, seat: int, chip: int) -> list[tuple[int | None, int | None]]:
    """Every legal (target, onto) for a chip; the effect must be applied in full if it can."""
    c = CHIPS[chip]
    if c.kind == "kollegium":
        return [(o, None) for o in kollegium_targets(state, seat, c.symbol or "")] or [(None, None)]
    if c.kind == "curse":
        return [(o, None) for o in opponents(state, seat)]
    if c.kind == "prosperity":
        return [(None, i) for i in prosperity_sets(state, seat)] or [(None, None)]
    return [(None, None)]


def choose(step: Step, seat: int, move: ChooseEvent) -> None:
    """Validate and resolve the chosen chip, then end the turn (Flood: play again)."""
    s = step.state
    need(move.chip in s.chips, "chip_not_available", "that chip is not available")
    chip = CHIPS[move.chip]
    legal = targets(s, seat, move.chip)
    if (move.target, move.onto) not in legal:
        _explain(s, seat, move, legal)
    if chip.kind == "kollegium":
        symbol = chip.symbol or ""
        target_from = target_to = None
        if move.target is not None:
            target_from = s.scores[move.target]
            target_to = previous_field(target_from, symbol)
        step.emit(
            KollegiumMoved(
                seat=seat,
                chip=move.chip,
                symbol=symbol,
                score_from=s.scores[seat],
                score_to=next_field(s.scores[seat], symbol),
                target=move.target,
                target_from=target_from,
                target_to=target_to,
            )
        )
    elif chip.kind == "flood":
        step.emit(FloodChosen(seat=seat, chip=move.chip))
    elif chip.kind == "curse":
        assert move.target is not None
        step.emit(CurseLaid(seat=seat, chip=move.chip, target=move.target))
    elif chip.kind == "prosperity":
        step.emit(ProsperityPlaced(seat=seat, chip=move.chip, onto=move.onto))
    elif chip.kind == "embalming":
        step.emit(PotEmbalmed(seat=seat, chip=move.chip, cards=refs(s.pots[seat])))
    elif chip.kind == "villainy":
        points = len(s.pots[seat])
        step.emit(
            VillainyScored(
                seat=seat,
                chip=move.chip,
                points=points,
                score_from=s.scores[seat],
                score_to=s.scores[seat] + points,
            )
        )
    end_turn(step, flood=chip.kind == "flood")


def _explain(
    state: SobekState, seat: int, move: ChooseEvent, legal: list[tuple[int | None, int | None]]
) -> None:
    """Raise the IllegalMove that names why (target, onto) is not allowed."""
    kind = CHIPS[move.chip].kind
    if kind in ("kollegium", "curse"):
        need(move.onto is None, "no_set_needed", "this chip goes on no set")
        if legal[0][0] is not None:
            need(move.target is not None, "target_required", "choose an opponent")
        need(
            move.target is None or move.target in opponents(state, seat),
            "invalid_target",
            "choose an opponent",
        )
        need(False, "opponent_below_zero", "that opponent cannot move back that far")
    if kind == "prosperity":
        need(move.target is None, "no_target_needed", "this chip has no target")
        if legal[0][1] is not None:
            need(move.onto is not None, "target_required", "choose one of your sets")
        need(False, "not_prosperity_set", "Prosperity goes on a fish, cattle or wheat set")
    need(False, "no_target_needed", "this chip has no target")
