"""The read-model tables, their indexes, and which tables make up each named model.

Every model has a position, the last event-log position it applied: the consumer
`readmodels.<model>` of the consumers' tracking table (`shared.projections.tracking`; an
old store's `rm_positions` row is read once into it). The projector moves that position and
writes the model's rows in one transaction.
"""

from __future__ import annotations

from shared.projections.tracking import Positions
from shared.readmodels.db import ReadModelDB

FLOAT = "DOUBLE PRECISION"  # REAL affinity on SQLite, 8 bytes on PostgreSQL

DDL = [
    # tables: one row per table (body: the summary as JSON, without its two times)
    """CREATE TABLE IF NOT EXISTS rm_tables (
        table_id TEXT PRIMARY KEY, created_pos BIGINT NOT NULL, game TEXT NOT NULL,
        status TEXT NOT NULL, version INTEGER NOT NULL, created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL, finished_pos BIGINT, body TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS rm_tables_lobby ON rm_tables (status, created_pos)",
    "CREATE INDEX IF NOT EXISTS rm_tables_game ON rm_tables (game, status, created_pos)",
    "CREATE INDEX IF NOT EXISTS rm_tables_new ON rm_tables (created_pos)",
    "CREATE INDEX IF NOT EXISTS rm_tables_finished ON rm_tables (finished_pos)",
    # private tables: in my tables, never in the lobby
    "CREATE TABLE IF NOT EXISTS rm_private (table_id TEXT PRIMARY KEY)",
    # one row per seated player and table; grp 0: my turn, 1: waiting, 2: over or cancelled
    """CREATE TABLE IF NOT EXISTS rm_seats (
        player_id TEXT NOT NULL, table_id TEXT NOT NULL, seat INTEGER NOT NULL,
        grp INTEGER NOT NULL, created_pos BIGINT NOT NULL, PRIMARY KEY (player_id, table_id))""",
    "CREATE INDEX IF NOT EXISTS rm_seats_mine ON rm_seats (player_id, grp, created_pos DESC)",
    "CREATE INDEX IF NOT EXISTS rm_seats_table ON rm_seats (table_id)",
    # results: a player's finished games; standings and ratings per game
    """CREATE TABLE IF NOT EXISTS rm_results (
        player_id TEXT NOT NULL, table_id TEXT NOT NULL, position BIGINT NOT NULL,
        game TEXT NOT NULL, seat INTEGER NOT NULL, score INTEGER NOT NULL,
        rank INTEGER NOT NULL, won INTEGER NOT NULL, forfeited INTEGER NOT NULL,
        players INTEGER NOT NULL, PRIMARY KEY (player_id, table_id))""",
    "CREATE INDEX IF NOT EXISTS rm_results_player ON rm_results (player_id, position)",
    f"""CREATE TABLE IF NOT EXISTS rm_standings (
        game TEXT NOT NULL, player_id TEXT NOT NULL, name TEXT NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, total BIGINT NOT NULL,
        neg_wins INTEGER NOT NULL, neg_average {FLOAT} NOT NULL,
        PRIMARY KEY (game, player_id))""",
    """CREATE INDEX IF NOT EXISTS rm_standings_best
        ON rm_standings (game, neg_wins, neg_average, name, player_id)""",
    f"""CREATE TABLE IF NOT EXISTS rm_ratings (
        game TEXT NOT NULL, player_id TEXT NOT NULL, name TEXT NOT NULL,
        rating {FLOAT} NOT NULL, games INTEGER NOT NULL, neg_rating {FLOAT} NOT NULL,
        PRIMARY KEY (game, player_id))""",
    """CREATE INDEX IF NOT EXISTS rm_ratings_best
        ON rm_ratings (game, neg_rating, name, player_id)""",
    # Plackett-Luce skill per game and player; the leaderboard sorts by mu - 3 sigma
    f"""CREATE TABLE IF NOT EXISTS rm_skills (
        game TEXT NOT NULL, player_id TEXT NOT NULL, name TEXT NOT NULL,
        mu {FLOAT} NOT NULL, sigma {FLOAT} NOT NULL, games INTEGER NOT NULL,
        neg_conservative {FLOAT} NOT NULL, PRIMARY KEY (game, player_id))""",
    """CREATE INDEX IF NOT EXISTS rm_skills_best
        ON rm_skills (game, neg_conservative, name, player_id)""",
    # audit verdicts, one per finished table
    """CREATE TABLE IF NOT EXISTS rm_verdicts (
        table_id TEXT PRIMARY KEY, outcome TEXT NOT NULL, ended_at BIGINT NOT NULL,
        body TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS rm_verdicts_outcome ON rm_verdicts (outcome, ended_at)",
    # arbiters' verdicts that change a game's result (annulled, replayed, forfeit)
    """CREATE TABLE IF NOT EXISTS rm_rulings (
        table_id TEXT PRIMARY KEY, verdict TEXT NOT NULL, seat INTEGER,
        position BIGINT NOT NULL)""",
    # dispute cases, their latest summary (body: JSON)
    """CREATE TABLE IF NOT EXISTS rm_disputes (
        dispute_id TEXT PRIMARY KEY, table_id TEXT NOT NULL, player_id TEXT NOT NULL,
        state TEXT NOT NULL, opened_pos BIGINT NOT NULL, body TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS rm_disputes_queue ON rm_disputes (state, opened_pos)",
    "CREATE INDEX IF NOT EXISTS rm_disputes_table ON rm_disputes (table_id)",
]

# The named models (`senet rebuild --only NAME`) and the tables each one owns.
MODELS: dict[str, tuple[str, ...]] = {
    "tables": ("rm_tables", "rm_seats", "rm_private"),
    "results": ("rm_results", "rm_standings", "rm_ratings", "rm_skills", "rm_rulings"),
    "verdicts": ("rm_verdicts",),
    "disputes": ("rm_disputes",),
}

CREATE_ATTEMPTS = 5


def create_schema(db: ReadModelDB) -> None:
    """Create the tables, indexes and position rows if missing (safe to run concurrently)."""
    import time

    for attempt in range(1, CREATE_ATTEMPTS + 1):
        try:
            with db.transaction() as cur:
                for statement in DDL:
                    cur.execute(statement)
            break
        except Exception:
            # Processes starting together race on PostgreSQL's CREATE ... IF NOT EXISTS.
            if attempt == CREATE_ATTEMPTS:
                raise
            time.sleep(0.1 * attempt)
    tracking = Positions(db)
    for model in MODELS:
        tracking.ensure(tracked(model), lambda model=model: _old_position(db, model))  # type: ignore[misc]


def tracked(model: str) -> str:
    """The consumer name of a model's position."""
    return f"readmodels.{model}"


def _old_position(db: ReadModelDB, model: str) -> int:
    """A model's position in an old store's `rm_positions` (0 without one)."""
    try:
        rows = db.query("SELECT position FROM rm_positions WHERE model = ?", (model,))
    except Exception:  # no such table: a store made after positions moved
        return 0
    return int(rows[0][0]) if rows else 0


def positions(db: ReadModelDB) -> dict[str, int]:
    """Every model's applied position."""
    names = {tracked(m): m for m in MODELS}
    marks = ", ".join("?" * len(names))
    rows = db.query(
        f"SELECT consumer, position FROM consumer_positions WHERE consumer IN ({marks})",
        tuple(names),
    )
    found = {names[str(c)]: int(p) for c, p in rows}
    return {m: found.get(m, 0) for m in MODELS}


def reset(db: ReadModelDB, model: str) -> None:
    """Empty a model and set its position to zero (one transaction): it is built again."""
    with db.transaction() as cur:
        for table in MODELS[model]:
            cur.execute(f"DELETE FROM {table}")
        Positions(db).reset(cur, tracked(model))


def dump(db: ReadModelDB, model: str) -> dict[str, list[tuple[object, ...]]]:
    """Every row of a model's tables, sorted (to compare a model with a rebuild)."""
    return {table: sorted(db.query(f"SELECT * FROM {table}"), key=repr) for table in MODELS[model]}
