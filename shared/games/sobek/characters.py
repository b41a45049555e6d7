"""The characters' powers (Rules, Die Figuren), played as a whole turn."""

from __future__ import annotations

from shared.games.kit import need
from shared.games.rng import Rng
from shared.games.sobek.components import CARDS, GOODS, RULES
from shared.games.sobek.events import (
    BribesRemoved,
    CardsAdded,
    CardsDrawn,
    CardStolen,
    CardTaken,
    CharacterPlayed,
)
from shared.games.sobek.flow import Step, end_turn, opponents, ref, refs
from shared.games.sobek.moves import (
    PlayCourtesan,
    PlayHighPriest,
    PlayMerchant,
    PlayQueen,
    PlayScribe,
    PlayThief,
    PlayVizier,
)
from shared.games.sobek.rounds import after_take
from shared.games.sobek.sets import MIXED, choices, fits, goods_of
from shared.games.sobek.state import SobekState

Play = (
    PlayQueen | PlayHighPriest | PlayVizier | PlayScribe | PlayThief | PlayCourtesan | PlayMerchant
)
"""Every move that plays a character for its power."""

# Which character each Play move needs; both priests share one power.
NEEDS: dict[type, tuple[str, ...]] = {
    PlayQueen: ("queen",),
    PlayHighPriest: ("high_priest", "high_priestess"),
    PlayVizier: ("vizier",),
    PlayScribe: ("scribe",),
    PlayThief: ("thief",),
    PlayCourtesan: ("courtesan",),
    PlayMerchant: ("merchant",),
}


def check_card(state: SobekState, seat: int, move: Play) -> str:
    """The played card must be in hand and be the right character; returns its name."""
    need(move.card in state.hands[seat], "card_not_in_hand", "that card is not in your hand")
    name = CARDS[move.card].character or ""
    need(name in NEEDS[type(move)], "wrong_character", "that card is not this character")
    return name


def thief_victims(state: SobekState, seat: int) -> list[int]:
    """Opponents with a card in hand."""
    return [o for o in opponents(state, seat) if state.hands[o]]


def vizier_victims(state: SobekState, seat: int) -> list[int]:
    """Opponents with a card under their pot."""
    return [o for o in opponents(state, seat) if state.pots[o]]


def courtesan_options(
    state: SobekState, seat: int, courtesan: int
) -> list[tuple[int, tuple[int, ...]]]:
    """Every (set, 1 or 2 hand cards) the Courtesan may add (identical cards given once)."""
    hand = tuple(c for c in state.hands[seat] if c != courtesan)
    options = []
    for goods, cards in choices(hand, 1, RULES.courtesan_max):
        for i, laid in enumerate(state.sets[seat]):
            if not laid.sideways and fits(laid, goods):
                options.append((i, cards))
    return options


def play(step: Step, seat: int, move: Play, rng: Rng) -> None:
    """Validate and resolve one Play move."""
    s = step.state
    name = check_card(s, seat, move)
    if isinstance(move, PlayQueen):
        step.emit(CharacterPlayed(seat=seat, card=move.card, character=name))
        # Rules, Königin: 3 cards face down from the pile; the last delivery is 3 short.
        drawn = s.pile[: RULES.queen_draws]
        if drawn:
            step.emit(CardsDrawn(seat=seat, cards=refs(drawn)))
        end_turn(step)
    elif isinstance(move, PlayHighPriest):
        need(move.goods in GOODS, "unknown_goods", "no such goods type")
        # Rules, Hohepriester: a type's character goes too, amulets stay.
        gone = tuple(c for c in s.pots[seat] if CARDS[c].goods == move.goods)
        step.emit(CharacterPlayed(seat=seat, card=move.card, character=name))
        if gone:
            step.emit(
                BribesRemoved(seat=seat, goods=move.goods, cards=refs(gone), shown=s.is_async)
            )
        end_turn(step)
    elif isinstance(move, PlayVizier):
        _vizier(step, seat, move, name)
    elif isinstance(move, PlayScribe):
        step.emit(CharacterPlayed(seat=seat, card=move.card, character=name))
        if not any(len(s.hands[o]) > RULES.scribe_limit for o in opponents(s, seat)):
            end_turn(step)
    elif isinstance(move, PlayThief):
        _thief(step, seat, move, name, rng)
    elif isinstance(move, PlayCourtesan):
        _courtesan(step, seat, move, name)
    elif isinstance(move, PlayMerchant):
        _merchant(step, seat, move, name, rng)


def _vizier(step: Step, seat: int, move: PlayVizier, name: str) -> None:
    s = step.state
    victims = vizier_victims(s, seat)
    if victims:
        need(move.victim is not None, "target_required", "choose whose pot to look through")
        need(move.victim in opponents(s, seat), "invalid_target", "choose an opponent")
        need(move.victim in victims, "empty_pot", "that pot holds no card")
    else:
        need(move.victim is None, "empty_pot", "no opponent's pot holds a card")
    step.emit(CharacterPlayed(seat=seat, card=move.card, character=name, target=move.victim))
    if move.victim is None:
        end_turn(step)


def _thief(step: Step, seat: int, move: PlayThief, name: str, rng: Rng) -> None:
    s = step.state
    victims = thief_victims(s, seat)
    if not victims:
        need(move.victim is None and move.back is None, "empty_hand", "no opponent holds a card")
        step.emit(CharacterPlayed(seat=seat, card=move.card, character=name))
        end_turn(step)
        return
    need(move.victim is not None, "target_required", "choose whom to rob")
    need(move.victim in opponents(s, seat), "invalid_target", "choose an opponent")
    need(move.victim in victims, "empty_hand", "that hand is empty")
    victim = move.victim
    assert victim is not None
    # Rules, Dieb: the thief sees only the backs, so picks a back; the card is random.
    same = sorted(c for c in s.hands[victim] if CARDS[c].back == move.back)
    need(bool(same), "no_card_with_back", "no card with that back in that hand")
    taken = rng.choice(same)
    step.emit(CharacterPlayed(seat=seat, card=move.card, character=name, target=victim))
    step.emit(CardStolen(seat=seat, victim=victim, card=ref(taken)))
    end_turn(step)


def _courtesan(step: Step, seat: int, move: PlayCourtesan, name: str) -> None:
    s = step.state
    if not courtesan_options(s, seat, move.card):
        need(move.onto is None and not move.cards, "nothing_fits", "no hand card fits a set")
        step.emit(CharacterPlayed(seat=seat, card=move.card, character=name))
        end_turn(step)
        return
    need(move.onto is not None, "target_required", "choose a set to add to")
    onto = move.onto
    assert onto is not None
    need(
        0 <= onto < len(s.sets[seat]) and not s.sets[seat][onto].sideways,
        "no_such_set",
        "no such set",
    )
    need(
        1 <= len(move.cards) <= RULES.courtesan_max,
        "courtesan_one_or_two",
        "add 1 or 2 cards",
    )
    hand = [c for c in s.hands[seat] if c != move.card]
    need(len(set(move.cards)) == len(move.cards), "duplicate_card", "a card is named twice")
    need(all(c in hand for c in move.cards), "card_not_in_hand", "a card is not in your hand")
    goods = goods_of(move.cards)
    need(goods != MIXED, "mixed_goods", "the cards are of different goods")
    need(fits(s.sets[seat][onto], goods), "goods_mismatch", "the cards do not fit that set")
    step.emit(CharacterPlayed(seat=seat, card=move.card, character=name))
    step.emit(CardsAdded(seat=seat, onto=onto, cards=move.cards))
    end_turn(step)


def _merchant(step: Step, seat: int, move: PlayMerchant, name: str, rng: Rng) -> None:
    s = step.state
    if not s.row:
        need(move.position is None, "quays_empty", "no card lies on the quays")
        step.emit(CharacterPlayed(seat=seat, card=move.card, character=name))
        end_turn(step)
        return
    need(
        move.position is not None and 0 <= move.position < len(s.row),
        "not_on_quays",
        "no card lies there",
    )
    position = move.position
    assert position is not None
    step.emit(CharacterPlayed(seat=seat, card=move.card, character=name))
    # Rules, Händler: any quay card, no bribe, the cards before it stay.
    step.emit(
        CardTaken(
            seat=seat,
            position=position,
            card=ref(s.row[position]),
            merchant=True,
            shown=s.is_async,
        )
    )
    after_take(step, rng)
