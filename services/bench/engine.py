"""Engine speed: decide+evolve per move and random full games per second, no I/O."""

from __future__ import annotations

import random
import statistics
import time

from services.bench.stats import percentile
from shared.games.registry import get_game
from shared.games.rng import Rng


def engine_figures(game_name: str, players: int, games: int) -> dict[str, float]:
    """Median decide+evolve per move (µs) and random full games per second."""
    game = get_game(game_name)
    bots = random.Random(1)
    samples: list[float] = []
    started = time.perf_counter()
    for index in range(games):
        options = game.convert_options({})
        state = game.fold(players, options, game.setup(players, options, Rng(index)))
        step = 0
        while game.result(state) is None:
            seat = bots.choice(list(game.to_act(state)))
            move = bots.choice(list(game.legal_moves(state, seat)))
            rng = Rng(index * 100_003 + step)
            t0 = time.perf_counter_ns()
            for ev in game.decide(state, seat, move, rng):
                state = game.evolve(state, ev)
            samples.append((time.perf_counter_ns() - t0) / 1000)
            step += 1
    elapsed = time.perf_counter() - started
    return {
        "median_us_per_move": round(statistics.median(samples), 1),
        "p99_us_per_move": round(percentile(samples, 99), 1),
        "games_per_s": round(games / elapsed, 2),
        "moves": len(samples),
    }
