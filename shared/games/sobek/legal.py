"""legal_moves: every move a seat may make now (identical cards are offered once)."""

from __future__ import annotations

from shared.games.sobek import characters, chips
from shared.games.sobek.components import CARDS, CHIPS, GOODS, RULES
from shared.games.sobek.flow import to_act
from shared.games.sobek.moves import (
    ChooseEvent,
    ChooseStartPlayer,
    DiscardCard,
    FinishLaying,
    LaySet,
    LaySidewaysSet,
    PlayCourtesan,
    PlayHighPriest,
    PlayMerchant,
    PlayQueen,
    PlayScribe,
    PlayThief,
    PlayVizier,
    TakeBribe,
    TakeCard,
)
from shared.games.sobek.sets import choices, fits
from shared.games.sobek.state import SobekState


def distinct(cards: tuple[int, ...]) -> list[int]:
    """One card per (face, back): cards that look alike from both sides."""
    seen: dict[tuple[str, str], int] = {}
    for c in sorted(cards):
        seen.setdefault((CARDS[c].face, CARDS[c].back), c)
    return list(seen.values())


def legal_moves(state: SobekState, seat: int) -> list:
    """Every move of that seat now; empty when it need not act."""
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == "choose_start":
        return [ChooseStartPlayer(seat=s) for s in range(state.seats)]
    if phase == "turn":
        return _turn(state, seat)
    if phase == "choose_event":
        kinds: dict[tuple[str, str | None], int] = {}
        for c in sorted(state.chips):
            kinds.setdefault((CHIPS[c].kind, CHIPS[c].symbol), c)
        return [
            ChooseEvent(chip=c, target=t, onto=o)
            for c in kinds.values()
            for t, o in chips.targets(state, seat, c)
        ]
    if phase == "vizier":
        return [TakeBribe(card=c) for c in distinct(state.pots[state.vizier_victim or 0])]
    if phase == "scribe":
        return [DiscardCard(card=c) for c in distinct(state.hands[seat])]
    if phase == "sideways":
        hand = state.hands[seat]
        sets = [LaySidewaysSet(cards=cs) for _, cs in choices(hand, RULES.min_set, len(hand))]
        return [*sets, FinishLaying()]
    return []


def _turn(state: SobekState, seat: int) -> list:
    hand = state.hands[seat]
    moves: list = [TakeCard(position=i) for i in range(min(RULES.available, len(state.row)))]
    mine = state.sets[seat]
    for goods, cards in choices(hand, RULES.min_set, len(hand)):
        moves.append(LaySet(cards=cards))
        moves.extend(
            LaySet(cards=cards, onto=i)
            for i, laid in enumerate(mine)
            if not laid.sideways and fits(laid, goods)
        )
    for c in sorted(c for c in hand if CARDS[c].character):
        moves.extend(_plays(state, seat, c, CARDS[c].character or ""))
    return moves


def _plays(state: SobekState, seat: int, c: int, name: str) -> list:
    if name == "queen":
        return [PlayQueen(card=c)]
    if name in ("high_priest", "high_priestess"):
        return [PlayHighPriest(card=c, goods=g) for g in GOODS]
    if name == "vizier":
        return [PlayVizier(card=c, victim=v) for v in characters.vizier_victims(state, seat)] or [
            PlayVizier(card=c)
        ]
    if name == "scribe":
        return [PlayScribe(card=c)]
    if name == "thief":
        return [
            PlayThief(card=c, victim=v, back=b)
            for v in characters.thief_victims(state, seat)
            for b in sorted({CARDS[x].back for x in state.hands[v]})
        ] or [PlayThief(card=c)]
    if name == "courtesan":
        return [
            PlayCourtesan(card=c, onto=i, cards=cs)
            for i, cs in characters.courtesan_options(state, seat, c)
        ] or [PlayCourtesan(card=c)]
    if name == "merchant":
        return [PlayMerchant(card=c, position=i) for i in range(len(state.row))] or [
            PlayMerchant(card=c)
        ]
    return []
