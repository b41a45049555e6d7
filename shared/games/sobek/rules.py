"""decide on the game kit: a move checked and turned into every event up to the next decision."""

from __future__ import annotations

from typing import Any

from shared.contracts.errors import IllegalMove
from shared.games.contract import GameEvent
from shared.games.kit import Rules, need, no_check
from shared.games.sobek import characters, chips
from shared.games.sobek.components import RULES
from shared.games.sobek.events import (
    BribeTaken,
    CardDiscarded,
    CardTaken,
    LayingFinished,
    SetLaid,
    SidewaysSetLaid,
    StartPlayerChosen,
    TurnBegan,
)
from shared.games.sobek.evolve import evolve
from shared.games.sobek.flow import Step, end_turn, ref, refs, to_act
from shared.games.sobek.moves import (
    ChooseEvent,
    ChooseStartPlayer,
    DiscardCard,
    FinishLaying,
    LaySet,
    LaySidewaysSet,
    TakeBribe,
    TakeCard,
)
from shared.games.sobek.rounds import after_take, settle_if_done
from shared.games.sobek.sets import MIXED, fits, goods_of
from shared.games.sobek.state import SobekState

WAITING: dict[str, str] = {
    "choose_start": "start_player_pending",
    "turn": "turn_action_expected",
    "choose_event": "event_choice_pending",
    "vizier": "vizier_choice_pending",
    "scribe": "discard_pending",
    "sideways": "round_end_pending",
}


def _misfit(phase: str, move: object) -> IllegalMove:
    return IllegalMove("that move does not fit this moment", code=WAITING[phase])


def _play(step: Step, seat: int, move: characters.Play) -> None:
    characters.play(step, seat, move, step.rng)


def _finish_laying(step: Step, seat: int, move: FinishLaying) -> None:
    step.emit(LayingFinished(seat=seat))
    settle_if_done(step, step.rng)


def _choose_start(step: Step, seat: int, move: ChooseStartPlayer) -> None:
    need(0 <= move.seat < step.state.seats, "no_such_seat", "no such seat")
    step.emit(StartPlayerChosen(seat=seat, start=move.seat))
    step.emit(TurnBegan(seat=move.seat))


def _take_card(step: Step, seat: int, move: TakeCard) -> None:
    s = step.state
    # Rules, Eine Karte aufnehmen: one of the first 4 cards, counted from field zero.
    need(
        0 <= move.position < min(RULES.available, len(s.row)),
        "not_available",
        "only the first 4 quay cards are available",
    )
    taken = s.row[move.position]
    # Rules, Bestechung: every card skipped goes face down under the taker's pot.
    skipped = s.row[: move.position]
    step.emit(
        CardTaken(
            seat=seat,
            position=move.position,
            card=ref(taken),
            skipped=refs(skipped),
            shown=s.is_async,
        )
    )
    after_take(step, step.rng)


def check_cards(hand: tuple[int, ...], cards: tuple[int, ...], low: int) -> str | None:
    """Validate cards for a set from the hand; returns their goods type (None: amulets)."""
    need(len(set(cards)) == len(cards), "duplicate_card", "a card is named twice")
    need(all(c in hand for c in cards), "card_not_in_hand", "a card is not in your hand")
    need(len(cards) >= low, "set_too_small", "a set needs at least 3 cards")
    goods = goods_of(cards)
    need(goods != MIXED, "mixed_goods", "a set holds one goods type (amulets are wild)")
    return goods


def _lay_set(step: Step, seat: int, move: LaySet) -> None:
    s = step.state
    goods = check_cards(s.hands[seat], move.cards, RULES.min_set)
    if move.onto is not None:
        # Rules, Einen Satz auslegen: at least 3 new cards of the same goods type.
        mine = s.sets[seat]
        need(
            0 <= move.onto < len(mine) and not mine[move.onto].sideways,
            "no_such_set",
            "no such set",
        )
        need(fits(mine[move.onto], goods), "goods_mismatch", "the cards do not fit that set")
        goods = mine[move.onto].goods or goods
    step.emit(SetLaid(seat=seat, cards=move.cards, onto=move.onto, goods=goods))
    if not step.state.chips:
        end_turn(step)


def _take_bribe(step: Step, seat: int, move: TakeBribe) -> None:
    s = step.state
    victim = s.vizier_victim
    assert victim is not None
    need(move.card in s.pots[victim], "not_in_pot", "that card is not in that pot")
    step.emit(BribeTaken(seat=seat, victim=victim, card=ref(move.card)))
    end_turn(step)


def _discard(step: Step, seat: int, move: DiscardCard) -> None:
    need(move.card in step.state.hands[seat], "card_not_in_hand", "that card is not in your hand")
    step.emit(CardDiscarded(seat=seat, card=ref(move.card)))
    if not to_act(step.state):
        end_turn(step)


def _lay_sideways(step: Step, seat: int, move: LaySidewaysSet) -> None:
    goods = check_cards(step.state.hands[seat], move.cards, RULES.min_set)
    step.emit(SidewaysSetLaid(seat=seat, cards=move.cards, goods=goods))
    settle_if_done(step, step.rng)


# Every check runs inside its do (they need the working state), so there are no candidates:
# Sobek's legal_moves generates exactly the legal moves (legal.py).
DISPATCH: Rules[SobekState, Any, GameEvent] = Rules(
    evolve=evolve,
    phase=lambda s: s.phase,
    over=lambda s: s.phase == "over",
    to_act=to_act,
    handlers={
        "choose_start": {ChooseStartPlayer: (no_check, _choose_start)},
        "turn": {
            TakeCard: (no_check, _take_card),
            LaySet: (no_check, _lay_set),
            **{play: (no_check, _play) for play in characters.NEEDS},
        },
        "choose_event": {ChooseEvent: (no_check, chips.choose)},
        "vizier": {TakeBribe: (no_check, _take_bribe)},
        "scribe": {DiscardCard: (no_check, _discard)},
        "sideways": {
            LaySidewaysSet: (no_check, _lay_sideways),
            FinishLaying: (no_check, _finish_laying),
        },
    },
    misfit=_misfit,
)
decide = DISPATCH.decide
