"""The tournament read model: one row per tournament and one per player and tournament (its
standing), SQL beside the events like the other read models (docs/readmodels.md), written
by the tournament manager with its position in one transaction, read a page at a time."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Literal, TypeVar

import msgspec

from shared.projections.tracking import Positions, Tracking, advance
from shared.readmodels.db import Cursor, ReadModelDB
from shared.readmodels.queries import bad, decode_cursor, encode_cursor
from shared.readmodels.rows import Page
from shared.tournaments.standings import TournamentStanding, standings
from shared.tournaments.state import TournamentState
from shared.tournaments.views import TournamentSummary, summary_of

CONSUMER = "tournaments"
DDL = [
    """CREATE TABLE IF NOT EXISTS rm_tournaments (
        tournament_id TEXT PRIMARY KEY, created_pos BIGINT NOT NULL, status TEXT NOT NULL,
        game TEXT NOT NULL, private INTEGER NOT NULL, version INTEGER NOT NULL,
        body TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS rm_tournaments_list ON rm_tournaments (status, created_pos)",
    """CREATE TABLE IF NOT EXISTS rm_tournament_players (
        tournament_id TEXT NOT NULL, player_id TEXT NOT NULL, created_pos BIGINT NOT NULL,
        rank INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (tournament_id, player_id))""",
    """CREATE INDEX IF NOT EXISTS rm_tournament_players_rank
        ON rm_tournament_players (tournament_id, rank)""",
    """CREATE INDEX IF NOT EXISTS rm_tournament_players_mine
        ON rm_tournament_players (player_id, created_pos)""",
]
ListStatus = Literal["open", "running", "finished"]
STATUSES = ("open", "running", "finished")
_summary = msgspec.json.Decoder(TournamentSummary)
_standing = msgspec.json.Decoder(TournamentStanding)
_encode = msgspec.json.Encoder()
T = TypeVar("T")


def _page(rows: list[Any], limit: int, item: Callable[[Any], T]) -> Page[T]:
    """A page of rows whose first column is the sort key."""
    more = len(rows) > limit
    rows = rows[:limit]
    return Page(items=[item(r) for r in rows], next=encode_cursor([rows[-1][0]]) if more else None)


CREATE_ATTEMPTS = 5


def create(db: ReadModelDB) -> None:
    """Create the tables and the position row if missing (safe to run concurrently); an
    old store's position (`rm_tournament_positions`) is read once into the consumers'
    tracking table."""
    for attempt in range(1, CREATE_ATTEMPTS + 1):
        try:
            with db.transaction() as cur:
                for statement in DDL:
                    cur.execute(statement)
            break
        except Exception:
            # Processes starting together race on PostgreSQL's CREATE ... IF NOT EXISTS
            # ("duplicate key" on its catalogue): the loser finds the tables next time.
            if attempt == CREATE_ATTEMPTS:
                raise
            time.sleep(0.1 * attempt)
    Positions(db).ensure(CONSUMER, lambda: _old_position(db))


def _old_position(db: ReadModelDB) -> int:
    try:
        rows = db.query(
            "SELECT position FROM rm_tournament_positions WHERE consumer = ?", (CONSUMER,)
        )
    except Exception:  # no such table: a store made after positions moved
        return 0
    return int(rows[0][0]) if rows else 0


def position(db: ReadModelDB) -> int:
    """The log position the model (and the manager's effects) reached."""
    return Positions(db).get(CONSUMER)


def move(cur: Cursor, read: int, end: int) -> bool:
    """Move the position from `read` to `end`; False if another process moved it first."""
    return advance(cur, read, Tracking(CONSUMER, end))


def write(cur: Cursor, state: TournamentState, created_pos: int) -> None:
    """A tournament's row and its players' standings, replacing what was there."""
    summary = summary_of(state)
    cur.execute(
        "INSERT INTO rm_tournaments (tournament_id, created_pos, status, game, private,"
        " version, body) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE"
        " SET status = excluded.status, version = excluded.version, body = excluded.body",
        (
            state.tournament_id, created_pos, state.status, summary.game,
            int(summary.visibility == "private"), state.version,
            _encode.encode(summary).decode(),
        ),
    )  # fmt: skip
    cur.execute("DELETE FROM rm_tournament_players WHERE tournament_id = ?", (state.tournament_id,))
    rows = [
        (state.tournament_id, s.player_id, created_pos, s.rank, _encode.encode(s).decode())
        for s in standings(state)
    ]
    cur.executemany(
        "INSERT INTO rm_tournament_players (tournament_id, player_id, created_pos, rank, body)"
        " VALUES (?, ?, ?, ?, ?)",
        rows,
    )


def running(db: ReadModelDB) -> list[str]:
    """The tournaments being played."""
    rows = db.query("SELECT tournament_id FROM rm_tournaments WHERE status = 'running'")
    return [str(r[0]) for r in rows]


def due_to_start(db: ReadModelDB, now: str) -> list[tuple[str, int]]:
    """Open tournaments whose sign-up deadline (UTC, as stored) is `now` or earlier, with
    how many players signed up."""
    rows = db.query("SELECT body FROM rm_tournaments WHERE status = 'open'")
    summaries = [_summary.decode(r[0]) for r in rows]
    return [
        (s.tournament_id, s.players)
        for s in summaries
        if s.signup_deadline and s.signup_deadline <= now
    ]


def finished_tables(db: ReadModelDB, table_ids: list[str]) -> list[str]:
    """Those of the tables that are over, from the tables read model (`rm_tables`)."""
    found: list[str] = []
    for at in range(0, len(table_ids), 500):
        chunk = table_ids[at : at + 500]
        marks = ", ".join("?" * len(chunk))
        rows = db.query(
            f"SELECT table_id FROM rm_tables WHERE status = 'over' AND table_id IN ({marks})",
            chunk,
        )
        found += [str(r[0]) for r in rows]
    return found


def created_pos(db: ReadModelDB, tournament_id: str) -> int | None:
    """Where the tournament's row sorts (its first event's position), if it has one."""
    rows = db.query(
        "SELECT created_pos FROM rm_tournaments WHERE tournament_id = ?", (tournament_id,)
    )
    return int(rows[0][0]) if rows else None


def version_of(db: ReadModelDB, tournament_id: str) -> int:
    """The tournament version the model shows (0: none yet)."""
    rows = db.query("SELECT version FROM rm_tournaments WHERE tournament_id = ?", (tournament_id,))
    return int(rows[0][0]) if rows else 0


def listed(
    db: ReadModelDB, status: str | None, cursor: str | None, limit: int
) -> Page[TournamentSummary]:
    """Public tournaments, newest first: one status or all but cancelled ones."""
    if status is not None and status not in STATUSES:
        raise bad("state", f"state must be one of {', '.join(STATUSES)}")
    after = decode_cursor(cursor, (int,))
    where = ["private = 0"]
    params: list[object] = []
    if status is None:
        where.append("status <> 'cancelled'")
    else:
        where.append("status = ?")
        params.append(status)
    if after is not None:
        where.append("created_pos < ?")
        params.append(after[0])
    rows = db.query(
        f"SELECT created_pos, body FROM rm_tournaments WHERE {' AND '.join(where)}"
        " ORDER BY created_pos DESC LIMIT ?",
        (*params, limit + 1),
    )
    return _page(rows, limit, lambda r: _summary.decode(r[1]))


def mine(
    db: ReadModelDB, player_id: str, cursor: str | None, limit: int
) -> Page[TournamentSummary]:
    """The tournaments a player signed up for, newest first (private ones too)."""
    after = decode_cursor(cursor, (int,))
    extra = "" if after is None else " AND p.created_pos < ?"
    rows = db.query(
        "SELECT t.created_pos, t.body FROM rm_tournament_players p JOIN rm_tournaments t"
        f" ON t.tournament_id = p.tournament_id WHERE p.player_id = ?{extra}"
        " ORDER BY p.created_pos DESC LIMIT ?",
        (player_id, *(after or ()), limit + 1),
    )
    return _page(rows, limit, lambda r: _summary.decode(r[1]))


def standings_page(
    db: ReadModelDB, tournament_id: str, cursor: str | None, limit: int
) -> Page[TournamentStanding]:
    """A tournament's standings, best first."""
    after = decode_cursor(cursor, (int,))
    extra = "" if after is None else " AND rank > ?"
    rows = db.query(
        "SELECT rank, body FROM rm_tournament_players"
        f" WHERE tournament_id = ?{extra} ORDER BY rank LIMIT ?",
        (tournament_id, *(after or ()), limit + 1),
    )
    return _page(rows, limit, lambda r: _standing.decode(r[1]))
