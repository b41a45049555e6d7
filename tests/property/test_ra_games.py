"""Ra properties: random legal games end after three epochs, replay, scores, legality."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import event as note
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.contracts.errors import IllegalMove
from shared.games.ra import GAME
from shared.games.ra import events as ev
from shared.games.ra import moves as mv
from shared.games.ra.components import C
from shared.games.rng import Rng
from tests.gamekit import Played, play_random, start

players = st.sampled_from([2, 3, 4])
seeds = st.integers(min_value=0, max_value=2**32)


def _score_changes(events: list, seats: int) -> list[int]:
    """The sum of every scoring event per seat."""
    total = [0] * seats
    for event in events:
        if isinstance(event, ev.EpochScored):
            for seat, points in enumerate(event.totals):
                total[seat] += points
        elif isinstance(event, ev.AnkhPairScored | ev.SunsScored):
            total[event.seat] += event.points
    return total


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=12, deadline=None)
@given(seed=seeds)
def test_random_games_end_after_three_epochs(players: int, seed: int) -> None:
    played = play_random(GAME, players, seed=seed)
    scored = [e.epoch for e in played.events if isinstance(e, ev.EpochScored)]
    assert scored == [1, 2, 3]
    started = [e.epoch for e in played.events if isinstance(e, ev.EpochStarted)]
    assert started == [1, 2, 3]
    assert isinstance(played.events[-1], ev.GameEnded)
    result = GAME.result(played.state)
    assert result is not None and result.scores == list(played.state.scores)
    assert min(result.ranks) == 1
    assert all(result.scores[w] == max(result.scores) for w in result.winners)


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=12, deadline=None)
@given(seed=seeds)
def test_score_is_start_score_plus_the_sum_of_scoring_events(players: int, seed: int) -> None:
    played = play_random(GAME, players, seed=seed)
    changes = _score_changes(played.events, players)
    for seat in range(players):
        assert played.state.scores[seat] == C.start_score + seat + changes[seat]


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=8, deadline=None)
@given(seed=seeds)
def test_state_rebuilt_from_stored_events_equals_the_live_state(players: int, seed: int) -> None:
    played = play_random(GAME, players, seed=seed)
    stored = [msgspec.json.encode(e) for e in played.events]  # as the event store keeps them
    rebuilt = GAME.fold(players, GAME.convert_options({}), [GAME.decode_event(b) for b in stored])
    assert rebuilt == played.state
    builtins = [msgspec.to_builtins(e) for e in played.events]
    assert GAME.fold(
        players, GAME.convert_options({}), [GAME.convert_event(b) for b in builtins]
    ) == (played.state)


@settings(max_examples=10, deadline=None)
@given(players=players, seed=seeds)
def test_decide_is_deterministic_for_the_same_state_move_and_rng(players: int, seed: int) -> None:
    played = play_random(GAME, players, seed=seed)
    replay = _replay_moves(played, players, seed)
    assert replay == played.events


def _replay_moves(played: Played, players: int, seed: int) -> list:
    """Re-decide the game's moves from scratch (an audit replay) and return all events."""
    bots = Rng(seed + 1)
    state, events = start(GAME, players, seed=seed)
    out = list(events)
    step = 0
    while GAME.result(state) is None:
        seat = bots.choice(list(GAME.to_act(state)))
        move = bots.choice(list(GAME.legal_moves(state, seat)))
        new = GAME.decide(state, seat, move, Rng(seed * 1_000_003 + step))
        for event in new:
            state = GAME.evolve(state, event)
        out.extend(new)
        step += 1
    return out


def _states(players: int, seed: int) -> list:
    """Every state a random legal game passes through."""
    bots = Rng(seed + 1)
    state, _ = start(GAME, players, seed=seed)
    states = [state]
    step = 0
    while GAME.result(state) is None:
        seat = bots.choice(list(GAME.to_act(state)))
        move = bots.choice(list(GAME.legal_moves(state, seat)))
        for event in GAME.decide(state, seat, move, Rng(seed + step)):
            state = GAME.evolve(state, event)
        states.append(state)
        step += 1
    return states


@settings(max_examples=6, deadline=None)
@given(players=players, seed=seeds)
def test_legal_moves_are_never_rejected_and_others_may_not_move(players: int, seed: int) -> None:
    for state in _states(players, seed):
        actors = list(GAME.to_act(state))
        for seat in range(players):
            moves = GAME.legal_moves(state, seat)
            if seat not in actors:
                assert moves == []
                try:
                    GAME.decide(state, seat, mv.EndTurn(), Rng(0))
                except IllegalMove as exc:
                    assert exc.code in ("not_your_turn", "game_over")
                else:
                    raise AssertionError("a seat that need not act moved")
                continue
            assert moves, "a seat that must act has no legal move"
            assert len(moves) == len(set(map(msgspec.json.encode, moves))), "duplicate moves"
            for move in moves:
                assert GAME.decide(state, seat, move, Rng(1)), "accepted moves yield events"


def _canonical(move: mv.RaMove) -> mv.RaMove:
    """The move in legal_moves' form (dice in ascending order)."""
    if isinstance(move, mv.RerollDice | mv.AdvancePharaoh | mv.AdvanceNile | mv.FloodNile):
        return msgspec.structs.replace(move, dice=tuple(sorted(move.dice)))
    if isinstance(move, mv.ScoreAnkhPair):
        return msgspec.structs.replace(move, dice=tuple(sorted(move.dice)))
    if isinstance(move, mv.PlaceCivilization):
        colours = tuple(
            sorted(
                move.colours,
                key=lambda c: (c not in C.colours, C.colours.index(c) if c in C.colours else 0, c),
            )
        )
        return mv.PlaceCivilization(dice=tuple(sorted(move.dice)), colours=colours)
    return move


_STATES: dict[tuple[int, int], list] = {}
"""States of random games by (players, seed), computed once per test session."""

dice = st.lists(st.integers(min_value=-1, max_value=5), max_size=6).map(tuple)
colours = st.sampled_from([*C.colours, "black"])
random_moves = st.one_of(
    st.just(mv.RollDice()),
    st.just(mv.StopRolling()),
    st.just(mv.EndTurn()),
    st.builds(mv.RerollDice, dice=dice),
    st.builds(mv.AdvancePharaoh, dice=dice),
    st.builds(mv.AdvanceNile, dice=dice),
    st.builds(mv.FloodNile, dice=dice),
    st.builds(mv.ScoreAnkhPair, dice=dice),
    st.builds(mv.PlaceCivilization, dice=dice, colours=st.lists(colours, max_size=4).map(tuple)),
    st.builds(
        mv.PlaceMonument,
        die=st.integers(-1, 5),
        column=st.integers(-1, 8),
        extra_die=st.none() | st.integers(-1, 5),
    ),
    st.builds(
        mv.DeclareDisaster,
        disaster=st.sampled_from(["pharaoh", "nile", "civilization", "monuments", "plague"]),
    ),
    st.builds(mv.RetrieveMarker, colour=colours, column=st.none() | st.integers(-1, 8)),
)


def _near(move: mv.RaMove, data: st.DataObject) -> mv.RaMove:
    """A legal move with one detail changed: a die swapped, added or dropped, a column moved."""
    if isinstance(move, mv.PlaceMonument):
        field = data.draw(st.sampled_from(["die", "column", "extra_die"]))
        value = data.draw(st.none() | st.integers(-1, 8)) if field == "extra_die" else None
        if field != "extra_die":
            value = data.draw(st.integers(-1, 8))
        return msgspec.structs.replace(move, **{field: value})
    if isinstance(move, mv.RetrieveMarker):
        return mv.RetrieveMarker(colour=data.draw(colours), column=move.column)
    dice_of = getattr(move, "dice", None)
    if dice_of is None:
        return move
    dice_list = list(dice_of)
    how = data.draw(st.sampled_from(["swap", "add", "drop"]))
    if how == "swap" and dice_list:
        dice_list[data.draw(st.integers(0, len(dice_list) - 1))] = data.draw(st.integers(-1, 5))
    elif how == "add":
        dice_list.append(data.draw(st.integers(-1, 5)))
    elif dice_list:
        dice_list.pop()
    return msgspec.structs.replace(move, dice=tuple(dice_list))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(players=players, seed=st.integers(0, 50), data=st.data())
def test_random_moves_are_accepted_exactly_when_legal(
    players: int, seed: int, data: st.DataObject
) -> None:
    states = _STATES.setdefault((players, seed), _states(players, seed))
    phase = data.draw(st.sampled_from(["apply", "reroll", "roll", "disaster", "over"]))
    state = data.draw(st.sampled_from([s for s in states if s.phase == phase] or states))
    actors = list(GAME.to_act(state)) or [0]
    out_of_turn = data.draw(st.integers(0, 4)) == 0
    seat = data.draw(st.integers(-1, players) if out_of_turn else st.sampled_from(actors))
    offered = GAME.legal_moves(state, seat)
    if offered and data.draw(st.booleans()):
        move = _near(data.draw(st.sampled_from(offered)), data)
    else:
        move = data.draw(random_moves)
    legal = {msgspec.json.encode(m) for m in offered}
    canonical = msgspec.json.encode(_canonical(move))
    before = msgspec.json.encode(msgspec.to_builtins(state))
    try:
        events = GAME.decide(state, seat, move, Rng(3))
    except IllegalMove as exc:
        note(f"rejected: {exc.code}")
        assert canonical not in legal, f"legal move rejected: {exc.code}"
        assert exc.code and exc.code == exc.code.lower()
    else:
        note(f"accepted: {type(move).__name__}")
        assert canonical in legal, f"illegal move accepted: {move}"
        assert events
    assert msgspec.json.encode(msgspec.to_builtins(state)) == before


@settings(max_examples=10, deadline=None)
@given(players=players, seed=seeds)
def test_every_seat_and_spectators_see_the_same_board(players: int, seed: int) -> None:
    for state in _states(players, seed)[::7]:
        board = msgspec.structs.replace(GAME.view(state, None), seat=None, prompt="")
        for seat in range(players):
            seen = GAME.view(state, seat)
            assert seen.seat == seat
            assert seen.prompt == GAME.prompt(state, seat)
            assert msgspec.structs.replace(seen, seat=None, prompt="") == board
        msgspec.json.encode(board)


@settings(max_examples=5, deadline=None)
@given(players=players, seed=seeds)
def test_redact_shows_every_event_unchanged_to_everyone(players: int, seed: int) -> None:
    played = play_random(GAME, players, seed=seed, check=False)
    for event in played.events:
        for seat in [None, *range(players)]:
            assert GAME.redact(event, seat) == event
