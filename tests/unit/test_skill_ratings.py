"""Plackett-Luce skills (openskill): the library's documented example, several players,
the conservative estimate, and a rebuild giving the same numbers."""

from __future__ import annotations

import pytest

from shared.standings import skill
from shared.standings.board import Result, board_of, leaderboard_of


def test_the_model_gives_the_documented_two_against_two_example() -> None:
    # openskill's README ("Limited Example"): two teams of two new players, the first wins.
    r = skill.initial()
    assert (r.mu, r.sigma) == (25.0, 25.0 / 3.0)
    [[a, b], [x, y]] = skill.rate_teams([[r, r], [r, r]], [1, 2])
    assert a.mu == pytest.approx(26.964294621803063, abs=1e-12)
    assert a.sigma == pytest.approx(8.177962604389991, abs=1e-12)
    assert x.mu == pytest.approx(23.035705378196937, abs=1e-12)
    assert x.sigma == pytest.approx(8.177962604389991, abs=1e-12)
    assert a == b and x == y


def test_a_four_player_game_orders_the_means_by_rank_and_ties_share_them() -> None:
    after = skill.rate([skill.initial()] * 4, [2, 1, 3, 2])
    assert after[1].mu > after[0].mu == after[3].mu > after[2].mu
    assert all(s.sigma < 25.0 / 3.0 for s in after)  # everyone is known better


def test_the_leaderboard_sorts_by_mu_minus_three_sigma_and_a_rebuild_is_identical() -> None:
    results = [
        Result(table_id=f"t{i}", game="ra", position=i, players=players, names=players,
               scores=[0] * len(players), ranks=ranks, winners=[ranks.index(1)])
        for i, (players, ranks) in enumerate([
            (["a", "b", "c"], [1, 2, 3]),
            (["a", "b"], [2, 1]),
            (["c", "b", "d", "a"], [1, 3, 2, 4]),
        ])
    ]  # fmt: skip
    board = leaderboard_of(board_of(results), "ra")
    assert [r.conservative for r in board] == sorted((r.conservative for r in board), reverse=True)
    for row in board:
        assert row.conservative == pytest.approx(row.mu - 3 * row.sigma, abs=1e-3)
    assert {r.player_id: r.games for r in board} == {"a": 3, "b": 3, "c": 2, "d": 1}
    assert leaderboard_of(board_of(list(reversed(results))), "ra") == board  # by position
