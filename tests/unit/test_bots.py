"""The bots (shared/bots): one interface, reproducible choices, and no peeking."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from shared.bots import Budget, SeatKnowledge, choose
from shared.bots.knowledge import apply
from shared.bots.match import play_match, win_share
from shared.games.contract import GameSpec
from shared.games.registry import available_games, get_game
from shared.games.rng import Rng

GAMES = [g for g in available_games()]
HIDDEN = [g for g in GAMES if get_game(g).bot_hooks and get_game(g).bot_hooks.sample]


def midgame(spec: GameSpec, seats: int, moves: int, seed: int) -> Any:
    """A state after some random moves, with a seat to act that has several moves."""
    options = spec.convert_options({})
    state = spec.fold(seats, options, spec.setup(seats, options, Rng(seed)))
    rng = Rng(seed + 1)
    chosen = None
    for played in range(2_000):
        due = spec.to_act(state)
        if not due:
            break
        if len(spec.legal_moves(state, due[0])) > 1:
            chosen = state  # the latest decision with a choice, up to `moves` in
            if played >= moves:
                break
        state = apply(spec, state, due[0], rng.choice(spec.legal_moves(state, due[0])), rng)
    assert chosen is not None, "no decision with a choice"
    return chosen


@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
@pytest.mark.parametrize("game", GAMES)
def test_every_kind_plays_a_legal_move_reproducibly(game: str, kind: str) -> None:
    spec = get_game(game)
    state = midgame(spec, 2, 6, 3)
    seat = spec.to_act(state)[0]
    legal = list(spec.legal_moves(state, seat))
    picks = [
        choose(kind, SeatKnowledge(spec, state, seat), legal, Budget(playouts=12), Rng(9))
        for _ in range(2)
    ]
    assert picks[0] in legal
    assert msgspec.json.encode(picks[0]) == msgspec.json.encode(picks[1])


def test_random_is_the_one_draw_the_audit_redraws() -> None:
    """`random` keeps today's stand-in bot: `rng.choice(legal)` and nothing else."""
    spec = get_game("ra")
    state = midgame(spec, 3, 4, 1)
    seat = spec.to_act(state)[0]
    legal = list(spec.legal_moves(state, seat))
    for seed in range(20):
        rng = Rng(seed)
        assert choose("random", SeatKnowledge(spec, state, seat), legal, Budget(), rng) == (
            Rng(seed).choice(legal)
        )
        assert rng.draws == 1


@pytest.mark.parametrize("game", HIDDEN)
def test_a_bot_sees_only_what_its_seat_may_see(game: str) -> None:
    """Two states that differ only in what the seat cannot see: the same choice."""
    spec = get_game(game)
    hooks = spec.bot_hooks
    assert hooks is not None and hooks.sample is not None
    differing = 0
    for seed in range(4):
        state = midgame(spec, 2, 5 + 7 * seed, seed)
        seat = spec.to_act(state)[0]
        other = hooks.sample(state, seat, Rng(f"other/{seed}"))
        assert spec.view(other, seat) == spec.view(state, seat)
        differing += other != state
        legal = list(spec.legal_moves(state, seat))
        assert legal == list(spec.legal_moves(other, seat))
        for kind in ("greedy", "strong"):
            picks = [
                choose(kind, SeatKnowledge(spec, s, seat), legal, Budget(playouts=16), Rng(seed))
                for s in (state, other)
            ]
            assert msgspec.json.encode(picks[0]) == msgspec.json.encode(picks[1]), kind
    assert differing > 0  # the hidden parts really differed


@pytest.mark.parametrize("game", HIDDEN)
def test_a_sampled_state_keeps_what_the_seat_sees_and_draws_anew(game: str) -> None:
    spec = get_game(game)
    assert spec.bot_hooks is not None and spec.bot_hooks.sample is not None
    state = midgame(spec, 3, 9, 5)
    seat = spec.to_act(state)[0]
    samples = [spec.bot_hooks.sample(state, seat, Rng(i)) for i in range(5)]
    assert all(spec.view(s, seat) == spec.view(state, seat) for s in samples)
    assert len({msgspec.json.encode(s) for s in samples}) > 1


def test_a_whole_game_is_reproducible_with_a_playout_budget() -> None:
    spec = get_game("tictactoe")
    games = [play_match(spec, ["strong", "greedy"], "same", playouts=30) for _ in range(2)]
    assert games[0].result == games[1].result and games[0].moves == games[1].moves


def test_strong_beats_random_at_tictactoe() -> None:
    """A game small enough to search whole: the strong bot never loses to random."""
    spec = get_game("tictactoe")
    for index in range(6):
        kinds = ["strong", "random"] if index % 2 == 0 else ["random", "strong"]
        played = play_match(spec, kinds, f"ttt/{index}", playouts=200)
        assert played.result is not None
        assert (
            win_share(played.result, kinds.index("strong")) > 0
            or 1 - index % 2 == 0
            or (len(played.result.winners) == 2)
        )


def test_root_evaluation_judges_every_root_move_before_searching() -> None:
    """Hera und Zeus opts in: with a budget of one playout per root move the strong bot
    plays the move its evaluation judges best right after it, on the one sampled state."""
    from shared.bots.knowledge import estimate

    spec = get_game("herazeus")
    assert spec.bot_hooks is not None and spec.bot_hooks.root_evaluation
    state = midgame(spec, 2, 30, 11)
    seat = spec.to_act(state)[0]
    legal = list(spec.legal_moves(state, seat))
    assert len(legal) > 5
    knowledge = SeatKnowledge(spec, state, seat)
    chosen = choose("strong", knowledge, legal, Budget(playouts=len(legal)), Rng("judge"))
    rng = Rng("judge")  # the same draws: one sample, then each move's own chance in order
    sampled = knowledge.sample(rng)
    judged = [estimate(spec, apply(spec, sampled, seat, move, rng), seat) for move in legal]
    assert judged[legal.index(chosen)] == max(judged)
    assert len(set(judged)) > 1  # the moves differ, so the choice is the judgement's
