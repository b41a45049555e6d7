"""The scratch state decide works on, and who must act now."""

from __future__ import annotations

from shared.games import kit
from shared.games.contract import GameEvent
from shared.games.sobek.components import CARDS, RULES
from shared.games.sobek.events import CardRef, TurnBegan
from shared.games.sobek.state import SobekState

Step = kit.Step[SobekState, GameEvent]
"""decide's working copy (the game kit's): the state so far and the events emitted so far."""


def ref(card_id: int) -> CardRef:
    """A full reference to a card."""
    return CardRef(back=CARDS[card_id].back, id=card_id)


def refs(cards: tuple[int, ...]) -> tuple[CardRef, ...]:
    """Full references to cards."""
    return tuple(ref(c) for c in cards)


def to_act(state: SobekState) -> list[int]:
    """The seats that must decide now (several at once for the Scribe and at round end)."""
    phase = state.phase
    if phase in ("turn", "choose_event", "vizier"):
        return [state.active]
    if phase == "choose_start":
        return [state.chooser] if state.chooser is not None else []
    if phase == "scribe":
        # Rules, Schreiber: every other player reduces the hand to 6, all at once.
        return [
            s
            for s in range(state.seats)
            if s != state.active and len(state.hands[s]) > RULES.scribe_limit
        ]
    if phase == "sideways":
        # Rules, Ende der Runde: whoever could still hold a set of 3 may lay it sideways.
        return [
            s
            for s in range(state.seats)
            if not state.laying_done[s] and len(state.hands[s]) >= RULES.min_set
        ]
    return []


def end_turn(step: Step, flood: bool = False) -> None:
    """The turn passes to the left, or (Flood) the same player takes another full turn."""
    s = step.state
    seat = s.active if flood else s.next_seat(s.active)
    step.emit(TurnBegan(seat=seat, flood=flood))


def opponents(state: SobekState, seat: int) -> list[int]:
    """Every other seat."""
    return [o for o in range(state.seats) if o != seat]
