"""The non-challenge actions: opening row, draw, play, the figure and the mythology powers."""

from __future__ import annotations

from shared.games.herazeus import moves as mv
from shared.games.herazeus.components import FIGURE, N, is_type
from shared.games.herazeus.events import (
    ActionTaken,
    CardDrawn,
    CardMoved,
    CardPlayed,
    CardsRevealed,
    CardTaken,
    FigurePlaced,
    FigureRemoved,
    HandCardLost,
    HandShown,
    MythPlayed,
    OpeningPlaced,
)
from shared.games.herazeus.flow import HZStep, after_action, begin_turn, spend
from shared.games.herazeus.legal import pegasus_to_take, sirens_target


def do_opening(step: HZStep, seat: int, m: mv.PlaceOpening) -> None:
    """The first row lies face down; once both have placed, the first player begins."""
    step.emit(OpeningPlaced(seat=seat, count=len(m.cards), cards=m.cards))
    if all(step.state.opened):
        begin_turn(step, step.state.first)


def do_draw(step: HZStep, seat: int, m: mv.Draw) -> None:
    """1 AP: the top card of the deck."""
    spend(step, seat, "draw")
    step.emit(CardDrawn(seat=seat, card=step.state.decks[seat][0]))
    after_action(step, seat)


def do_play(step: HZStep, seat: int, m: mv.PlayCard) -> None:
    """1 AP: a card face down into the column."""
    spend(step, seat, "play")
    step.emit(CardPlayed(seat=seat, column=m.column, position=m.position, card=m.card))
    after_action(step, seat)


def do_hera_zeus(step: HZStep, seat: int, m: mv.PlayHeraZeus) -> None:
    """0 AP: the turn counts as one begun with 4 AP; the figure enters row 1."""
    s = step.state
    used = s.ap_total - s.ap_left
    total = max(N.figure_ap, s.ap_total)
    step.emit(ActionTaken(seat=seat, action="hera_zeus", ap_total=total, ap_left=total - used))
    step.emit(MythPlayed(seat=seat, card=m.card, power="hera_zeus"))
    step.emit(FigurePlaced(seat=seat, column=m.column))
    after_action(step, seat)


def do_remove_figure(step: HZStep, seat: int, m: mv.RemoveFigure) -> None:
    """1 AP: the own figure leaves the field (with the Pegasus under the optional rule)."""
    spend(step, seat, "remove_figure")
    if m.pegasus is not None:
        step.emit(MythPlayed(seat=seat, card=m.pegasus, power="pegasus_own_figure"))
    col = next(c for c in range(N.columns) if step.state.front(seat, c) == FIGURE)
    step.emit(FigureRemoved(seat=seat, column=col))
    after_action(step, seat)


def do_pythia_spy(step: HZStep, seat: int, m: mv.PythiaSpy) -> None:
    """1 AP: the opponent shows his hand; Poseidon and Nemesis there are discarded."""
    spend(step, seat, "pythia_spy")
    step.emit(MythPlayed(seat=seat, card=m.card, power="pythia_spy"))
    opponent = 1 - seat
    hand = step.state.hands[opponent]
    step.emit(HandShown(seat=opponent, to=seat, count=len(hand), cards=hand))
    for c in hand:
        if is_type(c, "top"):
            step.emit(HandCardLost(seat=opponent, card=c))
    after_action(step, seat)


def do_pythia_reveal(step: HZStep, seat: int, m: mv.PythiaReveal) -> None:
    """1 AP: every face-down card of one opponent column turns face up (no other effect)."""
    spend(step, seat, "pythia_reveal")
    step.emit(MythPlayed(seat=seat, card=m.card, power="pythia_reveal"))
    opponent = 1 - seat
    column = step.state.column(opponent, m.column)
    down = tuple((i, c) for i, (c, up) in enumerate(column) if not up)
    if down:
        step.emit(CardsRevealed(seat=opponent, column=m.column, cards=down))
    after_action(step, seat)


def do_sirens(step: HZStep, seat: int, m: mv.PlaySirens) -> None:
    """1 AP: the opponent's top discard (strength 1-7) joins the hand; Sirens is discarded."""
    spend(step, seat, "sirens")
    taken = sirens_target(step.state, seat)
    assert taken is not None
    step.emit(CardTaken(seat=seat, source=1 - seat, card=taken))
    step.emit(MythPlayed(seat=seat, card=m.card, power="sirens"))
    after_action(step, seat)


def do_hades(step: HZStep, seat: int, m: mv.PlayHades) -> None:
    """1 AP: one card of the own discard pile back to the hand; then Hades is discarded."""
    spend(step, seat, "hades")
    step.emit(CardTaken(seat=seat, source=seat, card=m.take))
    step.emit(MythPlayed(seat=seat, card=m.card, power="hades"))
    after_action(step, seat)


def do_persephone(step: HZStep, seat: int, m: mv.PlayPersephone) -> None:
    """1 AP: up to 3 Pegasus from the own discard pile (hand limit kept); then discarded."""
    spend(step, seat, "persephone")
    for c in pegasus_to_take(step.state, seat):
        step.emit(CardTaken(seat=seat, source=seat, card=c))
    step.emit(MythPlayed(seat=seat, card=m.card, power="persephone"))
    after_action(step, seat)


def do_dionysus(step: HZStep, seat: int, m: mv.PlayDionysus) -> None:
    """1 AP: one own field card moves (its face stays as it was)."""
    spend(step, seat, "dionysus")
    step.emit(MythPlayed(seat=seat, card=m.card, power="dionysus"))
    step.emit(
        CardMoved(
            seat=seat,
            column=m.column,
            position=m.position,
            to_column=m.to_column,
            to_position=m.to_position,
        )
    )
    after_action(step, seat)
