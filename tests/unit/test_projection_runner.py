"""The projection runner on the real stores (SQLite, PostgreSQL): the position is recorded
in one transaction with the effects, and a failing batch moves neither; a position moved by
another process is read again; a read by topic covers the log up to its newest event;
`wait(position)` returns once it is processed; the lease passes to a standby; old stores'
positions are read once into the one tracking table; a consumer's other work (`looked`)
runs after each look, may ask for the next one sooner, and a stop lets the look under way
finish."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from shared.contracts.envelopes import EventEnvelope
from shared.messaging.lease import MemoryLease
from shared.projections.runner import Batch, Projection, ProjectionRunner
from shared.projections.tracking import Positions, advance
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore, open_store
from shared.tables.envelopes import envelope_of, is_table_notification
from tests.audit.kit import play_table
from tests.helpers import until_true


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    """A store with three finished games in it (short ones: about forty events)."""
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgres_url"))
    else:
        url = f"sqlite:///{tmp_path}/senet.db"
    store = open_store(url)
    for seed in (1, 2, 3):
        play_table(store, "tictactoe", seed)
    yield store
    store.close()


def _envelopes(store: EventStore) -> list[EventEnvelope]:
    notes = store.notifications(0, 10_000)
    return [envelope_of(store, n) for n in notes if is_table_notification(n)]


class Rows(Projection):
    """One row per table event, written with the position in one transaction."""

    size = 5

    def __init__(self, store: EventStore, name: str = "test-rows") -> None:
        self.name = name
        self.db = ReadModelDB.of(store)
        self.positions = Positions(self.db)
        self.positions.ensure(name)
        self.fail_at: int | None = None  # a position whose event fails to apply
        self.seen: list[int] = []  # positions processed, in order (also the duplicates)
        with self.db.transaction() as cur:
            cur.execute("CREATE TABLE IF NOT EXISTS t_rows (position BIGINT PRIMARY KEY)")

    def max_tracking_id(self) -> int:
        return self.positions.get(self.name)

    def rows(self) -> list[int]:
        return [int(r[0]) for r in self.db.query("SELECT position FROM t_rows ORDER BY position")]

    async def process(self, batch: Batch) -> bool:
        with self.db.transaction() as cur:
            if not advance(cur, batch.after, batch.tracking(self.name)):
                return False
            for envelope in batch.envelopes():
                if envelope.position == self.fail_at:
                    raise RuntimeError("boom")
                cur.execute("INSERT INTO t_rows (position) VALUES (?)", (envelope.position,))
        self.seen += [e.position for e in batch.envelopes()]
        return True


class Busy(Rows):
    """Rows with other work after each look: due again at once for `again` looks, failing
    for `failing` looks first."""

    def __init__(self, store: EventStore, again: int, failing: int = 0) -> None:
        super().__init__(store, "test-busy")
        self.again = again
        self.failing = failing
        self.looks = 0  # `looked` calls that finished
        self.positions_seen: list[int] = []  # the stored position at each of them

    async def looked(self) -> float | None:
        if self.failing:
            self.failing -= 1
            raise RuntimeError("away")
        self.looks += 1
        self.positions_seen.append(self.max_tracking_id())
        return 0.0 if self.looks < self.again else None


async def test_a_consumers_other_work_runs_after_each_look_and_brings_the_next_one_forward(
    store: EventStore,
) -> None:
    busy = Busy(store, again=5, failing=2)
    runner = ProjectionRunner(store, busy, poll=3600.0, retry=0.01, max_retry=0.02)
    # No wake-up of its own comes: only `looked` asks for the next looks. (On PostgreSQL the
    # commits of tests running beside it, in other schemas of the database, wake it too:
    # more looks may follow the fifth.)
    runner.start()
    try:
        await until_true(lambda: busy.looks >= 5, "five looks without a wake-up")
        assert busy.positions_seen[:5] == [store.last_position()] * 5  # each after a catch-up
        assert busy.rows() == [e.position for e in _envelopes(store)]  # failures moved nothing
        assert runner.failures == 0  # two failed looks, then success
    finally:
        await runner.stop(grace=30.0)
    assert not runner.running


async def test_the_position_is_recorded_with_the_effects_and_a_failure_moves_neither(
    store: EventStore,
) -> None:
    rows = Rows(store)
    runner = ProjectionRunner(store, rows)
    tables = [e.position for e in _envelopes(store)]
    rows.fail_at = tables[12]
    with pytest.raises(RuntimeError):
        await runner.catch_up()
    assert rows.max_tracking_id() == runner.position < tables[12]  # the batches before it only
    assert rows.rows() == [p for p in tables if p <= rows.max_tracking_id()]

    rows.fail_at = None
    await runner.catch_up()  # the failed batch again, then the rest: each row once
    assert rows.max_tracking_id() == store.last_position()
    assert rows.rows() == tables


async def test_a_position_moved_by_another_process_is_read_again(store: EventStore) -> None:
    first, second = Rows(store), Rows(store)
    ahead, behind = ProjectionRunner(store, first), ProjectionRunner(store, second)
    await behind.catch_up(upto=5)  # it applied up to 5 itself (and trusts that position) ...
    await ahead.catch_up(upto=10)  # ... then another process applied up to 10
    await behind.catch_up()  # its move from 5 fails: it goes on from the stored 10
    assert behind.lost_races == 1
    assert second.rows() == [e.position for e in _envelopes(store)]  # each row once


async def test_a_read_by_topic_covers_the_log_up_to_its_newest_event(store: EventStore) -> None:
    notes = store.notifications(0, 10_000)
    topic = next(n.topic for n in notes if is_table_notification(n))
    rows = Rows(store)
    rows.topics = (topic,)
    runner = ProjectionRunner(store, rows)
    await runner.catch_up()
    assert rows.rows() == [n.id for n in notes if n.topic == topic]
    assert runner.position == rows.max_tracking_id() == store.last_position()  # others passed over


async def test_wait_returns_once_the_position_is_processed(store: EventStore) -> None:
    rows = Rows(store)
    runner = ProjectionRunner(store, rows, poll=60.0)  # only a wake-up makes it look
    last = store.last_position()
    assert not await runner.wait(last, timeout=0.1)  # not running: no waiting
    runner.start()
    try:
        assert await runner.wait(last, timeout=30)
        assert rows.max_tracking_id() == last
        play_table(store, "tictactoe", 4)
        newer = store.last_position()
        assert await runner.wait(newer, timeout=30)  # waiting woke it
        assert rows.rows() == [e.position for e in _envelopes(store)]
    finally:
        await runner.stop()


async def test_the_lease_holder_follows_and_a_standby_takes_over(store: EventStore) -> None:
    one, two = Rows(store), Rows(store)
    first = ProjectionRunner(store, one, lease=MemoryLease("t.lease"), retry=0.01, poll=0.05)
    second = ProjectionRunner(store, two, lease=MemoryLease("t.lease"), retry=0.01, poll=0.05)
    first.start()
    assert await first.wait(1, timeout=30)  # the first took the lease
    second.start()
    try:
        last = store.last_position()
        assert await second.wait(last, timeout=30)  # a standby waits on the stored position
        assert second.batches == 0 and first.batches > 0
        await first.stop()  # gives the lease back
        play_table(store, "tictactoe", 4)
        assert await second.wait(store.last_position(), timeout=30)
        assert second.batches > 0
        assert one.rows() == [e.position for e in _envelopes(store)]  # each row once
    finally:
        await first.stop()
        await second.stop()


def test_an_old_position_is_read_once_into_the_tracking_table(store: EventStore) -> None:
    positions = Positions(ReadModelDB.of(store))
    store.record_position("old-relay", 7)  # where an old store kept it
    positions.ensure("old-relay", lambda: store.position_of("old-relay"))
    assert positions.get("old-relay") == 7
    store.record_position("old-relay", 9)  # read once: later records there are not read
    positions.ensure("old-relay", lambda: store.position_of("old-relay"))
    assert positions.tracking("old-relay").notification_id == 7
