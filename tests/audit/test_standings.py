"""Standings and pairwise-Elo ratings on scripted results, with hand-computed expectations."""

from __future__ import annotations

import pytest

from shared.standings.board import Result, Scoreboard, board_of
from shared.store import open_store
from shared.tables.envelopes import envelope_of, is_table_notification
from tests.audit.kit import play_table
from tests.resultfold import ResultFold


def _result(
    table: str,
    game: str,
    position: int,
    players: str,
    scores: list[int],
    ranks: list[int],
    winners: list[int],
) -> Result:
    return Result(
        table_id=table,
        game=game,
        position=position,
        players=list(players),
        names=[p.lower() for p in players],
        scores=scores,
        ranks=ranks,
        winners=winners,
    )


SCRIPT = [
    _result("t1", "ra", 10, "ABC", [10, 20, 5], [2, 1, 3], [1]),
    _result("t3", "egizia", 15, "AC", [3, 9], [2, 1], [1]),
    _result("t2", "ra", 20, "AB", [7, 7], [1, 1], [0, 1]),
]


def test_standings_count_games_wins_and_average_score_per_game() -> None:
    board = board_of(SCRIPT)
    rows = [(s.player_id, s.games, s.wins, s.average_score) for s in board.standings("ra")]
    # B won t1 outright and shared t2; A shared t2; C lost t1.
    assert rows == [("B", 2, 2, 13.5), ("A", 2, 1, 8.5), ("C", 1, 0, 5.0)]
    assert [(s.player_id, s.wins) for s in board.standings("egizia")] == [("C", 1), ("A", 0)]


def test_pairwise_elo_follows_the_ranking() -> None:
    board = board_of(SCRIPT)
    ratings = {r.player_id: r.rating for r in board.rating_table("ra")}
    # t1: all at 1500, every expectation 1/2, K/(n-1) = 16:
    #   B beat A and C: +16 · (1/2 + 1/2) = +16; A: -8 + 8 = 0; C: -16.
    # t2: A 1500 draws B 1516: E_A = 1 / (1 + 10^(16/400)) = 0.476990, A gains
    #   32 · (0.5 - 0.476990) = 0.7363, B loses the same.
    assert ratings == {"A": 1500.74, "B": 1515.26, "C": 1484.0}
    assert sum(ratings.values()) == pytest.approx(4500.0, abs=0.02)  # Elo is zero-sum
    assert [r.player_id for r in board.rating_table("ra")] == ["B", "A", "C"]


def test_player_results_list_each_finished_game_once() -> None:
    board = Scoreboard()
    for result in [*SCRIPT, SCRIPT[0]]:
        board.add(result)
    history = board.player_results("A")
    assert [(r.table_id, r.rank, r.won) for r in history] == [
        ("t1", 2, False),
        ("t3", 2, False),
        ("t2", 1, True),
    ]


def test_results_are_counted_in_the_order_the_games_ended() -> None:
    shuffled = board_of(list(reversed(SCRIPT)))
    assert shuffled.rating_table("ra") == board_of(SCRIPT).rating_table("ra")


def test_a_rebuild_from_the_store_equals_the_live_fold() -> None:
    store = open_store("memory")
    live = ResultFold()
    position = 0
    for seed in range(3):
        for game in ("ra", "sobek"):
            play_table(store, game, 40 + seed)
            for note in store.notifications(position, 10_000):
                position = note.id
                if is_table_notification(note):
                    live.apply(envelope_of(store, note))
    rebuilt = ResultFold()
    for note in store.notifications(0, 100_000):
        if is_table_notification(note):
            rebuilt.apply(envelope_of(store, note))
    assert len(live.board.results) == 6
    assert rebuilt.board.results == live.board.results
    for game in ("ra", "sobek"):
        assert rebuilt.board.standings(game) == live.board.standings(game)
        assert rebuilt.board.rating_table(game) == live.board.rating_table(game)
