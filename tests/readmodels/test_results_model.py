"""The `results` read model (one read and one write of each table for a whole batch of
games) equals the reference fold (`shared.standings`) on SQLite and PostgreSQL: standings,
Elo ratings and Plackett-Luce skills, games written one a transaction or several in one,
in two games (kinds) at once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from shared.readmodels import ReadModelDB, queries, results
from shared.readmodels.db import Cursor
from shared.readmodels.schema import create_schema
from shared.standings.board import Result, board_of, leaderboard_of
from shared.store import open_store


def _result(table: str, position: int, players: str, scores: list[int], ranks: list[int]) -> Result:
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    return Result(
        table_id=table, game="ra", position=position, players=list(players),
        names=[f"{p.lower()}-{table}" for p in players], scores=scores, ranks=ranks,
        winners=winners,
    )  # fmt: skip


SCRIPT = [
    _result("t1", 10, "AXC", [10, 20, 5], [2, 1, 3]),
    _result("t2", 20, "AB", [7, 9], [2, 1]),
    _result("t3", 30, "XBDC", [4, 8, 8, 1], [3, 1, 1, 4]),
    _result("t4", 40, "XA", [6, 6], [1, 1]),
    _result("t5", 50, "DCBA", [3, 5, 4, 2], [3, 1, 2, 4]),
]


@pytest.fixture(params=["sqlite", "postgres"])
def db(request: pytest.FixtureRequest) -> Iterator[ReadModelDB]:
    if request.param == "postgres":
        model = ReadModelDB.for_url(request.getfixturevalue("postgres_url"))
    else:
        model = ReadModelDB.of(open_store("memory"))
    create_schema(model)
    try:
        yield model
    finally:
        model.close()


def test_results_written_game_by_game_equal_the_reference_fold(db: ReadModelDB) -> None:
    for result in SCRIPT:  # one game a transaction, as games end
        with db.transaction() as cur:
            results.write(cur, [result])
    board = board_of(SCRIPT)
    assert queries.standings(db, "ra", None, 50).items == board.standings("ra")
    assert queries.ratings(db, "ra", None, 50).items == board.rating_table("ra")
    assert queries.skills(db, "ra", None, 50).items == leaderboard_of(board, "ra")
    standing = {s.player_id: (s.games, s.wins, s.name) for s in board.standings("ra")}
    assert standing["A"] == (4, 1, "a-t5") and standing["X"] == (3, 2, "x-t4")


def test_results_written_in_one_batch_equal_the_reference_fold(db: ReadModelDB) -> None:
    with db.transaction() as cur:  # several games ended in one batch read from the log
        results.write(cur, SCRIPT)
    board = board_of(SCRIPT)
    assert queries.standings(db, "ra", None, 50).items == board.standings("ra")
    assert queries.ratings(db, "ra", None, 50).items == board.rating_table("ra")
    assert queries.skills(db, "ra", None, 50).items == leaderboard_of(board, "ra")


class _Counting:
    """A cursor that counts the statements it runs."""

    def __init__(self, cur: Cursor) -> None:
        self.cur, self.statements = cur, 0

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.cur, name)

        def counted(*args: Any) -> Any:
            self.statements += 1
            return method(*args)

        return counted


def test_a_batch_of_games_of_two_kinds_costs_a_few_statements_and_folds_each_kind_apart(
    db: ReadModelDB,
) -> None:
    sobek = [msgspec.structs.replace(r, game="sobek", table_id=f"s{r.table_id}") for r in SCRIPT]
    mixed = [game for pair in zip(SCRIPT, sobek, strict=True) for game in pair]
    with db.transaction() as cur:
        counting = _Counting(cur)
        results.write(counting, mixed)  # type: ignore[arg-type]
    # rulings, results, then standings, ratings, skills: a read per kind and a write each
    assert counting.statements == 2 + 3 * (2 + 1)
    for game, played in (("ra", SCRIPT), ("sobek", sobek)):
        board = board_of(played)
        assert queries.standings(db, game, None, 50).items == board.standings(game)
        assert queries.ratings(db, game, None, 50).items == board.rating_table(game)
        assert queries.skills(db, game, None, 50).items == leaderboard_of(board, game)


def test_reads_split_into_parts_of_at_most_per_read_keys_fold_the_same(
    db: ReadModelDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(results, "PER_READ", 2)  # five tables, five players: three parts each
    with db.transaction() as cur:
        results.write(cur, SCRIPT)
    board = board_of(SCRIPT)
    assert queries.standings(db, "ra", None, 50).items == board.standings("ra")
    assert queries.ratings(db, "ra", None, 50).items == board.rating_table("ra")
    assert queries.skills(db, "ra", None, 50).items == leaderboard_of(board, "ra")
