"""The `verdicts` model: the audit verdict of each verified table (see `shared.audit`)."""

from __future__ import annotations

import msgspec

from shared.audit.verdicts import Verdict
from shared.readmodels.db import Cursor

_encode = msgspec.json.Encoder()


def write(cur: Cursor, verdicts: list[Verdict]) -> None:
    """Add verdicts (a table's first verdict is the one kept)."""
    cur.executemany(
        "INSERT INTO rm_verdicts (table_id, outcome, ended_at, body) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (table_id) DO NOTHING",
        [(v.table_id, v.outcome, v.ended_at, _encode.encode(v).decode()) for v in verdicts],
    )
