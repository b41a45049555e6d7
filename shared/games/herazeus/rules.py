"""The dispatch table: phase x move type -> (check, do), and the contract functions on it."""

from __future__ import annotations

from typing import Any

from shared.games.herazeus import combat, powers
from shared.games.herazeus import moves as mv
from shared.games.herazeus.components import DECKS, HOSTAGES, N
from shared.games.herazeus.events import CardDrawn, DeckShuffled, HandDealt, HostageShown
from shared.games.herazeus.events import HeraZeusEvent as E
from shared.games.herazeus.evolve import evolve
from shared.games.herazeus.legal import CHECKS, candidates
from shared.games.herazeus.state import HeraZeusState, initial_state
from shared.games.kit import Rules, Step
from shared.games.rng import Rng

S = HeraZeusState

_DO: dict[type[Any], Any] = {
    mv.Draw: powers.do_draw,
    mv.PlayCard: powers.do_play,
    mv.Challenge: combat.do_challenge,
    mv.PlayHeraZeus: powers.do_hera_zeus,
    mv.RemoveFigure: powers.do_remove_figure,
    mv.PegasusHand: combat.do_pegasus_hand,
    mv.PegasusRow: combat.do_pegasus_row,
    mv.PythiaSpy: powers.do_pythia_spy,
    mv.PythiaReveal: powers.do_pythia_reveal,
    mv.PlaySirens: powers.do_sirens,
    mv.PlayHades: powers.do_hades,
    mv.PlayPersephone: powers.do_persephone,
    mv.PlayDionysus: powers.do_dionysus,
}


def _to_act(s: S) -> list[int]:
    if s.phase == "opening":
        return [seat for seat in (0, 1) if not s.opened[seat]]
    if s.phase == "order":
        return [seat for seat in (0, 1) if s.pending[seat]]
    if s.phase in ("turn", "place"):
        return [s.active]
    return []


RULES: Rules[S, mv.HeraZeusMove, E] = Rules(
    evolve=evolve,
    phase=lambda s: s.phase,
    over=lambda s: s.winner is not None,
    to_act=_to_act,
    handlers={
        "opening": {mv.PlaceOpening: (CHECKS[mv.PlaceOpening], powers.do_opening)},
        "turn": {t: (CHECKS[t], do) for t, do in _DO.items()},
        "place": {mv.PlacePicked: (CHECKS[mv.PlacePicked], combat.do_place_picked)},
        "order": {mv.DiscardNext: (CHECKS[mv.DiscardNext], combat.do_discard_next)},
    },
    candidates=candidates,
)
decide, legal_moves, to_act = RULES.decide, RULES.legal_moves, RULES.to_act
random_move = RULES.random_move  # a bot playout's step (BotHooks.random_move)


def setup(seats: int, options: object, rng: Rng) -> list[E]:
    """RULES, Preparation: shuffle, deal 9; a dealt hostage is shown, replaced, shuffled back."""
    step: Step[S, E] = Step(initial_state(seats, options), evolve, rng)
    for seat in (0, 1):
        order = tuple(rng.shuffled(DECKS[seat]))
        step.emit(DeckShuffled(seat=seat, count=len(order), order=order))
        hand = order[: N.hand_size]
        step.emit(HandDealt(seat=seat, count=len(hand), cards=hand))
        if HOSTAGES[seat] in hand:
            step.emit(HostageShown(seat=seat, card=HOSTAGES[seat]))
            step.emit(CardDrawn(seat=seat, card=step.state.decks[seat][0]))
            deck = tuple(rng.shuffled(step.state.decks[seat]))
            step.emit(DeckShuffled(seat=seat, count=len(deck), order=deck))
    return step.events
