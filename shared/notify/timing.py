"""Old stores: the `TableTiming` aggregate, where a table's timing was kept before it was a
fact of the table's own log (`TimingChosen`, `shared.tables.timing`).

Nothing writes it any more. A table whose log has no `TimingChosen` may have one from
before (chosen through an older gateway, or a tournament's match table): `legacy_timing`
reads it, once per table, for the notify service and `GET /timing`."""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import msgspec
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event

from shared.store import EventStore
from shared.tables.timing import Timing

_NAMESPACE = uuid5(NAMESPACE_URL, "senet:table-timing")


class TableTiming(Aggregate):
    """The timing a table's creator chose (one aggregate per table), as old stores hold it."""

    @event("Chosen")
    def __init__(self, table_id: str, timing: dict[str, Any]) -> None:
        self.table_id = table_id
        self.timing = timing

    @classmethod
    def create_id(cls, table_id: str, timing: dict[str, Any]) -> UUID:
        """One per table."""
        return timing_id(table_id)

    @event("Changed")
    def change(self, timing: dict[str, Any]) -> None:
        """Choose again."""
        self.timing = timing


def timing_id(table_id: str) -> UUID:
    """The aggregate id of a table's old timing record."""
    return uuid5(_NAMESPACE, table_id)


def legacy_timing(store: EventStore, table_id: str) -> Timing | None:
    """The timing an old store recorded for a table outside its log, or None. (A record
    that breaks today's rules is returned as it is: `shared.tables.timing.in_effect` counts
    it as no choice.)"""
    try:
        chosen: Any = store.repository.get(timing_id(table_id))
    except AggregateNotFoundError:
        return None
    if not isinstance(chosen, TableTiming):
        return None
    try:
        return msgspec.convert(chosen.timing, type=Timing)
    except msgspec.ValidationError:
        return None
