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

from typing import Any

import msgspec

from shared.readmodels.db import Cursor
from shared.standings import skill
from shared.standings.board import INITIAL_RATING, Result, elo


def write(cur: Cursor, results: list[Result]) -> None:
    """Add finished games, in the order they ended."""
    for result in results:
        _add(cur, result)


def _add(cur: Cursor, result: Result) -> None:
    if cur.fetchall("SELECT verdict FROM rm_rulings WHERE table_id = ?", (result.table_id,)):
        return  # ruled on before its result was folded: the ruling's refold decides
    n = len(result.players)
    cur.many_rows(
        "INSERT INTO rm_results (player_id, table_id, position, game, seat, score, rank, won,"
        " forfeited, players) {values}",
        [
            (
                player, result.table_id, result.position, result.game, seat,
                result.scores[seat], result.ranks[seat], int(seat in result.winners),
                int(seat in result.forfeited), n,
            )
            for seat, player in enumerate(result.players)
        ],
    )  # fmt: skip
    _count(cur, result)


def _known(
    cur: Cursor, table: str, columns: str, game: str, players: list[str]
) -> dict[str, tuple[Any, ...]]:
    """The rows of the game's players in one of its tables, by player: one query."""
    marks = ", ".join("?" * len(players))
    rows = cur.fetchall(
        f"SELECT player_id, {columns} FROM {table} WHERE game = ? AND player_id IN ({marks})",
        (game, *players),
    )
    return {str(row[0]): row[1:] for row in rows}


def _count(cur: Cursor, result: Result) -> None:
    """The game's standings, ratings and skills after the result: one read and one write
    of each table for all its players (a table seats a player once, `rm_results`' key)."""
    n = len(result.players)
    if result.private:  # its players' results only: no standings, no ratings
        return
    standing = _known(cur, "rm_standings", "games, wins, total", result.game, result.players)
    rows: list[tuple[Any, ...]] = []
    for seat, player in enumerate(result.players):
        games, wins, total = standing.get(player, (0, 0, 0))
        games, wins = games + 1, wins + int(seat in result.winners)
        total = total + result.scores[seat]
        rows.append((
            result.game, player, result.names[seat], games, wins, total, -wins,
            -round(total / games, 3),
        ))  # fmt: skip
    cur.many_rows(
        "INSERT INTO rm_standings (game, player_id, name, games, wins, total, neg_wins,"
        " neg_average) {values} ON CONFLICT (game, player_id)"
        " DO UPDATE SET name = excluded.name, games = excluded.games,"
        " wins = excluded.wins, total = excluded.total, neg_wins = excluded.neg_wins,"
        " neg_average = excluded.neg_average",
        rows,
    )
    if n < 2:
        return
    rated = _known(cur, "rm_ratings", "rating, games", result.game, result.players)
    before = [float(rated[p][0]) if p in rated else INITIAL_RATING for p in result.players]
    counts = [int(rated[p][1]) if p in rated else 0 for p in result.players]
    after = elo(before, result.ranks)
    rows = [
        (
            result.game, player, result.names[seat], after[seat], counts[seat] + 1,
            -round(after[seat], 2),
        )
        for seat, player in enumerate(result.players)
    ]  # fmt: skip
    cur.many_rows(
        "INSERT INTO rm_ratings (game, player_id, name, rating, games, neg_rating)"
        " {values} ON CONFLICT (game, player_id) DO UPDATE SET"
        " name = excluded.name, rating = excluded.rating, games = excluded.games,"
        " neg_rating = excluded.neg_rating",
        rows,
    )
    _add_skills(cur, result)


def _add_skills(cur: Cursor, result: Result) -> None:
    """The Plackett-Luce skills of the game's players after it."""
    known = _known(cur, "rm_skills", "mu, sigma, games", result.game, result.players)
    before = [
        (skill.Skill(mu=float(known[p][0]), sigma=float(known[p][1])), int(known[p][2]))
        if p in known
        else (skill.initial(), 0)
        for p in result.players
    ]
    after = skill.rate([b for b, _ in before], result.ranks)
    rows = [
        (
            result.game, player, result.names[seat], after[seat].mu, after[seat].sigma,
            before[seat][1] + 1, -round(after[seat].conservative, 4),
        )
        for seat, player in enumerate(result.players)
    ]  # fmt: skip
    cur.many_rows(
        "INSERT INTO rm_skills (game, player_id, name, mu, sigma, games, neg_conservative)"
        " {values} ON CONFLICT (game, player_id) DO UPDATE SET"
        " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
        " games = excluded.games, neg_conservative = excluded.neg_conservative",
        rows,
    )


class Ruling(msgspec.Struct, frozen=True, kw_only=True):
    """An arbiter's verdict that changes a finished game's result (`shared.disputes`):
    annulled or replayed (the game counts for no one), or a forfeit by `seat`."""

    table_id: str
    verdict: str  # annulled, replayed, forfeit
    seat: int | None
    position: int  # the event-log position of the verdict


def rule(cur: Cursor, rulings: list[Ruling]) -> None:
    """Apply verdicts: the game's rows change (gone, or the seat forfeits), then the game's
    standings, ratings and skills are folded again from its results, in the order the
    games ended, as if the game had always had that outcome."""
    for ruling in rulings:
        cur.execute(
            "INSERT INTO rm_rulings (table_id, verdict, seat, position) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (table_id) DO UPDATE SET verdict = excluded.verdict,"
            " seat = excluded.seat, position = excluded.position",
            (ruling.table_id, ruling.verdict, ruling.seat, ruling.position),
        )
        rows = cur.fetchall(
            "SELECT DISTINCT game FROM rm_results WHERE table_id = ?", (ruling.table_id,)
        )
        if not rows:
            continue  # not folded yet (or private to no one): nothing counted
        if ruling.verdict == "forfeit" and ruling.seat is not None:
            _forfeit(cur, ruling.table_id, ruling.seat)
        else:
            cur.execute("DELETE FROM rm_results WHERE table_id = ?", (ruling.table_id,))
        refold(cur, str(rows[0][0]))


def _forfeit(cur: Cursor, table_id: str, seat: int) -> None:
    """The seat loses (last, forfeited); the others keep their order among themselves."""
    rows = cur.fetchall(
        "SELECT seat, rank FROM rm_results WHERE table_id = ? ORDER BY seat", (table_id,)
    )
    others = sorted({int(rank) for s, rank in rows if int(s) != seat})
    new = {int(s): others.index(int(rank)) + 1 for s, rank in rows if int(s) != seat}
    new[seat] = len(others) + 1
    for s, rank in new.items():
        cur.execute(
            "UPDATE rm_results SET rank = ?, won = ?, forfeited = ? WHERE table_id = ?"
            " AND seat = ?",
            (rank, int(rank == 1 and s != seat), int(s == seat), table_id, s),
        )  # a forfeiting seat's other flags stay as they were; its forfeit is set


def refold(cur: Cursor, game: str) -> None:
    """The game's standings, ratings and skills folded again from its `rm_results` rows."""
    names: dict[str, str] = {}
    for table in ("rm_standings", "rm_ratings", "rm_skills"):
        for player, name in cur.fetchall(
            f"SELECT player_id, name FROM {table} WHERE game = ?", (game,)
        ):
            names[str(player)] = str(name)
        cur.execute(f"DELETE FROM {table} WHERE game = ?", (game,))
    rows = cur.fetchall(
        "SELECT r.table_id, r.position, r.seat, r.player_id, r.score, r.rank, r.won,"
        " r.forfeited, CASE WHEN p.table_id IS NULL THEN 0 ELSE 1 END FROM rm_results r"
        " LEFT JOIN rm_private p ON p.table_id = r.table_id WHERE r.game = ?"
        " ORDER BY r.position, r.table_id, r.seat",
        (game,),
    )
    games: dict[str, list[tuple[object, ...]]] = {}
    for row in rows:
        games.setdefault(str(row[0]), []).append(row)
    for table_id, seats in games.items():
        players = [str(r[3]) for r in seats]
        _count(
            cur,
            Result(
                table_id=table_id, game=game, position=int(seats[0][1]),  # type: ignore[call-overload]
                players=players, names=[names.get(p, "") for p in players],
                scores=[int(r[4]) for r in seats],  # type: ignore[call-overload]
                ranks=[int(r[5]) for r in seats],  # type: ignore[call-overload]
                winners=[int(r[2]) for r in seats if r[6]],  # type: ignore[call-overload]
                forfeited=[int(r[2]) for r in seats if r[7]],  # type: ignore[call-overload]
                private=bool(seats[0][8]),
            ),
        )  # fmt: skip
