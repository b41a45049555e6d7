"""A table's turn timing: reminders, last warning, deadline and timeout policy, and the rules
a timing must keep (pure: the table decider refuses a timing that breaks them).

A table's timing is a fact of its log (`TimingChosen`, folded into `TableState.timing`); the
notify service applies it, or its configured defaults when the table chose none
(docs/notifications.md)."""

from __future__ import annotations

import math

import msgspec

from shared.contracts.errors import SenetError

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


class BadTiming(SenetError):
    """A timing outside the documented bounds (docs/notifications.md)."""

    code = "bad_timing"
    status = 422


class EndlessReminders(BadTiming):
    """Reminders that would never end: repeated reminders need a deadline."""

    code = "endless_reminders"


def timing_refusal(timing: Timing) -> BadTiming | None:
    """Why the rules refuse a timing (`bad_timing`: a field out of its bounds;
    `endless_reminders`: reminders repeated with no deadline), or None if they accept it."""
    if timing.policy not in POLICIES:
        return BadTiming(f"policy is one of {', '.join(POLICIES)}")
    for name, (low, high) in BOUNDS.items():
        hours = getattr(timing, name)
        if not math.isfinite(hours) or (hours != 0 and not low <= hours <= high):
            return BadTiming(f"{name} is 0 (none) or {low:g}-{high:g} hours, not {hours!r}")
    if timing.deadline and timing.last_warning >= timing.deadline:
        return BadTiming("last_warning must come before the deadline (fewer hours than deadline)")
    if timing.first_reminder and timing.repeat_every and not timing.deadline:
        return EndlessReminders(
            "repeated reminders need a deadline: set deadline, or repeat_every 0 (one reminder)"
        )
    return None


def timing_problem(timing: Timing) -> str | None:
    """`timing_refusal` as a sentence (None: acceptable)."""
    refusal = timing_refusal(timing)
    return None if refusal is None else refusal.message


def in_effect(chosen: Timing | None, default: Timing) -> Timing:
    """The timing a table runs on: its choice, unless it has none or the choice breaks
    today's rules (a record older than a rule counts as no choice), else `default`."""
    if chosen is None or timing_refusal(chosen) is not None:
        return default
    return chosen
