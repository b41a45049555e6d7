"""One whole game between bot kinds, on the pure rules (no I/O): for benches and tests."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from shared.bots.kinds import choose
from shared.bots.knowledge import Budget, SeatKnowledge, apply
from shared.games.contract import GameResult, GameSpec
from shared.games.rng import Rng

MAX_MOVES = 20_000  # a bound on one game's moves


@dataclass
class Played:
    """A finished (or abandoned at MAX_MOVES) game: its result and think times by seat."""

    result: GameResult | None
    moves: int = 0
    think_ms: dict[int, list[float]] = field(default_factory=dict)


def play_match(
    spec: GameSpec,
    kinds: Sequence[str],
    seed: str,
    think_ms: float | None = None,
    playouts: int | None = None,
) -> Played:
    """Seat `kinds` (seat i plays kinds[i]) and play to the end; the game's chance, each
    bot's rng and so the whole game follow from `seed` (with a playout budget only)."""
    seats = len(kinds)
    options = spec.convert_options({})
    state = spec.fold(seats, options, spec.setup(seats, options, Rng(f"{seed}/setup")))
    chance = Rng(f"{seed}/chance")
    minds = [Rng(f"{seed}/bot/{seat}") for seat in range(seats)]
    played = Played(result=None, think_ms={seat: [] for seat in range(seats)})
    while (result := spec.result(state)) is None and played.moves < MAX_MOVES:
        due = spec.to_act(state)
        if not due:
            break
        seat = due[0]
        legal = list(spec.legal_moves(state, seat))
        if not legal:
            break
        started = time.perf_counter()
        budget = Budget(playouts=playouts, ms=think_ms, started=started)
        move = choose(kinds[seat], SeatKnowledge(spec, state, seat), legal, budget, minds[seat])
        played.think_ms[seat].append((time.perf_counter() - started) * 1000)
        state = apply(spec, state, seat, move, chance)
        played.moves += 1
    played.result = result
    return played


def win_share(result: GameResult | None, seat: int) -> float:
    """The seat's share of the win (a shared win counts as a share; none: 0)."""
    if result is None or seat not in result.winners:
        return 0.0
    return 1.0 / len(result.winners)
