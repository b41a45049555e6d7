"""The timing rules are table rules: the decider refuses a timing out of its bounds
(`bad_timing`) or whose reminders never end (`endless_reminders`), and the timing it accepts
is the table's state (`TableState.timing`), the last choice winning."""

from __future__ import annotations

import msgspec
import pytest

from shared.contracts.envelopes import ChooseTiming, StartTable
from shared.tables.timing import Timing, in_effect
from tests.unit.test_table_decider import given, refused, then

GOOD = ChooseTiming(first_reminder=2, repeat_every=2, last_warning=1, deadline=6, policy="bot")


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"deadline": 0.5}, "bad_timing"),
        ({"deadline": 24 * 61}, "bad_timing"),
        ({"repeat_every": 1e-320}, "bad_timing"),
        ({"first_reminder": float("nan")}, "bad_timing"),
        ({"deadline": float("inf")}, "bad_timing"),
        ({"last_warning": 6}, "bad_timing"),  # not before the deadline
        ({"policy": "explode"}, "bad_timing"),
        ({"deadline": 0, "last_warning": 0}, "endless_reminders"),  # every 2 h, forever
        ({"deadline": 0, "last_warning": 0, "first_reminder": 1, "repeat_every": 1},
         "endless_reminders"),
    ],
)  # fmt: skip
def test_the_decider_refuses_a_timing_out_of_bounds_or_with_endless_reminders(
    change: dict[str, object], code: str
) -> None:
    state = given("bob", seats=2)
    assert refused(state, "alice", msgspec.structs.replace(GOOD, **change)) == code
    assert state.timing is None


@pytest.mark.parametrize(
    "change",
    [
        {},
        {"deadline": 0, "last_warning": 0, "repeat_every": 0},  # one reminder, no deadline
        {"deadline": 0, "last_warning": 0, "first_reminder": 0, "repeat_every": 0},  # none
        {"first_reminder": 0, "repeat_every": 0, "last_warning": 0, "deadline": 1},
    ],
)
def test_a_timing_within_the_rules_is_the_tables_and_the_last_choice_wins(
    change: dict[str, object],
) -> None:
    state = then(given("bob", seats=2), "alice", GOOD)
    assert state.timing == Timing(**msgspec.structs.asdict(GOOD))
    chosen = msgspec.structs.replace(GOOD, **change)
    state = then(state, "alice", chosen)
    assert state.timing == Timing(**msgspec.structs.asdict(chosen))
    assert in_effect(state.timing, Timing()) == state.timing


def test_only_the_creator_chooses_and_only_before_the_start() -> None:
    state = given("bob", seats=2)
    assert refused(state, "bob", GOOD) == "not_creator"
    started = then(state, "alice", StartTable())
    assert refused(started, "alice", GOOD) == "table_not_open"


def test_a_recorded_choice_the_rules_now_refuse_counts_as_no_choice() -> None:
    endless = Timing(first_reminder=1, repeat_every=1, last_warning=0, deadline=0)
    assert in_effect(endless, Timing()) == Timing()
    assert in_effect(None, Timing(deadline=5, last_warning=1)).deadline == 5
