"""Sobek properties over random legal games: both variants, 2 to 4 players."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.contracts.errors import IllegalMove
from shared.games.rng import Rng
from shared.games.sobek import GAME
from shared.games.sobek.components import CARD_COUNT, CARDS
from shared.games.sobek.events import (
    BriberyPenalty,
    KollegiumMoved,
    RoundPrepared,
    RoundScored,
    VillainyScored,
)
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
from shared.games.sobek.state import SobekState, zone
from shared.games.sobek.views import view
from tests.gamekit import play_random, start

SEATS = st.sampled_from([2, 3, 4])
VARIANTS = st.sampled_from(["original", "async"])
SEEDS = st.integers(0, 2**20)


def locations(state: SobekState) -> list[int]:
    """Every card id in every zone."""
    found = [*state.pile, *state.row, *state.played, *state.out]
    for p in range(state.seats):
        found += [*state.hands[p], *state.pots[p]]
        for laid in state.sets[p]:
            found += list(laid.cards)
    return found


def card_ids(obj: Any) -> set[int]:
    """Card ids named anywhere in a view or event (CardRef arrays and card dicts)."""
    found: set[int] = set()

    def walk(o: Any) -> None:
        if isinstance(o, dict):
            if isinstance(o.get("id"), int) and "back" in o:
                found.add(o["id"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            if len(o) == 2 and o[0] in ("beige", "green", "orange") and isinstance(o[1], int):
                found.add(o[1])
            for v in o:
                walk(v)

    walk(msgspec.to_builtins(obj))
    return found


def score_deltas(events: list) -> list[int]:
    """Each seat's score from the scoring events alone."""
    n = next(len(e.hands) for e in events if isinstance(e, RoundPrepared))
    scores = [0] * n
    for e in events:
        if isinstance(e, RoundScored):
            scores = [s + p for s, p in zip(scores, e.points, strict=True)]
        elif isinstance(e, VillainyScored):
            scores[e.seat] += e.points
        elif isinstance(e, KollegiumMoved):
            scores[e.seat] += e.score_to - e.score_from
            if e.target is not None:
                scores[e.target] += (e.target_to or 0) - (e.target_from or 0)
        elif isinstance(e, BriberyPenalty):
            scores[e.seat] += e.score_to - e.score_from
    return scores


def walk_game(seats: int, variant: str, seed: int, on_step: Any) -> SobekState:
    """Play random legal moves, calling on_step(state, seat, events) after each move."""
    state, events = start(GAME, seats, {"variant": variant}, seed)
    on_step(None, state, -1, events)
    bots = Rng(seed + 1)
    step = 0
    while GAME.result(state) is None:
        seat = bots.choice(list(GAME.to_act(state)))
        move = bots.choice(list(GAME.legal_moves(state, seat)))
        before = state
        new = list(GAME.decide(state, seat, move, Rng(seed * 7919 + step)))
        for event in new:
            state = GAME.evolve(state, event)
        on_step(before, state, seat, new)
        step += 1
        assert step < 5000
    return state


@settings(max_examples=30, deadline=None)
@given(seats=SEATS, variant=VARIANTS, seed=SEEDS)
def test_random_games_end_with_every_card_in_one_place_and_scores_from_events(
    seats: int, variant: str, seed: int
) -> None:
    played = play_random(GAME, seats, {"variant": variant}, seed=seed)
    state = GAME.fold(seats, GAME.convert_options({"variant": variant}), [])
    for event in played.events:
        state = GAME.evolve(state, event)
        assert sorted(locations(state)) == list(range(CARD_COUNT))
        assert min(state.scores) >= 0
    assert state == played.state  # rebuild from events equals the live state
    assert list(state.scores) == score_deltas(played.events)
    result = GAME.result(state)
    assert result is not None and result.winners
    assert all(result.scores[w] == max(result.scores) for w in result.winners)
    assert 2 <= state.round <= 3


@settings(max_examples=6, deadline=None)
@given(seats=SEATS, variant=VARIANTS, seed=SEEDS)
def test_legal_moves_never_offer_a_move_decide_rejects(seats: int, variant: str, seed: int) -> None:
    def check(before: SobekState | None, state: SobekState, seat: int, events: list) -> None:
        for actor in GAME.to_act(state):
            for move in GAME.legal_moves(state, actor):
                assert GAME.decide(state, actor, move, Rng(0))
        for other in set(range(seats)) - set(GAME.to_act(state)):
            assert GAME.legal_moves(state, other) == []

    walk_game(seats, variant, seed, check)


def any_move(seats: int) -> st.SearchStrategy:
    """Arbitrary moves, mostly illegal."""
    card = st.integers(-1, CARD_COUNT)
    seat = st.one_of(st.none(), st.integers(-1, seats))
    cards = st.lists(card, max_size=5).map(tuple)
    return st.one_of(
        st.builds(TakeCard, position=st.integers(-1, 9)),
        st.builds(LaySet, cards=cards, onto=st.one_of(st.none(), st.integers(-1, 3))),
        st.builds(PlayQueen, card=card),
        st.builds(PlayHighPriest, card=card, goods=st.sampled_from(["fish", "gold"])),
        st.builds(PlayVizier, card=card, victim=seat),
        st.builds(PlayScribe, card=card),
        st.builds(
            PlayThief, card=card, victim=seat, back=st.sampled_from([None, "beige", "green"])
        ),
        st.builds(
            PlayCourtesan, card=card, onto=st.one_of(st.none(), st.integers(-1, 2)), cards=cards
        ),
        st.builds(PlayMerchant, card=card, position=st.one_of(st.none(), st.integers(-1, 9))),
        st.builds(ChooseEvent, chip=st.integers(-1, 12), target=seat),
        st.builds(TakeBribe, card=card),
        st.builds(DiscardCard, card=card),
        st.builds(LaySidewaysSet, cards=cards),
        st.just(FinishLaying()),
        st.builds(ChooseStartPlayer, seat=st.integers(-1, seats)),
    )


@settings(max_examples=40, deadline=None)
@given(data=st.data(), seats=SEATS, seed=SEEDS, steps=st.integers(0, 150))
def test_arbitrary_moves_are_rejected_with_a_code_or_keep_the_game_sound(
    data: st.DataObject, seats: int, seed: int, steps: int
) -> None:
    state, _ = start(GAME, seats, {}, seed)
    bots = Rng(seed)
    for i in range(steps):  # reach a random position by legal play
        if GAME.result(state) is not None:
            break
        seat = bots.choice(list(GAME.to_act(state)))
        for event in GAME.decide(state, seat, bots.choice(GAME.legal_moves(state, seat)), Rng(i)):
            state = GAME.evolve(state, event)
    seat = data.draw(st.integers(0, seats - 1))
    move = data.draw(any_move(seats))
    before = state
    try:
        events = list(GAME.decide(state, seat, move, Rng(1)))
    except IllegalMove as exc:
        assert exc.code and exc.code != "illegal_move"
        if GAME.result(state) is not None:
            assert exc.code == "game_over"
        elif seat not in GAME.to_act(state):
            assert exc.code == "not_your_turn"
        return
    assert state == before and events
    assert seat in GAME.to_act(state)
    for event in events:
        state = GAME.evolve(state, event)
    assert sorted(locations(state)) == list(range(CARD_COUNT))


@settings(max_examples=12, deadline=None)
@given(seats=SEATS, seed=SEEDS)
def test_original_variant_never_shows_another_players_hand_pot_or_the_pile_order(
    seats: int, seed: int
) -> None:
    held: list[set[int]] = [set() for _ in range(seats)]

    def secrets(state: SobekState, seat: int) -> set[int]:
        hidden = set(state.pile)
        for p in range(seats):
            if p != seat:
                hidden |= set(state.hands[p]) | set(state.pots[p])
        return hidden - held[seat]  # a card one held oneself (stolen, taken) is known

    def check(before: SobekState | None, state: SobekState, actor: int, events: list) -> None:
        for seat in range(seats):
            if any(isinstance(e, RoundPrepared) for e in events):
                held[seat] = set()
            held[seat] |= set(state.hands[seat]) | set(state.pots[seat])
            if before is not None:
                held[seat] |= set(before.hands[seat]) | set(before.pots[seat])
        for seat in [*range(seats), None]:
            hidden = secrets(state, seat) if seat is not None else secrets_spectator(state)
            vision = view(state, seat)
            if seat is not None and state.phase == "vizier" and seat == state.active:
                hidden -= set(state.pots[state.vizier_victim or 0])  # the Vizier's look
            assert not card_ids(vision) & hidden
            for event in events:
                assert not card_ids(GAME.redact(event, seat)) & hidden

    def secrets_spectator(state: SobekState) -> set[int]:
        hidden = set(state.pile)
        for p in range(seats):
            hidden |= set(state.hands[p]) | set(state.pots[p])
        return hidden

    walk_game(seats, "original", seed, check)


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seats=SEATS, seed=SEEDS)
def test_async_variant_remembers_only_what_could_be_seen_and_never_too_little(
    seats: int, seed: int
) -> None:
    def check(before: SobekState | None, state: SobekState, actor: int, events: list) -> None:
        face_up = {c for c in state.delivered if CARDS[c].character is None}
        for observer in range(seats + 1):
            seat = observer if observer < seats else None
            for event in events:
                named = card_ids(GAME.redact(event, seat))
                # The parties of a Thief or Vizier move see the card that changed hands.
                if seat in (getattr(event, "seat", None), getattr(event, "victim", None)):
                    continue
                for p in range(seats):
                    if p != seat:
                        secret = (set(state.hands[p]) | set(state.pots[p])) - face_up
                        assert not named & secret
            for p in range(seats):
                if p == observer:
                    continue
                for kind, real_cards in ((0, state.hands[p]), (1, state.pots[p])):
                    entries = state.knowledge[observer][zone(p, kind)]
                    real = Counter((CARDS[c].face, CARDS[c].back) for c in real_cards)
                    known = Counter((f, b) for f, b, _ in entries if f is not None)
                    unknown = Counter(b for f, b, _ in entries if f is None)
                    missing: Counter[str] = Counter()
                    for (face, back), k in real.items():
                        missing[back] += max(0, k - known[(face, back)])
                    # Every real card is shown, as itself or as an unknown card of its back.
                    assert all(missing[b] <= unknown[b] for b in missing)
                    # Cards shown as certain are really there.
                    sure = Counter((f, b) for f, b, u in entries if f is not None and not u)
                    assert all(k <= real[fb] for fb, k in sure.items())
                    backs = Counter(CARDS[c].back for c in real_cards)
                    sure_backs = Counter(b for _, b, u in entries if not u)
                    assert all(k <= backs[b] for b, k in sure_backs.items())
            vision = view(state, seat)
            for p in range(seats):
                if p != seat:
                    assert vision.players[p].hand_count == len(state.hands[p])

    walk_game(seats, "async", seed, check)


@settings(max_examples=10, deadline=None)
@given(seats=SEATS, variant=VARIANTS, seed=SEEDS)
def test_decide_is_deterministic_for_the_audit_replay(seats: int, variant: str, seed: int) -> None:
    def check(before: SobekState | None, state: SobekState, seat: int, events: list) -> None:
        if before is None:
            return
        for actor in GAME.to_act(before)[:1]:
            moves = GAME.legal_moves(before, actor)
            move = moves[len(moves) // 2]
            assert GAME.decide(before, actor, move, Rng(5)) == GAME.decide(
                before, actor, move, Rng(5)
            )

    walk_game(seats, variant, seed, check)
