"""Reminders and deadline of a table's turns: defaults, and a per-table choice in the store."""

from __future__ import annotations

import math
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import msgspec
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event

from shared.store import EventStore
from shared.store.retries import retried

_NAMESPACE = uuid5(NAMESPACE_URL, "senet:table-timing")
POLICIES = ("bot", "forfeit")
# Bounds of each field in hours (0 always means "none"); docs/notifications.md lists them.
BOUNDS: dict[str, tuple[float, float]] = {
    "first_reminder": (1.0, 30 * 24.0),
    "repeat_every": (1.0, 30 * 24.0),
    "last_warning": (1.0, 14 * 24.0),
    "deadline": (1.0, 60 * 24.0),
}


class Timing(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Hours idle before the first reminder, between reminders, of the last warning before
    the deadline, and the deadline (0 = none); the policy applied at the deadline."""

    first_reminder: float = 24.0
    repeat_every: float = 24.0
    last_warning: float = 6.0
    deadline: float = 72.0
    policy: str = "bot"  # "bot": a random legal move; "forfeit": a bot takes the seat


def timing_problem(timing: Timing) -> str | None:
    """Why a timing is refused (a field out of its bounds), or None if it is acceptable."""
    if timing.policy not in POLICIES:
        return f"policy is one of {', '.join(POLICIES)}"
    for name, (low, high) in BOUNDS.items():
        hours = getattr(timing, name)
        if not math.isfinite(hours) or (hours != 0 and not low <= hours <= high):
            return f"{name} is 0 (none) or {low:g}-{high:g} hours, not {hours!r}"
    if timing.deadline and timing.last_warning >= timing.deadline:
        return "last_warning must come before the deadline (fewer hours than deadline)"
    return None


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
    """The timing chosen for a table, or None (the defaults apply).

    A record stored before the bounds existed and outside them counts as no choice, so it
    can never make the notify service compute impossible dates."""
    try:
        chosen: Any = store.repository.get(timing_id(table_id))
    except AggregateNotFoundError:
        return None
    assert isinstance(chosen, TableTiming)
    try:
        timing = msgspec.convert(chosen.timing, type=Timing)
    except msgspec.ValidationError:
        return None
    return None if timing_problem(timing) else timing


def choose_timing(store: EventStore, table_id: str, timing: Timing) -> None:
    """Record a table's timing (again after a concurrent choice saved first)."""
    data = msgspec.to_builtins(timing)

    def once() -> None:
        try:
            chosen: Any = store.repository.get(timing_id(table_id))
        except AggregateNotFoundError:
            store.save(TableTiming(table_id=table_id, timing=data))
            return
        assert isinstance(chosen, TableTiming)
        chosen.change(data)
        store.save(chosen)

    retried(once, "the table's timing")
