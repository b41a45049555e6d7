"""Reminders and deadline of a table's turns: defaults, and a per-table choice in the store."""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import msgspec
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event

from shared.store import EventStore

_NAMESPACE = uuid5(NAMESPACE_URL, "senet:table-timing")
POLICIES = ("bot", "forfeit")


class Timing(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Hours idle before the first reminder, between reminders, of the last warning before
    the deadline, and the deadline (0 = none); the policy applied at the deadline."""

    first_reminder: float = 24.0
    repeat_every: float = 24.0
    last_warning: float = 6.0
    deadline: float = 72.0
    policy: str = "bot"  # "bot": a random legal move; "forfeit": a bot takes the seat


class TableTiming(Aggregate):
    """The timing a table's creator chose (one aggregate per table)."""

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
    """The aggregate id of a table's timing."""
    return uuid5(_NAMESPACE, table_id)


def load_timing(store: EventStore, table_id: str) -> Timing | None:
    """The timing chosen for a table, or None (the defaults apply)."""
    try:
        chosen: Any = store.repository.get(timing_id(table_id))
    except AggregateNotFoundError:
        return None
    assert isinstance(chosen, TableTiming)
    return msgspec.convert(chosen.timing, type=Timing)


def choose_timing(store: EventStore, table_id: str, timing: Timing) -> None:
    """Record a table's timing."""
    data = msgspec.to_builtins(timing)
    try:
        chosen: Any = store.repository.get(timing_id(table_id))
    except AggregateNotFoundError:
        store.save(TableTiming(table_id=table_id, timing=data))
        return
    assert isinstance(chosen, TableTiming)
    chosen.change(data)
    store.save(chosen)
