"""Shared helpers for rules and property tests of any game on the game contract."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from shared.contracts.errors import IllegalMove
from shared.games.contract import GameEvent, GameSpec
from shared.games.rng import Rng


@dataclass
class Played:
    """A game played by random bots: its events, final state and move count."""

    state: Any
    events: list[GameEvent] = field(default_factory=list)
    moves: int = 0


def start(game: GameSpec, seats: int, options: Any = None, seed: int = 0) -> tuple[Any, list]:
    """The state after setup, and the setup events."""
    opts = game.convert_options(options if options is not None else {})
    events = list(game.setup(seats, opts, Rng(seed)))
    return game.fold(seats, opts, events), events


def apply(game: GameSpec, state: Any, seat: int, move: Any, seed: int = 0) -> tuple[Any, list]:
    """Decide a move and fold its events; returns the new state and the events."""
    events = list(game.decide(state, seat, move, Rng(seed)))
    for event in events:
        state = game.evolve(state, event)
    return state, events


def play_random(
    game: GameSpec,
    seats: int,
    options: Any = None,
    seed: int = 0,
    max_moves: int = 20_000,
    check: bool = True,
) -> Played:
    """Play random legal moves to the end; with `check`, assert the contract's invariants."""
    bots = Rng(seed + 1)
    state, events = start(game, seats, options, seed)
    played = Played(state=state, events=list(events))
    step = 0
    while game.result(played.state) is None:
        actors = list(game.to_act(played.state))
        assert actors, "no seat to act but the game is not over"
        seat = bots.choice(actors)
        moves = list(game.legal_moves(played.state, seat))
        assert moves, f"seat {seat} must act but has no legal move"
        move = bots.choice(moves)
        if check:  # moves round-trip through JSON as they do over the wire
            wire = msgspec.json.encode(move)
            assert game.decode_move(wire) == move
        before = played.state
        new_events = list(game.decide(played.state, seat, move, Rng(seed * 1_000_003 + step)))
        assert new_events, "an accepted move must yield events"
        assert played.state == before, "decide must not mutate state"
        for event in new_events:
            played.state = game.evolve(played.state, event)
            if check:
                assert game.decode_event(msgspec.json.encode(event)) == event
        played.events.extend(new_events)
        played.moves += 1
        step += 1
        assert played.moves <= max_moves, "game did not end"
    assert list(game.to_act(played.state)) == []
    return played


def rejects(game: GameSpec, state: Any, seat: int, move: Any) -> str:
    """The code of the IllegalMove raised for the move (fails if it is accepted)."""
    try:
        game.decide(state, seat, move, Rng(0))
    except IllegalMove as exc:
        return exc.code
    raise AssertionError(f"move {move!r} was accepted")
