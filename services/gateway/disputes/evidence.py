"""What an arbiter looks at: the record's verification, the state at the disputed version as
each seat saw it, the timing in effect, and the table's chat (blocking: run in a thread)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import msgspec
from eventsourcing.application import AggregateNotFoundError

from services.gateway.views import player as views
from services.gateway.views.table_cache import TableModel
from services.notify.notices import notice_id, notice_key
from shared.audit.export import export_table
from shared.audit.record import GameRecord
from shared.audit.redecide import Divergence
from shared.audit.verdicts import MISMATCH, OK
from shared.audit.verify import verify_record
from shared.chat import log
from shared.contracts.errors import SenetError
from shared.notify.preferences import CHANNELS
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore
from shared.tables.reader import load_state

REMINDERS = 5  # reminders looked for per turn (notify numbers them from 1)
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


class NoticeSent(msgspec.Struct, frozen=True, kw_only=True):
    """A notice about a turn in effect at the disputed version: to whom, what, its fate."""

    seat: int
    turn: int  # the table version the turn began at
    kind: str  # your_turn, reminder<n>, last_warning
    channel: str  # email, push
    status: str  # pending, sending, sent, dead, skipped, uncertain
    queued_at: str  # ISO 8601, UTC


def notices(store: EventStore, table_id: str, turns: list[tuple[int, int]]) -> list[NoticeSent]:
    """The notices queued about the turns (seat, version it began at) in effect: found by
    their keys (one per table, turn, seat, kind and channel), none if nobody wanted any."""
    found = []
    kinds = ["your_turn", *(f"reminder{n}" for n in range(1, REMINDERS + 1)), "last_warning"]
    for seat, turn in turns:
        for kind in kinds:
            for channel in CHANNELS:
                key = notice_id(notice_key(table_id, turn, seat, kind, channel))
                try:
                    notice: Any = store.repository.get(key)
                except AggregateNotFoundError:
                    continue
                queued = datetime.fromtimestamp(float(notice.created), UTC).isoformat()
                found.append(
                    NoticeSent(seat=seat, turn=turn, kind=kind, channel=channel,
                               status=str(notice.status), queued_at=queued)
                )  # fmt: skip
    return found


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
) -> tuple[list[SeatState], Any, list[tuple[int, int]]]:
    """The views after `version` of the seats named, the timing in effect then, and the
    turns running then (seat, the version each began at)."""
    loaded = load_state(store, table_id, version, save=False)
    if loaded is None:
        return [], None, []
    model = TableModel(
        loaded.state, created_at=loaded.created_at, updated_at=loaded.updated_at,
        turn_times=dict(loaded.turn_times),
    )  # fmt: skip
    shown = [SeatState(seat=s, view=views.player_view(model, s)) for s in seats]
    timing = msgspec.to_builtins(loaded.state.timing) if loaded.state.timing else None
    turns = [(seat, began) for seat, began in enumerate(loaded.state.turn_began) if began]
    return shown, timing, turns


def chat(store: EventStore, table_id: str) -> dict[str, list[Any]]:
    """The first messages of both channels of the table's chat."""
    return {
        channel: msgspec.to_builtins(log.read(store, table_id, channel, 0, CHAT_LIMIT))
        for channel in ("players", "spectators")
    }


def all_hands(game_over: bool, shown: bool) -> bool:
    """Every seat's view is shown once the game is over, or after an arbiter's logged choice."""
    return game_over or shown
