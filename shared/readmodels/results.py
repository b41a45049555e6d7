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

PER_READ = 500  # keys of one `IN (...)` read at most

Key = tuple[str, str]  # (game, player)


def write(cur: Cursor, results: list[Result]) -> None:
    """Add finished games, in the order they ended: a few statements for all of them (one
    read of the rulings, one insert of the results, one read and one write each of
    standings, ratings and skills), however many games the batch holds."""
    if not results:
        return
    ids = sorted({r.table_id for r in results})
    ruled: set[str] = set()
    for at in range(0, len(ids), PER_READ):
        part = ids[at : at + PER_READ]
        marks = ", ".join("?" * len(part))
        ruled |= {
            str(row[0])
            for row in cur.fetchall(
                f"SELECT table_id FROM rm_rulings WHERE table_id IN ({marks})", part
            )
        }  # ruled on before their results were folded: the ruling's refold decides
    results = [r for r in results if r.table_id not in ruled]
    cur.many_rows(
        "INSERT INTO rm_results (player_id, table_id, position, game, seat, score, rank, won,"
        " forfeited, players) {values}",
        [
            (
                player, result.table_id, result.position, result.game, seat,
                result.scores[seat], result.ranks[seat], int(seat in result.winners),
                int(seat in result.forfeited), len(result.players),
            )
            for result in results
            for seat, player in enumerate(result.players)
        ],
    )  # fmt: skip
    _count(cur, results)


def _known(
    cur: Cursor, table: str, columns: str, results: list[Result]
) -> dict[Key, tuple[Any, ...]]:
    """The rows of the games' players in one of the model's tables, by (game, player): one
    query per game (and per `PER_READ` players)."""
    players: dict[str, set[str]] = {}
    for result in results:
        players.setdefault(result.game, set()).update(result.players)
    rows: dict[Key, tuple[Any, ...]] = {}
    for game, wanted in players.items():
        names = sorted(wanted)
        for at in range(0, len(names), PER_READ):
            part = names[at : at + PER_READ]
            marks = ", ".join("?" * len(part))
            statement = (
                f"SELECT player_id, {columns} FROM {table}"
                f" WHERE game = ? AND player_id IN ({marks})"
            )
            for row in cur.fetchall(statement, (game, *part)):
                rows[(game, str(row[0]))] = tuple(row[1:])
    return rows


def _count(cur: Cursor, results: list[Result]) -> None:
    """The standings, ratings and skills after the games, folded in memory in the order they
    ended from one read of each table, then one write of each (a table seats a player once,
    `rm_results`' key). Private games count in none of them."""
    counted = [r for r in results if not r.private]
    if not counted:
        return
    standing = _known(cur, "rm_standings", "games, wins, total", counted)
    names: dict[Key, str] = {}
    for result in counted:
        for seat, player in enumerate(result.players):
            key = (result.game, player)
            games, wins, total = standing.get(key, (0, 0, 0))
            standing[key] = (
                games + 1, wins + int(seat in result.winners), total + result.scores[seat]
            )  # fmt: skip
            names[key] = result.names[seat]
    cur.many_rows(
        "INSERT INTO rm_standings (game, player_id, name, games, wins, total, neg_wins,"
        " neg_average) {values} ON CONFLICT (game, player_id)"
        " DO UPDATE SET name = excluded.name, games = excluded.games,"
        " wins = excluded.wins, total = excluded.total, neg_wins = excluded.neg_wins,"
        " neg_average = excluded.neg_average",
        [
            (game, player, name, games, wins, total, -wins, -round(total / games, 3))
            for (game, player), name in names.items()
            for games, wins, total in [standing[(game, player)]]
        ],
    )  # fmt: skip
    rated = [r for r in counted if len(r.players) >= 2]
    if not rated:
        return
    _add_ratings(cur, rated, names)
    _add_skills(cur, rated, names)


def _add_ratings(cur: Cursor, results: list[Result], names: dict[Key, str]) -> None:
    """The Elo ratings of the games' players after them."""
    known = _known(cur, "rm_ratings", "rating, games", results)
    ratings = {k: (float(v[0]), int(v[1])) for k, v in known.items()}
    changed: dict[Key, None] = {}
    for result in results:
        keys = [(result.game, p) for p in result.players]
        before = [ratings.get(k, (INITIAL_RATING, 0)) for k in keys]
        after = elo([b[0] for b in before], result.ranks)
        for key, (_, games), rating in zip(keys, before, after, strict=True):
            ratings[key] = (rating, games + 1)
            changed[key] = None
    cur.many_rows(
        "INSERT INTO rm_ratings (game, player_id, name, rating, games, neg_rating)"
        " {values} ON CONFLICT (game, player_id) DO UPDATE SET"
        " name = excluded.name, rating = excluded.rating, games = excluded.games,"
        " neg_rating = excluded.neg_rating",
        [
            (game, player, names[(game, player)], rating, games, -round(rating, 2))
            for game, player in changed
            for rating, games in [ratings[(game, player)]]
        ],
    )  # fmt: skip


def _add_skills(cur: Cursor, results: list[Result], names: dict[Key, str]) -> None:
    """The Plackett-Luce skills of the games' players after them."""
    known = _known(cur, "rm_skills", "mu, sigma, games", results)
    skills = {
        k: (skill.Skill(mu=float(v[0]), sigma=float(v[1])), int(v[2])) for k, v in known.items()
    }
    changed: dict[Key, None] = {}
    for result in results:
        keys = [(result.game, p) for p in result.players]
        before = [skills.get(k, (skill.initial(), 0)) for k in keys]
        after = skill.rate([b[0] for b in before], result.ranks)
        for key, (_, games), rated in zip(keys, before, after, strict=True):
            skills[key] = (rated, games + 1)
            changed[key] = None
    cur.many_rows(
        "INSERT INTO rm_skills (game, player_id, name, mu, sigma, games, neg_conservative)"
        " {values} ON CONFLICT (game, player_id) DO UPDATE SET"
        " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma,"
        " games = excluded.games, neg_conservative = excluded.neg_conservative",
        [
            (
                game, player, names[(game, player)], rated.mu, rated.sigma, games,
                -round(rated.conservative, 4),
            )
            for game, player in changed
            for rated, games in [skills[(game, player)]]
        ],
    )  # fmt: skip


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
    folded: list[Result] = []
    for table_id, seats in games.items():
        players = [str(r[3]) for r in seats]
        folded.append(
            Result(
                table_id=table_id, game=game, position=int(seats[0][1]),  # type: ignore[call-overload]
                players=players, names=[names.get(p, "") for p in players],
                scores=[int(r[4]) for r in seats],  # type: ignore[call-overload]
                ranks=[int(r[5]) for r in seats],  # type: ignore[call-overload]
                winners=[int(r[2]) for r in seats if r[6]],  # type: ignore[call-overload]
                forfeited=[int(r[2]) for r in seats if r[7]],  # type: ignore[call-overload]
                private=bool(seats[0][8]),
            )
        )  # fmt: skip
    _count(cur, folded)
