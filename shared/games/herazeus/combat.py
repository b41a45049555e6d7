"""Challenges: row 1 against row 1, Medusa, Pythia, Poseidon/Nemesis, Pandora, and Pegasus."""

from __future__ import annotations

from shared.games.herazeus import moves as mv
from shared.games.herazeus.components import FIGURE, HOSTAGES, card, is_type
from shared.games.herazeus.events import (
    BoxOpened,
    CardDiscarded,
    CardPicked,
    CardsRevealed,
    Challenged,
    FigureRemoved,
    HandLost,
    MythPlayed,
    PickedCardLost,
    PickedCardPlaced,
)
from shared.games.herazeus.flow import (
    HOSTAGE_CHALLENGED,
    HOSTAGE_PICKED,
    PANDORA_HOSTAGE,
    PANDORA_PICKED_HOSTAGE,
    HZStep,
    after_action,
    lose_front,
    settle_order,
    spend,
    win,
)
from shared.games.herazeus.legal import place_columns

ATTACKER, DEFENDER, BOTH = "attacker", "defender", "both"


def duel(attacker: int, defender: int) -> str:
    """Who loses a challenge between two cards (neither a hostage, Pandora or Medusa).

    RULES, Pythia: challenged, she always loses; she beats Poseidon and Nemesis.
    assumed: Poseidon and Nemesis beat every other card (Pythia is "the only card that is
    stronger"), so they win against a 7 too and tie only with each other.
    """
    if is_type(defender, "pythia"):
        return DEFENDER
    if is_type(attacker, "pythia") and is_type(defender, "top"):
        return DEFENDER
    if is_type(attacker, "top") != is_type(defender, "top"):
        return DEFENDER if is_type(attacker, "top") else ATTACKER
    a, d = card(attacker).strength or 0, card(defender).strength or 0
    if a == d:
        return BOTH
    return DEFENDER if a > d else ATTACKER


def open_box(step: HZStep, challenger: int, col: int) -> None:
    """RULES, Pandora: every card of that column, on both sides, is lost; hostages decide.

    A figure is not a card: it stays. Unless a hostage ends the game, each player then puts
    his lost cards onto his pile in the order he wants (phase "order", `DiscardNext`).
    """
    lost = tuple(
        tuple(c for c, _ in step.state.column(side, col) if c != FIGURE) for side in (0, 1)
    )
    step.emit(BoxOpened(column=col, lost=lost))
    opponent = 1 - challenger
    theirs = HOSTAGES[opponent] in lost[opponent]
    mine = HOSTAGES[challenger] in lost[challenger]
    if theirs and mine:
        win(step, opponent, PANDORA_HOSTAGE)  # RULES: both hostages, the challenger loses
    elif theirs:
        win(step, challenger, PANDORA_HOSTAGE)
    elif mine:
        win(step, opponent, PANDORA_HOSTAGE)
    else:
        settle_order(step)


def resolve(step: HZStep, seat: int, col: int, attacker: int, defender: int) -> None:
    """The outcome of a row-1 challenge once both cards are face up."""
    opponent = 1 - seat
    if defender == HOSTAGES[opponent]:
        win(step, seat, HOSTAGE_CHALLENGED)
    elif is_type(defender, "pandora"):
        open_box(step, seat, col)
    elif is_type(defender, "medusa"):
        # RULES, Medusa: only Hero or Amazon defeats her; any other challenger is lost.
        lose_front(step, opponent if is_type(attacker, "hero") else seat, col)
    else:
        loser = duel(attacker, defender)
        if loser in (ATTACKER, BOTH):
            lose_front(step, seat, col)
        if loser in (DEFENDER, BOTH):
            lose_front(step, opponent, col)


def do_challenge(step: HZStep, seat: int, m: mv.Challenge) -> None:
    """1 AP: both row-1 cards turn face up and the challenge is resolved."""
    spend(step, seat, "challenge")
    s = step.state
    attacker, defender = s.front(seat, m.column), s.front(1 - seat, m.column)
    assert attacker is not None and defender is not None
    step.emit(Challenged(seat=seat, column=m.column, attacker=attacker, defender=defender))
    resolve(step, seat, m.column, attacker, defender)
    after_action(step, seat)


def do_pegasus_row(step: HZStep, seat: int, m: mv.PegasusRow) -> None:
    """RULES, Pegasus against row 1: the figure leaves; a card turns face up, 0-1 is lost."""
    spend(step, seat, "pegasus_row")
    step.emit(MythPlayed(seat=seat, card=m.card, power="pegasus_row"))
    opponent = 1 - seat
    target = step.state.front(opponent, m.column)
    assert target is not None
    if target == FIGURE:
        step.emit(FigureRemoved(seat=opponent, column=m.column))
    else:
        if not step.state.column(opponent, m.column)[0][1]:
            step.emit(CardsRevealed(seat=opponent, column=m.column, cards=((0, target),)))
        strength = card(target).strength or 0
        if target == HOSTAGES[opponent]:
            win(step, seat, HOSTAGE_CHALLENGED)
        elif is_type(target, "pandora"):
            open_box(step, seat, m.column)
        elif not is_type(target, "medusa") and strength <= 1:
            lose_front(step, opponent, m.column)
    after_action(step, seat)


PICK_DISCARDED = ("medusa", "pythia", "hera_zeus", "sirens", "hades", "persephone", "dionysus")
"""RULES, Pegasus: these picked cards go onto the opponent's discard pile."""


def do_pegasus_hand(step: HZStep, seat: int, m: mv.PegasusHand) -> None:
    """RULES, Pegasus against the hand: one card at random (the table's Rng), then its fate."""
    spend(step, seat, "pegasus_hand")
    step.emit(MythPlayed(seat=seat, card=m.card, power="pegasus_hand"))
    opponent = 1 - seat
    picked = step.rng.choice(step.state.hands[opponent])
    step.emit(CardPicked(seat=seat, victim=opponent, card=picked))
    info = card(picked)
    if picked == HOSTAGES[opponent]:
        win(step, seat, HOSTAGE_PICKED)
        return
    if info.type == "pandora":
        step.emit(PickedCardLost(seat=opponent, card=picked))
        hand = step.state.hands[opponent]
        if hand:
            step.emit(HandLost(seat=opponent, cards=hand))
        if HOSTAGES[opponent] in hand:
            win(step, seat, PANDORA_PICKED_HOSTAGE)
            return
        settle_order(step)
    elif (
        info.type in PICK_DISCARDED
        or (info.strength or 0) < 2
        or not place_columns(step.state, opponent)  # no column may take it: discarded
    ):
        step.emit(PickedCardLost(seat=opponent, card=picked))
    else:
        return  # phase "place": the Pegasus player chooses the column (PlacePicked)
    after_action(step, seat)


def do_place_picked(step: HZStep, seat: int, m: mv.PlacePicked) -> None:
    """The picked card lies face up in row 1 of the chosen opponent column."""
    picked = step.state.placing
    assert picked is not None
    step.emit(PickedCardPlaced(seat=1 - seat, column=m.column, card=picked))
    after_action(step, seat)


def do_discard_next(step: HZStep, seat: int, m: mv.DiscardNext) -> None:
    """After Pandora: one lost card onto the pile; when all lie there, the turn goes on."""
    step.emit(CardDiscarded(seat=seat, card=m.card))
    settle_order(step)
    after_action(step, step.state.active)
