"""What an arbiter looks at: the record's verification, the state at the disputed version as
each seat saw it, the timing in effect, and the table's chat (blocking: run in a thread)."""

from __future__ import annotations

from typing import Any

import msgspec

from services.gateway.views import player as views
from services.gateway.views.table_cache import TableModel
from shared.audit.export import export_table
from shared.audit.record import GameRecord
from shared.audit.redecide import Divergence
from shared.audit.verdicts import MISMATCH, OK
from shared.audit.verify import verify_record
from shared.chat import log
from shared.contracts.errors import SenetError
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore
from shared.tables.reader import load_state

PENDING = "pending"  # a game not over: its record is sealed until the end
CHAT_LIMIT = 200  # messages of each channel a case shows


class Verification(msgspec.Struct, frozen=True, kw_only=True):
    """The record's verification (`senet replay --verify`): ok, mismatch, or pending."""

    outcome: str  # ok, mismatch, pending
    source: str  # scoring: the scoring service's audit verdict; now: verified for this answer
    divergence: Divergence | None = None


class SeatState(msgspec.Struct, frozen=True, kw_only=True):
    """The table after the disputed version as one seat saw it (seat null: a spectator)."""

    seat: int | None
    view: views.PlayerView


def verification(store: EventStore, db: ReadModelDB, table_id: str) -> Verification:
    """The scoring service's verdict of the table, else a verification made now (a finished
    table), else pending."""
    rows = db.query("SELECT body FROM rm_verdicts WHERE table_id = ?", (table_id,))
    if rows:
        kept = msgspec.json.decode(str(rows[0][0]))
        problem = kept.get("divergence")
        return Verification(
            outcome=str(kept["outcome"]), source="scoring",
            divergence=None if problem is None else msgspec.convert(problem, Divergence),
        )  # fmt: skip
    try:
        report = verify_record(export_table(store, table_id))
    except SenetError:  # not over: sealed
        return Verification(outcome=PENDING, source="now")
    return Verification(
        outcome=OK if report.ok else MISMATCH, source="now", divergence=report.problem
    )


def record(store: EventStore, table_id: str) -> GameRecord | None:
    """The finished table's record (None while it is played)."""
    try:
        return export_table(store, table_id)
    except SenetError:
        return None


def seat_states(
    store: EventStore, table_id: str, version: int, seats: list[int | None]
) -> tuple[list[SeatState], Any]:
    """The views after `version` of the seats named, and the timing in effect then."""
    loaded = load_state(store, table_id, version, save=False)
    if loaded is None:  # beyond the stored events (a cached version may run ahead): the last
        loaded = load_state(store, table_id, save=False)
        if loaded is None or loaded.state.version > version:
            return [], None
    model = TableModel(
        loaded.state, created_at=loaded.created_at, updated_at=loaded.updated_at,
        turn_times=dict(loaded.turn_times),
    )  # fmt: skip
    shown = [SeatState(seat=s, view=views.player_view(model, s)) for s in seats]
    timing = msgspec.to_builtins(loaded.state.timing) if loaded.state.timing else None
    return shown, timing


def chat(store: EventStore, table_id: str) -> dict[str, list[Any]]:
    """The first messages of both channels of the table's chat."""
    return {
        channel: msgspec.to_builtins(log.read(store, table_id, channel, 0, CHAT_LIMIT))
        for channel in ("players", "spectators")
    }


def all_hands(game_over: bool, shown: bool) -> bool:
    """Every seat's view is shown once the game is over, or after an arbiter's logged choice."""
    return game_over or shown
