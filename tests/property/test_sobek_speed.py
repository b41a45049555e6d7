"""Sobek engine speed for pytest-benchmark (no timing asserts; run with --benchmark-enable)."""

from __future__ import annotations

import pytest

from shared.games.sobek import GAME
from tests.gamekit import play_random


@pytest.mark.parametrize("variant", ["original", "async"])
def test_benchmark_a_random_four_player_game(benchmark: object, variant: str) -> None:
    played = benchmark(  # type: ignore[operator]
        play_random, GAME, 4, {"variant": variant}, seed=3, check=False
    )
    assert GAME.result(played.state) is not None
