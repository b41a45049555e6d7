"""Verdicts as part of a game's record, and the check that results and ratings follow from
them (`senet export`, `senet verify --store`)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from shared.audit.record import VerdictRecord
from shared.disputes.aggregate import SETTLED_TOPIC, Dispute, dispute_id
from shared.disputes.bounds import CHANGES_RESULT
from shared.readmodels.db import ReadModelDB
from shared.standings.board import INITIAL_RATING, elo
from shared.store import EventStore

TOLERANCE = 1e-6  # a rating recomputed may differ from the stored one by rounding only


def verdicts_of(store: EventStore, table_id: str, players: list[str]) -> list[VerdictRecord]:
    """The verdicts given on the table's disputes (one case per player at most)."""
    found = []
    for player in dict.fromkeys(p for p in players if p):
        try:
            case: Any = store.repository.get(dispute_id(table_id, player))
        except AggregateNotFoundError:
            continue
        if isinstance(case, Dispute) and case.verdict is not None:
            v = case.verdict
            kept = VerdictRecord(
                dispute_id=str(case.id), opened_by=case.player_id, reason=case.reason,
                verdict=v["verdict"], verdict_reason=v["reason"], arbiter=v["arbiter"],
                at=v["at"], seat=v["seat"], from_version=v["from_version"],
            )  # fmt: skip
            found.append(kept)
    return sorted(found, key=lambda v: v.at)


def rulings_in_log(store: EventStore) -> dict[str, tuple[str, int | None]]:
    """Table id -> (verdict, seat) of every verdict in the log that changes a result."""
    rulings: dict[str, tuple[str, int | None]] = {}
    start = 1
    while True:
        notes = store.notifications(start, 500, topics=[SETTLED_TOPIC])
        for note in notes:
            settled = store.decode(note)
            if settled.verdict in CHANGES_RESULT:
                case: Any = store.repository.get(UUID(str(note.originator_id)), version=1)
                rulings[case.table_id] = (settled.verdict, settled.seat)
        if len(notes) < 500:
            return rulings
        start = notes[-1].id + 1


def check_ratings(store: EventStore, db: ReadModelDB) -> list[str]:
    """Problems found where results or ratings do not follow from the verdicts: a game
    annulled or replayed still in the results, a forfeit not counted, ratings that are not
    the fold of the results in the order the games ended. Empty: they follow."""
    problems = []
    for table_id, (verdict, seat) in rulings_in_log(store).items():
        rows = db.query(
            "SELECT seat, won, forfeited FROM rm_results WHERE table_id = ?", (table_id,)
        )
        if verdict != "forfeit" and rows:
            problems.append(f"table {table_id} is {verdict} but still in the results")
        for row_seat, won, forfeited in rows if verdict == "forfeit" else ():
            if int(row_seat) == seat and (int(won) or not int(forfeited)):
                problems.append(f"table {table_id}: seat {seat} forfeited but is not counted so")
    rows = db.query(
        "SELECT r.game, r.table_id, r.player_id, r.rank FROM rm_results r"
        " LEFT JOIN rm_private p ON p.table_id = r.table_id WHERE p.table_id IS NULL"
        " ORDER BY r.game, r.position, r.table_id, r.seat"
    )
    games: dict[str, dict[str, list[tuple[str, int]]]] = {}
    for game, table_id, player, rank in rows:
        games.setdefault(str(game), {}).setdefault(str(table_id), []).append(
            (str(player), int(rank))
        )
    for game, tables in games.items():
        ratings: dict[str, float] = {}
        for seated in tables.values():
            if len(seated) < 2:
                continue
            after = elo([ratings.get(p, INITIAL_RATING) for p, _ in seated], [r for _, r in seated])
            ratings.update({p: after[i] for i, (p, _) in enumerate(seated)})
        stored = {
            str(p): float(r)
            for p, r in db.query("SELECT player_id, rating FROM rm_ratings WHERE game = ?", (game,))
        }
        if set(stored) != set(ratings) or any(
            abs(stored[p] - ratings[p]) > TOLERANCE for p in ratings
        ):
            problems.append(f"{game}: the ratings are not the fold of the results and verdicts")
    return problems
