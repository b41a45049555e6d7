"""Turn flow: spending action points, the start of a turn, and the ends of the game."""

from __future__ import annotations

from shared.games.herazeus.components import FIGURE, N
from shared.games.herazeus.events import (
    ActionTaken,
    CardDiscarded,
    FieldCardLost,
    GameWon,
    TurnBegan,
)
from shared.games.herazeus.events import HeraZeusEvent as E
from shared.games.herazeus.legal import can_act
from shared.games.herazeus.state import HeraZeusState
from shared.games.kit import Step

HZStep = Step[HeraZeusState, E]

# Why a game ended (GameWon.reason): RULES, Ending the Game and the Winner, in its order.
STUCK = "cannot_spend_action_points"
EMPTY_FIELD = "empty_field"
HOSTAGE_CHALLENGED = "hostage_challenged"
HOSTAGE_PICKED = "hostage_picked"
PANDORA_PICKED_HOSTAGE = "pandora_picked_with_hostage"
PANDORA_HOSTAGE = "pandora_column_with_hostage"
REASONS = (
    STUCK,
    EMPTY_FIELD,
    HOSTAGE_CHALLENGED,
    HOSTAGE_PICKED,
    PANDORA_PICKED_HOSTAGE,
    PANDORA_HOSTAGE,
)


def win(step: HZStep, winner: int, reason: str) -> None:
    """The game ends with that winner."""
    step.emit(GameWon(winner=winner, reason=reason))


def spend(step: HZStep, seat: int, action: str) -> None:
    """One action point is spent on the named action."""
    s = step.state
    step.emit(ActionTaken(seat=seat, action=action, ap_total=s.ap_total, ap_left=s.ap_left - 1))


def begin_turn(step: HZStep, seat: int) -> None:
    """A turn begins: empty field loses; AP = columns, or 4 with the own figure in row 1."""
    s = step.state
    if not s.field_cards(seat):
        win(step, 1 - seat, EMPTY_FIELD)
        return
    ap = N.figure_ap if s.has_figure(seat) else s.columns_in_use(seat)
    step.emit(TurnBegan(seat=seat, turn=s.turns[seat] + 1, ap=ap))
    if not can_act(step.state, seat):
        win(step, 1 - seat, STUCK)


def after_action(step: HZStep, seat: int) -> None:
    """After an action: the turn goes on, passes (all AP spent), or is lost (none possible)."""
    s = step.state
    if s.phase != "turn":
        return
    if s.ap_left > 0:
        if not can_act(s, seat):
            win(step, 1 - seat, STUCK)
        return
    begin_turn(step, 1 - seat)


def lose_front(step: HZStep, seat: int, col: int) -> None:
    """The row-1 card of a column goes to its owner's discard pile; the column closes up."""
    front = step.state.front(seat, col)
    assert front is not None and front != FIGURE
    step.emit(FieldCardLost(seat=seat, column=col, position=0, card=front))


def settle_order(step: HZStep) -> None:
    """A single card still waiting for its place needs no choice: it goes onto the pile."""
    for seat in (0, 1):
        pending = step.state.pending[seat]
        if len(pending) == 1:
            step.emit(CardDiscarded(seat=seat, card=pending[0]))
