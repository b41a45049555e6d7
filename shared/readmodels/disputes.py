"""The `disputes` model: every case as its latest summary (`rm_disputes`), for the arbiters'
queue and a player's cases (see `shared.disputes`)."""

from __future__ import annotations

import msgspec

from shared.disputes.summary import DisputeSummary
from shared.readmodels.db import Cursor

_encode = msgspec.json.Encoder()


def write(cur: Cursor, cases: dict[str, tuple[int, DisputeSummary]]) -> None:
    """Insert or replace each case changed (position: the event-log position of its
    opening, the queue's order)."""
    for case_id, (opened_pos, case) in cases.items():
        cur.execute(
            "INSERT INTO rm_disputes (dispute_id, table_id, player_id, state, opened_pos, body)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dispute_id) DO UPDATE SET"
            " state = excluded.state, body = excluded.body",
            (case_id, case.table_id, case.player_id, case.state, opened_pos,
             _encode.encode(case).decode()),
        )  # fmt: skip
