"""The `results` model: each player's finished games, standings and ratings per game.

Results are applied in the order the games ended (their position in the event log), as
`shared.standings` folds them, so the rows equal that fold: standings order players by
wins, then average score, then name; ratings are pairwise Elo (`shared.standings.board`)
and Plackett-Luce skills (`shared.standings.skill`).
A result is inserted once: applying a game twice fails on the primary key instead of
counting it twice. A private table's game is in its players' results (shown to those who
played it, `queries.player_results`) and counts in no standings or ratings.
"""

from __future__ import annotations

from shared.readmodels.db import Cursor
from shared.standings import skill
from shared.standings.board import INITIAL_RATING, Result, elo


def write(cur: Cursor, results: list[Result]) -> None:
    """Add finished games, in the order they ended."""
    for result in results:
        _add(cur, result)


def _add(cur: Cursor, result: Result) -> None:
    n = len(result.players)
    cur.executemany(
        "INSERT INTO rm_results (player_id, table_id, position, game, seat, score, rank, won,"
        " forfeited, players) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                player, result.table_id, result.position, result.game, seat,
                result.scores[seat], result.ranks[seat], int(seat in result.winners),
                int(seat in result.forfeited), n,
            )
            for seat, player in enumerate(result.players)
        ],
    )  # fmt: skip
    if result.private:  # its players' results only: no standings, no ratings
        return
    for seat, player in enumerate(result.players):
        won = int(seat in result.winners)
        score = result.scores[seat]
        name = result.names[seat]
        row = cur.fetchall(
            "SELECT games, wins, total FROM rm_standings WHERE game = ? AND player_id = ?",
            (result.game, player),
        )
        games, wins, total = row[0] if row else (0, 0, 0)
        games, wins, total = games + 1, wins + won, total + score
        cur.execute(
            "INSERT INTO rm_standings (game, player_id, name, games, wins, total, neg_wins,"
            " neg_average) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, player_id)"
            " DO UPDATE SET name = excluded.name, games = excluded.games,"
            " wins = excluded.wins, total = excluded.total, neg_wins = excluded.neg_wins,"
            " neg_average = excluded.neg_average",
            (result.game, player, name, games, wins, total, -wins, -round(total / games, 3)),
        )
    if n < 2:
        return
    before = []
    counts = []
    for player in result.players:
        row = cur.fetchall(
            "SELECT rating, games FROM rm_ratings WHERE game = ? AND player_id = ?",
            (result.game, player),
        )
        before.append(float(row[0][0]) if row else INITIAL_RATING)
        counts.append(int(row[0][1]) if row else 0)
    after = elo(before, result.ranks)
    for seat, player in enumerate(result.players):
        cur.execute(
            "INSERT INTO rm_ratings (game, player_id, name, rating, games, neg_rating)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game, player_id) DO UPDATE SET"
            " name = excluded.name, rating = excluded.rating, games = excluded.games,"
            " neg_rating = excluded.neg_rating",
            (
                result.game,
                player,
                result.names[seat],
                after[seat],
                counts[seat] + 1,
                -round(after[seat], 2),
            ),
        )
    _add_skills(cur, result)


def _add_skills(cur: Cursor, result: Result) -> None:
    """The Plackett-Luce skills of the game's players after it."""
    before = []
    for player in result.players:
        row = cur.fetchall(
            "SELECT mu, sigma, games FROM rm_skills WHERE game = ? AND player_id = ?",
            (result.game, player),
        )
        known = skill.Skill(mu=float(row[0][0]), sigma=float(row[0][1])) if row else None
        before.append((known or skill.initial(), int(row[0][2]) if row else 0))
    after = skill.rate([b for b, _ in before], result.ranks)
    for seat, player in enumerate(result.players):
        rated = after[seat]
        cur.execute(
            "INSERT INTO rm_skills (game, player_id, name, mu, sigma, games, neg_conservative)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, player_id) DO UPDATE SET"
            " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
            " games = excluded.games, neg_conservative = excluded.neg_conservative",
            (
                result.game, player, result.names[seat], rated.mu, rated.sigma,
                before[seat][1] + 1, -round(rated.conservative, 4),
            ),
        )  # fmt: skip
