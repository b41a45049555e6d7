"""Sobek hidden information: views and redacted events in both online variants."""

from __future__ import annotations

from shared.games.sobek import GAME
from shared.games.sobek.components import CARDS
from shared.games.sobek.events import CardRef, CardTaken, GoodsDelivered, RoundPrepared
from shared.games.sobek.moves import (
    ChooseEvent,
    DiscardCard,
    LaySet,
    PlayQueen,
    PlayScribe,
    PlayThief,
    TakeCard,
)
from shared.games.sobek.state import SobekState
from shared.games.sobek.views import view
from tests.gamekit import start
from tests.rules.test_sobek_kit import arrange, cards, chip, fresh, play

THIEF = cards("thief:cattle")[0]
QUEEN = cards("queen:ivory")[0]
SCRIBE = cards("scribe:fish")[0]
FISH = cards("fish:1")[0]
WHEAT = cards("wheat:1")[0]
FILLER = cards("ivory:3", 3) + cards("ebony:2", 4)


def faces(cards_seen: list | None) -> list[tuple[str | None, str, bool]]:
    """(face, back, uncertain) of remembered cards, sorted."""
    return sorted(((c.face or ""), c.back, c.uncertain) for c in cards_seen or [])


def test_original_view_shows_other_hands_and_pots_as_counts_and_backs_only() -> None:
    state = fresh(3)
    state = arrange(state, pots={0: cards("fish:1", 2), 1: cards("wheat:1", 1)})
    mine = view(state, 0)
    assert [c.id for c in mine.players[0].hand or []] == list(state.hands[0])
    assert [c.id for c in mine.players[0].pot or []] == list(state.pots[0])
    other = mine.players[1]
    assert other.hand is None and other.pot is None
    assert (other.hand_count, other.hand_backs) == (2, {"green": 2})
    assert (other.pot_count, other.pot_backs) == (1, {"beige": 1})


def test_characters_lie_face_down_on_the_quays_for_everybody() -> None:
    state = fresh(3)
    state = arrange(state, row=(QUEEN, *state.row[1:]))
    for seat in (0, 1, 2, None):
        first = view(state, seat).quays[0]
        assert (first.back, first.id, first.face) == ("orange", None, None)


def test_round_prepared_shows_only_ones_own_green_cards() -> None:
    _, events = start(GAME, 3, {}, seed=4)
    prepared = events[0]
    assert isinstance(prepared, RoundPrepared)
    seen = GAME.redact(prepared, 1)
    assert isinstance(seen, RoundPrepared)
    assert seen.hands[1] == prepared.hands[1]
    assert all(r.id is None for p in (0, 2) for r in seen.hands[p])
    assert seen.pile == () and seen.pile_size == 54
    assert all(c is None for c in seen.chips) and len(seen.chips) == 5
    assert all(r.id is None for r in seen.set_aside)
    spectator = GAME.redact(prepared, None)
    assert isinstance(spectator, RoundPrepared)
    assert all(r.id is None for hand in spectator.hands for r in hand)


def test_delivery_hides_characters_from_everybody() -> None:
    event = GoodsDelivered(
        delivery=2, row=(CardRef(back="orange", id=QUEEN), CardRef(back="beige", id=FISH))
    )
    seen = GAME.redact(event, 0)
    assert seen == GoodsDelivered(
        delivery=2, row=(CardRef(back="orange"), CardRef(back="beige", id=FISH))
    )


def test_original_card_taken_shows_only_backs_to_the_others() -> None:
    taken = CardTaken(
        seat=1,
        position=1,
        card=CardRef(back="beige", id=WHEAT),
        skipped=(CardRef(back="orange", id=QUEEN),),
    )
    assert GAME.redact(taken, 1) == taken
    hidden = GAME.redact(taken, 0)
    assert hidden == CardTaken(
        seat=1, position=1, card=CardRef(back="beige"), skipped=(CardRef(back="orange"),)
    )


def test_async_card_taken_shows_face_up_cards_but_not_characters() -> None:
    taken = CardTaken(
        seat=1,
        position=1,
        card=CardRef(back="beige", id=WHEAT),
        skipped=(CardRef(back="orange", id=QUEEN),),
        shown=True,
    )
    assert GAME.redact(taken, 2) == CardTaken(
        seat=1,
        position=1,
        card=CardRef(back="beige", id=WHEAT),
        skipped=(CardRef(back="orange"),),
        shown=True,
    )


def thief_game() -> SobekState:
    """Async, 3 players: seat 1 holds fish and wheat taken face up; seat 0 holds the Thief."""
    state = fresh(3, variant="async")
    row = (THIEF, FISH, FILLER[0], FILLER[3], WHEAT, FILLER[4], FILLER[1], FILLER[5], FILLER[6])
    state = arrange(state, row=row, active=0)
    for seat in (0, 1, 2, 0, 1, 2):
        state, _ = play(state, seat, TakeCard(position=0))
    return state


def test_async_shows_cards_taken_face_up_and_hides_characters_taken() -> None:
    state = thief_game()
    seen = view(state, 2)
    assert faces(seen.players[1].hand) == [
        ("", "green", False),
        ("", "green", False),
        ("fish:1", "beige", False),
        ("wheat:1", "beige", False),
    ]
    # Seat 0 took the Thief face down: the others see an orange back only.
    assert ("", "orange", False) in faces(seen.players[0].hand)
    original = thief_game_original()
    assert view(original, 2).players[1].hand is None


def thief_game_original() -> SobekState:
    state = fresh(3, variant="original")
    row = (THIEF, FISH, FILLER[0], FILLER[3], WHEAT, FILLER[4], FILLER[1], FILLER[5], FILLER[6])
    state = arrange(state, row=row, active=0)
    for seat in (0, 1, 2, 0, 1, 2):
        state, _ = play(state, seat, TakeCard(position=0))
    return state


def test_async_thief_taking_one_of_two_beige_cards_fades_both_candidates() -> None:
    # Rules, second variant: when the moved card cannot be told, all cards with its back
    # are shown faded, in both displays, which then hold more cards than there are.
    state = thief_game()
    state, events = play(state, 0, PlayThief(card=THIEF, victim=1, back="beige"))
    stolen = events[1].card.id  # type: ignore[attr-defined]
    bystander = view(state, 2)
    assert faces(bystander.players[1].hand) == [
        ("", "green", False),
        ("", "green", False),
        ("fish:1", "beige", True),
        ("wheat:1", "beige", True),
    ]
    assert ("fish:1", "beige", True) in faces(bystander.players[0].hand)
    assert ("wheat:1", "beige", True) in faces(bystander.players[0].hand)
    assert bystander.players[1].hand_count == 3
    # The victim knows which card went; the thief sees it after taking.
    left = WHEAT if stolen == FISH else FISH
    victim = view(state, 1)
    assert (CARDS[stolen].face, "beige", False) in faces(victim.players[0].hand)
    thief = view(state, 0)
    assert ("", "beige", False) not in faces(thief.players[1].hand)
    assert (CARDS[left].face, "beige", False) in faces(thief.players[1].hand)
    assert (CARDS[stolen].face, "beige", False) not in faces(thief.players[1].hand)


def test_async_thief_taking_the_only_green_card_kind_is_certain() -> None:
    state = thief_game()
    state, _ = play(state, 0, PlayThief(card=THIEF, victim=1, back="green"))
    bystander = view(state, 2)
    # Both green cards are unknown to the bystander, so one unknown green moved: no fading.
    assert faces(bystander.players[1].hand) == [
        ("", "green", False),
        ("fish:1", "beige", False),
        ("wheat:1", "beige", False),
    ]
    assert ("", "green", False) in faces(bystander.players[0].hand)


def test_async_scribe_discards_fade_the_candidates_in_hand_and_pot() -> None:
    state = fresh(3, variant="async")
    taken = (FISH, WHEAT, *FILLER[:3], *cards("marble:2", 2))
    row = (SCRIBE, *taken[:8])
    state = arrange(state, row=row, active=0)
    state, _ = play(state, 0, TakeCard(position=0))  # seat 0: the Scribe (face down)
    state = arrange(state, active=1, row=taken, pile=state.pile)
    for _ in range(7):
        state, _ = play(state, 1, TakeCard(position=0))
        state = arrange(state, active=1)
    assert len(state.hands[1]) == 9
    state = arrange(state, active=0)
    state, _ = play(state, 0, PlayScribe(card=SCRIBE))
    assert GAME.to_act(state) == [1]
    state, _ = play(state, 1, DiscardCard(card=FISH))
    state, _ = play(state, 1, DiscardCard(card=WHEAT))
    state, _ = play(state, 1, DiscardCard(card=FILLER[0]))
    seen = view(state, 2).players[1]
    assert seen.hand_count == 6 and seen.pot_count == 3
    assert all(c.uncertain for c in seen.pot or [])
    assert all(c.uncertain for c in seen.hand or [] if c.back == "beige")
    assert len(seen.hand or []) > seen.hand_count


def test_async_pile_display_keeps_queen_draws_and_removed_cards_but_counts_true_characters() -> (
    None
):
    state = fresh(2, variant="async")
    seen = view(state, 0)
    delivered_goods = sum(1 for c in state.row if CARDS[c].character is None)
    # 45 beige goods, minus the ones seen on the quays; the 9 removed cards stay listed.
    assert len(seen.pile_goods or []) == 45 - delivered_goods
    assert seen.pile_characters == sum(1 for c in state.pile if CARDS[c].character)
    assert all(c.id is None for c in seen.pile_goods or [])
    state = arrange(state, row=(QUEEN, *state.row[1:]), active=0)
    state, _ = play(state, 0, TakeCard(position=0))
    state = arrange(state, active=0, pile=(cards("scribe:wheat")[0], *state.pile[1:]))
    before = view(state, 1)
    state, _ = play(state, 0, PlayQueen(card=QUEEN))
    after = view(state, 1)
    assert after.pile_count == before.pile_count - 3
    assert len(after.pile_goods or []) == len(before.pile_goods or [])
    assert after.pile_characters == (before.pile_characters or 0) - 1
    assert view(fresh(2), 0).pile_goods is None


def test_async_chips_stay_visible_to_a_player_who_chose_one() -> None:
    state = fresh(3, variant="async")
    fish = cards("fish:1", 3)
    state = arrange(state, active=0, chips=(chip("villainy"), chip("flood"), chip("curse")))
    state = arrange(state, hands={0: fish})
    state, _ = play(state, 0, LaySet(cards=fish))
    state, _ = play(state, 0, ChooseEvent(chip=chip("villainy")))
    assert [c.kind for c in view(state, 0).chips or []] == ["flood", "curse"]
    assert view(state, 1).chips is None


def test_async_card_laid_face_up_drops_a_sure_unknown_before_a_faded_copy_of_its_face() -> None:
    # Property-test failure (2 seats, seed 129934), reduced: seat 0 holds unknown beige cards
    # (Queen draws) when its Thief takes one of seat 1's fish:1 and wheat:1, so a faded
    # wheat:1 copy joins seat 0's hand. Seat 0 then lays a drawn wheat:1 face up. Dropping the
    # faded copy for it kept every unknown card certain, so once the stolen fish:1 was laid
    # too, the bystander was shown a certain beige card seat 0 no longer held.
    wheat = (*cards("wheat:1", 2, skip=1), *cards("wheat:0", 1, back="beige"))
    mine = cards("fish:1", skip=1) + cards("fish:0", back="beige")
    filler = cards("ebony:2", 4)
    state = fresh(3, variant="async")
    row = (QUEEN, FISH, filler[0], THIEF, WHEAT, filler[1], *mine, filler[2])
    state = arrange(state, row=row, pile=(*wheat, filler[3]), active=0, chips=())
    for seat in (0, 1, 2, 0, 1, 2):
        state, _ = play(state, seat, TakeCard(position=0))
    for _ in mine:  # face up: seat 0 takes fish:1 and fish:0
        state, _ = play(arrange(state, active=0), 0, TakeCard(position=0))
    state, _ = play(arrange(state, active=0), 0, PlayQueen(card=QUEEN))
    thief = PlayThief(card=THIEF, victim=1, back="beige")
    state, events = play(arrange(state, active=0), 0, thief, seed=1)
    assert events[1].card.id == FISH  # type: ignore[attr-defined]
    assert ("wheat:1", "beige", True) in faces(view(state, 2).players[0].hand)

    state, _ = play(arrange(state, active=0), 0, LaySet(cards=wheat))
    state, _ = play(arrange(state, active=0), 0, LaySet(cards=(FISH, *mine)))
    assert [CARDS[c].back for c in state.hands[0]] == ["green", "green"]
    # The laid wheat:1 may have been the faded copy, so that copy lives on as a faded unknown.
    assert faces(view(state, 2).players[0].hand) == [
        ("", "beige", True),
        ("", "green", False),
        ("", "green", False),
    ]
