"""Audit verdicts: the durable outcome of verifying one finished table, one record per table.

The scoring service verifies every finished game and saves an `AuditVerdict` whose id is
derived from the table id, so saving a second verdict for a table fails on the store's
uniqueness check: a rerun, a redelivery or a restart never adds a second record, and a
table that has none is verified again. `VerdictBook` is the read model of the verdicts,
read from the store's log by topic; the scoring service and the gateway's admin endpoint
both use it, so a rebuild from the store equals what the live service holds.
"""

from __future__ import annotations

import threading
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import msgspec
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from shared.audit.redecide import Divergence
from shared.store import EventStore

_NAMESPACE = uuid5(NAMESPACE_URL, "senet:audit-verdict")
OK, MISMATCH = "ok", "mismatch"


def verdict_id(table_id: str) -> UUID:
    """The aggregate id of a table's verdict."""
    return uuid5(_NAMESPACE, table_id)


class AuditVerdict(Aggregate):
    """The verification of one finished table: ok, or its first divergence."""

    @event("Reached")
    def __init__(
        self, table_id: str, game: str, ended_at: int, divergence: dict[str, Any] | None
    ) -> None:
        self.table_id = table_id
        self.game = game
        self.ended_at = ended_at
        self.divergence = divergence

    @classmethod
    def create_id(cls, table_id: str, **_: Any) -> UUID:
        """The id follows from the table id: one verdict per table."""
        return verdict_id(table_id)


VERDICT_TOPIC = get_topic(AuditVerdict.Reached)  # type: ignore[attr-defined]  # made by @event


class Verdict(msgspec.Struct, frozen=True, kw_only=True):
    """A table's verdict as the read model and the admin endpoint show it."""

    table_id: str
    game: str
    outcome: str  # "ok" or "mismatch"
    ended_at: int  # the event-log position of the game's last event
    verified_at: str  # ISO 8601, UTC
    divergence: Divergence | None = None


def new_verdict(
    table_id: str, game: str, ended_at: int, problem: Divergence | None
) -> AuditVerdict:
    """A verdict to save: ok when `problem` is None."""
    divergence = None if problem is None else msgspec.to_builtins(problem)
    return AuditVerdict(table_id=table_id, game=game, ended_at=ended_at, divergence=divergence)


def verdict_of(source: Any) -> Verdict:
    """The read-model form of an AuditVerdict or of its `Reached` event."""
    stamp = source.created_on if isinstance(source, AuditVerdict) else source.timestamp
    divergence = source.divergence
    return Verdict(
        table_id=source.table_id,
        game=source.game,
        outcome=OK if divergence is None else MISMATCH,
        ended_at=source.ended_at,
        verified_at=stamp.isoformat(),
        divergence=None if divergence is None else msgspec.convert(divergence, Divergence),
    )


def save_verdict(store: EventStore, verdict: AuditVerdict) -> tuple[Verdict, bool]:
    """Save a verdict unless its table has one; the stored verdict, and True when new."""
    try:
        store.save(verdict)
    except IntegrityError:
        stored: AuditVerdict = store.repository.get(verdict_id(verdict.table_id))
        return verdict_of(stored), False
    return verdict_of(verdict), True


class VerdictBook:
    """Every verdict by table id, read from the store's log (after the last one read)."""

    def __init__(self) -> None:
        self.position = 0
        self.verdicts: dict[str, Verdict] = {}
        self._lock = threading.Lock()

    def __contains__(self, table_id: str) -> bool:
        return table_id in self.verdicts

    def add(self, verdict: Verdict) -> None:
        """Keep a verdict (the same table twice keeps one)."""
        self.verdicts.setdefault(verdict.table_id, verdict)

    def load(self, store: EventStore, batch: int = 1000) -> int:
        """Read the verdicts saved since the last load (blocking); returns how many."""
        read = 0
        with self._lock:
            while True:
                notes = store.notifications(self.position, batch, topics=[VERDICT_TOPIC])
                for note in notes:
                    self.add(verdict_of(store.decode(note)))
                    self.position = note.id
                read += len(notes)
                if len(notes) < batch:
                    return read

    def flagged(self) -> list[Verdict]:
        """The mismatches, in the order the games ended."""
        rows = [v for v in self.verdicts.values() if v.outcome == MISMATCH]
        return sorted(rows, key=lambda v: (v.ended_at, v.table_id))
