"""Can't Stop properties: random games under every option end well and keep the invariants."""

from __future__ import annotations

import itertools

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.contracts.errors import IllegalMove
from shared.games.cantstop import GAME
from shared.games.cantstop import events as ev
from shared.games.cantstop.state import C, CantStopState
from shared.games.rng import Rng
from tests.gamekit import Played, play_random, start

seeds = st.integers(min_value=0, max_value=2**32)
tables = st.one_of(
    st.tuples(st.sampled_from([2, 3, 4]), st.just({})),
    st.tuples(
        st.sampled_from([2, 3]),
        st.fixed_dictionaries(
            {
                "target": st.sampled_from([3, 4]),
                "no_third_stop": st.booleans(),
                "opponents": st.sampled_from(["share", "skip", "reroll"]),
            }
        ),
    ),
    st.tuples(
        st.just(4), st.fixed_dictionaries({"opponents": st.sampled_from(["skip", "reroll"])})
    ),
)


def _states(played: Played, seats: int, options: dict) -> list[tuple[CantStopState, object]]:
    """Each event with the state it led to, from the start."""
    state = GAME.initial_state(seats, GAME.convert_options(options))
    out = []
    for event in played.events:
        state = GAME.evolve(state, event)
        out.append((state, event))
    return out


@settings(max_examples=40, deadline=None)
@given(table=tables, seed=seeds)
def test_random_games_end_with_a_winner_holding_the_target(table, seed) -> None:
    seats, options = table
    played = play_random(GAME, seats, options, seed=seed)
    state = played.state
    target = GAME.convert_options(options).target
    assert played.events[-1] == ev.GameWon(seat=state.winner)
    assert state.won(state.winner) >= target
    assert all(state.won(s) < target for s in range(seats) if s != state.winner)
    result = GAME.result(state)
    assert result is not None and result.winners == [state.winner]


@settings(max_examples=30, deadline=None)
@given(table=tables, seed=seeds)
def test_board_invariants_hold_after_every_event(table, seed) -> None:
    seats, options = table
    played = play_random(GAME, seats, options, seed=seed)
    variant = options.get("target") == 4 and options.get("no_third_stop", True)
    before = GAME.initial_state(seats, GAME.convert_options(options))
    for state, event in _states(played, seats, options):
        for column, space in state.runners:  # no runner above a top, none in a won column
            assert 1 <= space <= C.top(column) and state.owner(column) == -1
        for seat, column in itertools.product(range(seats), C.columns):
            old, new = before.square(seat, column), state.square(seat, column)
            assert new <= C.top(column)
            # squares never move down, except removal from a column someone else won
            assert new >= old or (new == 0 and state.owner(column) not in (-1, seat))
        if variant and isinstance(event, ev.TurnBegan | ev.GameWon):
            assert all(state.won(s) != 3 for s in range(seats))
        before = state


@settings(max_examples=20, deadline=None)
@given(table=tables, seed=seeds)
def test_state_rebuilt_from_stored_events_equals_the_live_state(table, seed) -> None:
    seats, options = table
    played = play_random(GAME, seats, options, seed=seed)
    stored = [msgspec.json.encode(e) for e in played.events]
    opts = GAME.convert_options(options)
    assert GAME.fold(seats, opts, [GAME.decode_event(b) for b in stored]) == played.state


def _all_moves() -> list:
    sums = [(a,) for a in C.columns] + list(itertools.combinations_with_replacement(C.columns, 2))
    return [ev.Roll(), ev.Stop(), *(ev.Choose(sums=s) for s in sums)]


def _accepted(state: CantStopState, seat: int, move: object, step: int) -> bool:
    try:
        GAME.decide(state, seat, move, Rng(step))
    except IllegalMove:
        return False
    return True


@settings(max_examples=15, deadline=None)
@given(table=tables, seed=seeds, steps=st.integers(min_value=0, max_value=80))
def test_legal_moves_and_decide_agree(table, seed, steps) -> None:
    seats, options = table
    state, _ = start(GAME, seats, options, seed)
    bots = Rng(seed)
    for step in range(steps):
        if not GAME.to_act(state):
            break
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_moves(state, seat)
        for move in _all_moves():
            assert _accepted(state, seat, move, step) == (move in legal), move
        other = (seat + 1) % seats
        assert GAME.legal_moves(state, other) == [] and not _accepted(state, other, legal[0], step)
        for event in GAME.decide(state, seat, bots.choice(legal), Rng(step)):
            state = GAME.evolve(state, event)
