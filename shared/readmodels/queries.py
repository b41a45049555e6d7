"""Paged queries over the read models, by keyset: a cursor is the sort key of the last row
served (base64url JSON, opaque to clients), never an offset. A row inserted during a walk
sorts before the cursor (newer) or after it, so a walk returns each row at most once and
misses none that existed when it began.

Bad input raises `BadRequest` with code `bad_query` and `details.parameter` naming it.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from typing import Any

import msgspec

from shared.audit.verdicts import MISMATCH, Verdict
from shared.bots.seats import bot_of
from shared.contracts.errors import BadRequest
from shared.readmodels.db import ReadModelDB
from shared.readmodels.rows import Page, TableSummary
from shared.readmodels.states import CANCELLED
from shared.readmodels.tables import DONE, INVITED_SEAT, MINE, WAITING
from shared.standings.board import PlayerResult, Rating, SkillRating, Standing
from shared.tables.state import OPEN, OVER, PLAYING

DEFAULT_LIMIT, MAX_LIMIT = 50, 200
MAX_LISTED_INVITATIONS = 20  # open invitations by name shown in a player's tables
LOBBY_STATUSES = (OPEN, PLAYING, OVER)
TURNS = {"mine": MINE, "waiting": WAITING, "over": DONE}
_summary = msgspec.json.Decoder(TableSummary)
_verdict = msgspec.json.Decoder(Verdict)


def bad(parameter: str, message: str) -> BadRequest:
    """The 400 for one query parameter."""
    return BadRequest(message, code="bad_query", details={"parameter": parameter})


def limit_of(raw: str | None) -> int:
    """`?limit=`: 1..200, default 50."""
    if raw is None:
        return DEFAULT_LIMIT
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_LIMIT:
        raise bad("limit", f"limit must be a whole number from 1 to {MAX_LIMIT}")
    return value


def encode_cursor(key: Sequence[Any]) -> str:
    """The opaque cursor of a sort key."""
    return base64.urlsafe_b64encode(msgspec.json.encode(list(key))).decode().rstrip("=")


def decode_cursor(raw: str | None, types: Sequence[type]) -> list[Any] | None:
    """The sort key of a cursor (None: the first page); 400 unless it has these types."""
    if raw is None or raw == "":
        return None
    try:
        key = msgspec.json.decode(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
    except (binascii.Error, ValueError, msgspec.DecodeError):
        key = None
    ok = isinstance(key, list) and len(key) == len(types)
    if ok:
        for value, kind in zip(key, types, strict=True):
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                continue
            if not isinstance(value, kind) or isinstance(value, bool):
                ok = False
    if not ok:
        raise bad("cursor", "not a cursor of this list")
    return key


def _page(rows: list[Any], limit: int, key: Any, item: Any) -> Page[Any]:
    more = len(rows) > limit
    rows = rows[:limit]
    return Page(items=[item(r) for r in rows], next=encode_cursor(key(rows[-1])) if more else None)


def lobby(
    db: ReadModelDB, status: str | None, game: str | None, cursor: str | None, limit: int
) -> Page[TableSummary]:
    """Tables, newest first: one status (open, playing, over) or all but cancelled ones."""
    if status is not None and status not in LOBBY_STATUSES:
        raise bad("status", f"status must be one of {', '.join(LOBBY_STATUSES)}")
    after = decode_cursor(cursor, (int,))
    where, params = [], []  # type: ignore[var-annotated]
    if status is None:
        where.append("status <> ?")
        params.append(CANCELLED)
    else:
        where.append("status = ?")
        params.append(status)
    if game is not None:
        where.append("game = ?")
        params.append(game)
    if after is not None:
        where.append("created_pos < ?")
        params.append(after[0])
    where.append("NOT EXISTS (SELECT 1 FROM rm_private p WHERE p.table_id = rm_tables.table_id)")
    rows = db.query(
        f"SELECT created_pos, body FROM rm_tables WHERE {' AND '.join(where)}"
        " ORDER BY created_pos DESC LIMIT ?",
        (*params, limit + 1),
    )
    return _page(rows, limit, lambda r: (r[0],), lambda r: _summary.decode(r[1]))


def my_tables(
    db: ReadModelDB, player_id: str, turn: str | None, cursor: str | None, limit: int
) -> Page[TableSummary]:
    """A player's tables: their turn first, then waiting, then over; newest first in each.
    Of the open invitations by name, only the MAX_LISTED_INVITATIONS newest tables are
    listed, so invitations from many tables cannot flood the list."""
    if turn is not None and turn not in TURNS:
        raise bad("turn", f"turn must be one of {', '.join(TURNS)}")
    after = decode_cursor(cursor, (int, int))
    where: list[str] = [
        "s.player_id = ?",
        "(s.seat <> ? OR s.created_pos >= COALESCE((SELECT MIN(n.created_pos) FROM"
        " (SELECT i.created_pos FROM rm_seats i WHERE i.player_id = ? AND i.seat = ?"
        " ORDER BY i.created_pos DESC LIMIT ?) n), 0))",
    ]
    params: list[Any] = [
        player_id, INVITED_SEAT, player_id, INVITED_SEAT, MAX_LISTED_INVITATIONS,
    ]  # fmt: skip
    if turn is not None:
        where.append("s.grp = ?")
        params.append(TURNS[turn])
    if after is not None:
        where.append("(s.grp > ? OR (s.grp = ? AND s.created_pos < ?))")
        params.extend([after[0], after[0], after[1]])
    rows = db.query(
        "SELECT s.grp, s.created_pos, t.body FROM rm_seats s"
        f" JOIN rm_tables t ON t.table_id = s.table_id WHERE {' AND '.join(where)}"
        " ORDER BY s.grp, s.created_pos DESC LIMIT ?",
        (*params, limit + 1),
    )
    return _page(rows, limit, lambda r: (r[0], r[1]), lambda r: _summary.decode(r[2]))


def open_invitations_by(db: ReadModelDB, host: str) -> int:
    """The open invitations by name at the open tables `host` hosts (a host holds seat 0)."""
    rows = db.query(
        "SELECT COUNT(*) FROM rm_seats s JOIN rm_seats h ON h.table_id = s.table_id"
        " WHERE s.seat = ? AND h.seat = 0 AND h.player_id = ?",
        (INVITED_SEAT, host),
    )
    return int(rows[0][0]) if rows else 0


def player_results(
    db: ReadModelDB, player_id: str, cursor: str | None, limit: int, viewer: str = ""
) -> Page[PlayerResult]:
    """A player's finished games, newest first; a private table's only if `viewer` ("":
    nobody signed in) played it too."""
    after = decode_cursor(cursor, (int,))
    extra, params = ("", ()) if after is None else (" AND position < ?", (after[0],))
    rows = db.query(
        "SELECT position, table_id, game, seat, score, rank, won, forfeited, players"
        f" FROM rm_results r WHERE player_id = ?{extra}"
        " AND (NOT EXISTS (SELECT 1 FROM rm_private p WHERE p.table_id = r.table_id)"
        " OR EXISTS (SELECT 1 FROM rm_results v WHERE v.table_id = r.table_id"
        " AND v.player_id = ?)) ORDER BY position DESC LIMIT ?",
        (player_id, *params, viewer, limit + 1),
    )
    return _page(
        rows,
        limit,
        lambda r: (r[0],),
        lambda r: PlayerResult(
            table_id=r[1],
            game=r[2],
            seat=r[3],
            score=r[4],
            rank=r[5],
            won=bool(r[6]),
            forfeited=bool(r[7]),
            players=r[8],
        ),
    )


def standings(db: ReadModelDB, game: str, cursor: str | None, limit: int) -> Page[Standing]:
    """A game's players by wins, then average score, then name."""
    after = decode_cursor(cursor, (int, float, str, str))
    extra = "" if after is None else " AND (neg_wins, neg_average, name, player_id) > (?, ?, ?, ?)"
    rows = db.query(
        "SELECT neg_wins, neg_average, name, player_id, games, wins FROM rm_standings"
        f" WHERE game = ?{extra} ORDER BY neg_wins, neg_average, name, player_id LIMIT ?",
        (game, *(after or ()), limit + 1),
    )
    return _page(
        rows,
        limit,
        lambda r: r[:4],
        lambda r: Standing(
            player_id=r[3],
            name=r[2],
            games=r[4],
            wins=r[5],
            average_score=-r[1] + 0.0,
            bot=bot_of(r[3]) is not None,
        ),
    )


def ratings(db: ReadModelDB, game: str, cursor: str | None, limit: int) -> Page[Rating]:
    """A game's players by rating, best first."""
    after = decode_cursor(cursor, (float, str, str))
    extra = "" if after is None else " AND (neg_rating, name, player_id) > (?, ?, ?)"
    rows = db.query(
        "SELECT neg_rating, name, player_id, games FROM rm_ratings"
        f" WHERE game = ?{extra} ORDER BY neg_rating, name, player_id LIMIT ?",
        (game, *(after or ()), limit + 1),
    )
    return _page(
        rows,
        limit,
        lambda r: r[:3],
        lambda r: Rating(
            player_id=r[2], name=r[1], rating=-r[0] + 0.0, games=r[3], bot=bot_of(r[2]) is not None
        ),
    )


def skills(db: ReadModelDB, game: str, cursor: str | None, limit: int) -> Page[SkillRating]:
    """A game's leaderboard: players by conservative skill estimate (mu - 3 sigma)."""
    after = decode_cursor(cursor, (float, str, str))
    extra = "" if after is None else " AND (neg_conservative, name, player_id) > (?, ?, ?)"
    rows = db.query(
        "SELECT neg_conservative, name, player_id, games, mu, sigma FROM rm_skills"
        f" WHERE game = ?{extra} ORDER BY neg_conservative, name, player_id LIMIT ?",
        (game, *(after or ()), limit + 1),
    )
    return _page(
        rows,
        limit,
        lambda r: r[:3],
        lambda r: SkillRating(
            player_id=r[2],
            name=r[1],
            conservative=-r[0] + 0.0,
            mu=round(r[4], 4),
            sigma=round(r[5], 4),
            games=r[3],
            bot=bot_of(r[2]) is not None,
        ),
    )


def table(db: ReadModelDB, table_id: str) -> TableSummary | None:
    """One table's summary, or None."""
    rows = db.query("SELECT body FROM rm_tables WHERE table_id = ?", (table_id,))
    return _summary.decode(rows[0][0]) if rows else None


def flagged(db: ReadModelDB, cursor: str | None, limit: int) -> Page[Verdict]:
    """The verdicts that found a mismatch, in the order the games ended."""
    after = decode_cursor(cursor, (int, str))
    extra = "" if after is None else " AND (ended_at, table_id) > (?, ?)"
    rows = db.query(
        "SELECT ended_at, table_id, body FROM rm_verdicts"
        f" WHERE outcome = ?{extra} ORDER BY ended_at, table_id LIMIT ?",
        (MISMATCH, *(after or ()), limit + 1),
    )
    return _page(rows, limit, lambda r: (r[0], r[1]), lambda r: _verdict.decode(r[2]))


def unverified(db: ReadModelDB, limit: int = 100) -> list[tuple[str, str, int]]:
    """Finished tables without a verdict yet: (table_id, game, ended at), oldest first."""
    rows = db.query(
        "SELECT t.table_id, t.game, t.finished_pos FROM rm_tables t"
        " LEFT JOIN rm_verdicts v ON v.table_id = t.table_id"
        " WHERE t.finished_pos IS NOT NULL AND v.table_id IS NULL"
        " ORDER BY t.finished_pos LIMIT ?",
        (limit,),
    )
    return [(str(a), str(b), int(c)) for a, b, c in rows]
