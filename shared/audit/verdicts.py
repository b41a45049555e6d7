"""Audit verdicts: the durable outcome of verifying one finished table, one record per table.

The scoring service verifies every finished game and saves an `AuditVerdict` whose id is
derived from the table id, so saving a second verdict for a table fails on the store's
uniqueness check: a rerun, a redelivery or a restart never adds a second record, and a
table that has none is verified again. The verdicts' read model is `rm_verdicts`
(`shared.readmodels.verdicts`), kept by the read-model projector like the others.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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


def save_verdicts(
    store: EventStore, drafts: Sequence[Callable[[], AuditVerdict]]
) -> list[tuple[Verdict, bool]]:
    """Save the verdicts `drafts` make in one transaction, as `save_verdict` each: where a
    table has one already (a restart, another instance), they are saved one by one, each
    from a fresh draft (a failed save has taken the first drafts' pending events)."""
    verdicts = [draft() for draft in drafts]
    try:
        store.save(*verdicts)
    except IntegrityError:
        return [save_verdict(store, draft()) for draft in drafts]
    return [(verdict_of(verdict), True) for verdict in verdicts]
