"""Istanbul properties: random games for 2-5 players on every layout end well and keep the
invariants (money, goods, rubies, assistants, cards, figures), views hide what they must,
and legal_moves agrees with decide."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from shared.contracts.errors import IllegalMove
from shared.games.istanbul import GAME
from shared.games.istanbul import events as ev
from shared.games.istanbul import moves as mv
from shared.games.istanbul.components import (
    GOODS,
    N,
    deck,
    gem_rubies,
    sultan_rubies,
    total_rubies,
)
from shared.games.istanbul.state import IstanbulState
from shared.games.rng import Rng
from tests.gamekit import Played, play_random, start

QUICK = (Phase.explicit, Phase.reuse, Phase.generate)  # a whole game does not shrink usefully
seeds = st.integers(min_value=0, max_value=2**32)
tables = st.tuples(
    st.sampled_from([2, 3, 4, 5]), st.sampled_from(["short", "long", "number", "random"])
)


def _states(played: Played, seats: int, layout: str) -> list[tuple[IstanbulState, Any]]:
    state = GAME.initial_state(seats, GAME.convert_options({"layout": layout}))
    out = []
    for event in played.events:
        state = GAME.evolve(state, event)
        out.append((state, event))
    return out


def _check(s: IstanbulState) -> None:
    if not s.round:
        return  # setup is still under way
    supply = (
        s.wainwright_left
        + sum(s.mosque_left)
        + sultan_rubies(s.seats)
        - s.sultan_taken
        + gem_rubies(s.seats)
        - s.gem_taken
    )
    assert supply + sum(p.rubies for p in s.players) == total_rubies(s.seats)
    cards = len(s.deck) + len(s.discard) + sum(len(p.hand) for p in s.players)
    assert cards == len(deck())
    for p in s.players:
        assert p.money >= 0
        assert 0 <= p.extensions <= N.extensions
        assert all(0 <= g <= p.capacity for g in p.goods)
        assert p.stack >= 0 and p.reserve in (0, 1)
        assert len(set(p.assistants)) == len(p.assistants)
        assert p.stack + len(p.assistants) + p.reserve == N.assistants_total
        assert len(set(p.tiles)) == len(p.tiles)
        assert p.rubies <= N.ruby_target[s.seats] + 2 * 4  # never beyond a round's worth
    if s.round:  # after setup
        assert 2 <= s.governor <= 12 and 2 <= s.smuggler <= 12  # FAQ rulings 2, 3
        assert all(2 <= n <= 16 for n in s.neutrals)


@settings(max_examples=12, deadline=None, phases=QUICK)
@given(table=tables, seed=seeds)
def test_random_games_keep_every_invariant_and_end_after_a_round_with_the_target(
    table: tuple[int, str], seed: int
) -> None:
    seats, layout = table
    played = play_random(GAME, seats, {"layout": layout}, seed=seed)
    target = N.ruby_target[seats]
    states = _states(played, seats, layout)
    for state, event in states:
        _check(state)
        if isinstance(event, ev.TurnFinished) and event.seat == (state.start - 1) % seats:
            reached = any(p.rubies >= target for p in state.players)
            nxt = states.index((state, event)) + 1
            assert reached == (
                nxt < len(states)
                and isinstance(states[nxt][1], ev.CardDiscarded | ev.Changed | ev.GameEnded)
            )
    final = played.state
    assert isinstance(played.events[-1], ev.GameEnded)
    assert any(p.rubies >= target for p in final.players)
    result = GAME.result(final)
    assert result is not None and result.scores == [p.rubies for p in final.players]
    best = max(p.rubies for p in final.players)
    assert all(final.players[w].rubies == best for w in result.winners)
    grid = final.grid
    assert sorted(grid) == list(range(1, 17))
    if layout == "random":  # L04
        assert grid.index(7) in (5, 6, 9, 10)
        assert final.distance(8, 9) >= 3


@settings(max_examples=8, deadline=None, phases=QUICK)
@given(table=tables, seed=seeds)
def test_views_never_show_other_hands_and_stored_events_rebuild_the_state(
    table: tuple[int, str], seed: int
) -> None:
    seats, layout = table
    played = play_random(GAME, seats, {"layout": layout}, seed=seed, check=False)
    for state, event in _states(played, seats, layout)[::37]:
        for viewer in (None, *range(seats)):
            seen = GAME.view(state, viewer)
            for p in seen.players:
                assert (p.hand is None) == (p.seat != viewer)
            redacted = GAME.redact(event, viewer)
            if isinstance(event, ev.DeckShuffled | ev.DemandShuffled):
                assert redacted.order == ()  # type: ignore[union-attr]
    stored = [msgspec.json.encode(e) for e in played.events]
    opts = GAME.convert_options({"layout": layout})
    assert GAME.fold(seats, opts, [GAME.decode_event(b) for b in stored]) == played.state


def _probes(s: IstanbulState, rng: Rng) -> list[Any]:
    """Random moves of every type, legal or not."""
    g = lambda: rng.choice(GOODS)  # noqa: E731
    place = lambda: rng.randint(0, 17)  # noqa: E731
    count = lambda: rng.randint(0, 2)  # noqa: E731
    yes = lambda: rng.choice([True, False])  # noqa: E731
    kinds = list(deck())
    return [
        mv.Move(to=place()),
        mv.MoveFar(to=place()),
        mv.Stay(),
        mv.Enter(pay=yes()),
        mv.EndTurn(),
        mv.Act(),
        mv.Skip(),
        mv.Fountain(places=(place(), place())),
        mv.Fountain(places=(place(),)),
        mv.BlackMarket(good=g()),
        mv.TeaHouse(call=rng.randint(1, 13)),
        mv.Sell(goods=(count(), count(), count(), count()), card=yes()),
        mv.SendFamily(to=place()),
        mv.Sultan(any=tuple(g() for _ in range(rng.randint(0, 2)))),
        mv.TakeTile(good=g()),
        mv.TakeCard(source=rng.choice(["deck", "discard"])),
        mv.DiscardCard(card=rng.choice(kinds)),
        mv.KeepDice(),
        mv.RedTile(die=rng.choice([None, 0, 1, 2])),
        mv.Reward(take=rng.choice(["lira", "card"])),
        mv.UseGovernor(),
        mv.PayGovernor(card=rng.choice([None, *kinds])),
        mv.UseSmuggler(good=g(), pay=rng.choice(["lira", *GOODS])),
        mv.PlayCard(
            card=rng.choice(kinds),
            good=rng.choice([None, g()]),
            take=rng.choice([None, "lira", "card"]),
            place=rng.choice([None, place()]),
        ),
        mv.BuyBack(place=place()),
        mv.ExtraGood(good=g()),
    ]


def _accepted(state: IstanbulState, seat: int, move: Any) -> bool:
    try:
        GAME.decide(state, seat, move, Rng(1))
    except IllegalMove:
        return False
    return True


@settings(max_examples=10, deadline=None, phases=QUICK)
@given(table=tables, seed=seeds, steps=st.integers(min_value=50, max_value=600))
def test_legal_moves_and_decide_agree(table: tuple[int, str], seed: int, steps: int) -> None:
    seats, layout = table
    state, _ = start(GAME, seats, {"layout": layout}, seed)
    bots = Rng(seed)
    for step in range(steps):
        if not GAME.to_act(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_moves(state, seat)
        assert legal
        for move in legal:
            assert _accepted(state, seat, move), move
        for move in _probes(state, bots):
            assert _accepted(state, seat, move) == (move in legal), move
        other = (seat + 1) % seats
        assert GAME.legal_moves(state, other) == [] and not _accepted(state, other, legal[0])
        for event in GAME.decide(state, seat, bots.choice(legal), Rng(step)):
            state = GAME.evolve(state, event)
