"""Driving a tournament through its pure decider, with results drawn by the test."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec

from shared.tournaments import decide as decider
from shared.tournaments.actions import (
    MANAGER,
    CreateTournament,
    JoinTournament,
    RecordResult,
    StartTournament,
)
from shared.tournaments.events import Format
from shared.tournaments.state import FINISHED, TournamentState, created, evolve

SEED = "ab" * 32
Ranks = Callable[[int], list[int]]


def apply(state: TournamentState, events: list[Any]) -> TournamentState:
    """Fold events into the state."""
    for event in events:
        state = evolve(state, event)
    return state


def signed_up(
    fmt: Format, players: int, *, seats: int = 2, rounds: int = 0, game: str = "cantstop",
    ratings: list[float] | None = None, forfeits: str = "last", seed: str = SEED,
) -> TournamentState:  # fmt: skip
    """A tournament with `players` signed up (p0, p1 ...), not started."""
    action = CreateTournament(
        name="cup", format=fmt, game=game, seats=seats, rounds=rounds,
        max_players=max(players, 2), forfeits=forfeits,  # type: ignore[arg-type]
    )  # fmt: skip
    state = created("t-1", decider.new_tournament("host", action, seed))
    for i in range(players):
        rating = ratings[i] if ratings else 0.0
        join = JoinTournament(player_name=f"P{i}", rating=rating)
        state = apply(state, decider.decide(state, f"p{i}", join))
    return state


def started(state: TournamentState) -> TournamentState:
    """The tournament after its creator started it."""
    return apply(state, decider.decide(state, "host", StartTournament()))


def random_ranks(rng: random.Random, ties: bool = True) -> Ranks:
    """Ranks for a table of n seats (1 best), with ties now and then."""

    def ranks(n: int) -> list[int]:
        if ties and rng.random() < 0.15:
            return [1] * n
        order = rng.sample(range(1, n + 1), n)
        return order

    return ranks


def play_out(
    state: TournamentState,
    ranks: Ranks,
    on_round: Callable[[TournamentState], None] | None = None,
    limit: int = 200,
) -> TournamentState:
    """Record a result for every open match until the tournament finishes; `on_round` sees
    the state each time a round was just paired."""
    seen = 0
    for _ in range(limit):
        if state.status == FINISHED:
            return state
        if state.round != seen:
            seen = state.round
            if on_round is not None:
                on_round(state)
        match = next(m for m in state.round_matches(state.round) if not m.is_over)
        action = RecordResult(table_id=match.table_id, ranks=ranks(len(match.players)))
        state = apply(state, decider.decide(state, MANAGER, action))
    raise AssertionError("the tournament did not finish")


def tables_of(state: TournamentState, number: int) -> list[tuple[str, ...]]:
    """The players of each table of a round."""
    return [m.players for m in state.round_matches(number)]


def to_builtins(state: TournamentState) -> Any:
    """A comparable form of a state."""
    return msgspec.to_builtins(state)


def record(
    state: TournamentState, table_id: str, ranks: list[int], forfeited: list[int] | None = None
) -> TournamentState:
    """The state after the manager recorded a match table's result."""
    action = RecordResult(table_id=table_id, ranks=ranks, forfeited=forfeited or [])
    return apply(state, decider.decide(state, MANAGER, action))
