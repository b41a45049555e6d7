"""The shared log follower on the real stores (SQLite, PostgreSQL): a published duplicate is
skipped and a gap filled from the store; a follower that keeps its position in the database
records it in one transaction with its effects, and a failing batch leaves both unchanged;
a follower whose position another process moved reads the batch again from there; a read
by topic covers the log up to its newest event."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from eventsourcing.persistence import Notification

from shared.contracts.envelopes import EventEnvelope
from shared.messaging.port import Delivery
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore, open_store
from shared.tables.envelopes import BATCH_KEY, batch_body, envelope_of, is_table_notification
from shared.tables.follower import LogFollower
from tests.audit.kit import play_table


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    """A store with one finished game in it."""
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgres_url"))
    else:
        url = f"sqlite:///{tmp_path}/senet.db"
    store = open_store(url)
    play_table(store, "cantstop", 3)
    yield store


def _delivery(*envelopes: EventEnvelope) -> Delivery:
    return Delivery(body=batch_body(list(envelopes)), routing_key=BATCH_KEY)


def _envelopes(store: EventStore) -> list[EventEnvelope]:
    notes = store.notifications(0, 10_000)
    return [envelope_of(store, n) for n in notes if is_table_notification(n)]


class Recorder(LogFollower):
    """Applies in memory: the positions it saw, in order."""

    consumer = "test-recorder"

    def __init__(self, store: EventStore) -> None:
        super().__init__(store)
        self.seen: list[int] = []

    async def apply(self, envelope: EventEnvelope) -> None:
        self.seen.append(envelope.position)


class Counter(LogFollower):
    """Keeps its position in the database, beside its effect: one row per table event."""

    consumer = "test-counter"
    batch = 5
    live = False

    def __init__(self, store: EventStore, db: ReadModelDB) -> None:
        super().__init__(store)
        self.db = db
        self.fail_at: int | None = None  # a position whose event fails to apply
        with db.transaction() as cur:
            cur.execute("CREATE TABLE IF NOT EXISTS t_rows (position BIGINT PRIMARY KEY)")
            cur.execute(
                "CREATE TABLE IF NOT EXISTS t_position (name TEXT PRIMARY KEY, position BIGINT)"
            )
            if not cur.fetchall("SELECT 1 FROM t_position WHERE name = 'c'"):
                cur.execute("INSERT INTO t_position (name, position) VALUES ('c', 0)")

    def stored(self) -> int:
        return int(self.db.query("SELECT position FROM t_position WHERE name = 'c'")[0][0])

    def rows(self) -> list[int]:
        return [int(r[0]) for r in self.db.query("SELECT position FROM t_rows ORDER BY position")]

    async def resume(self) -> int:
        self.position = self.stored()
        return self.position

    async def handle(self, notes: Sequence[Notification], after: int, end: int) -> bool:
        with self.db.transaction() as cur:
            moved = cur.execute(
                "UPDATE t_position SET position = ? WHERE name = 'c' AND position = ?",
                (end, after),
            )
            if moved != 1:
                return False
            for note in notes:
                if note.id == self.fail_at:
                    raise RuntimeError("boom")
                if is_table_notification(note):
                    cur.execute("INSERT INTO t_rows (position) VALUES (?)", (note.id,))
        self.position = end
        return True


async def test_a_duplicate_is_skipped_and_a_gap_is_filled_from_the_store(
    store: EventStore,
) -> None:
    envelopes = _envelopes(store)
    follower = Recorder(store)
    await follower.on_delivery(_delivery(*envelopes[:3]))
    await follower.on_delivery(_delivery(envelopes[1]))  # a relay that restarted republishes
    assert follower.seen == [e.position for e in envelopes[:3]]
    await follower.on_delivery(_delivery(envelopes[8], envelopes[2]))  # 3..7 never came
    assert follower.seen == [e.position for e in envelopes[:9]]
    await follower.catch_up()
    assert follower.seen == [e.position for e in envelopes]  # each once, in store order
    assert follower.position == store.last_position()


async def test_the_position_is_recorded_with_the_effects_and_a_failure_moves_neither(
    store: EventStore,
) -> None:
    db = ReadModelDB.of(store)
    follower = Counter(store, db)
    tables = [e.position for e in _envelopes(store)]
    follower.fail_at = tables[12]
    with pytest.raises(RuntimeError):
        await follower.catch_up()
    assert follower.stored() == follower.position < tables[12]  # batches before it only
    assert follower.rows() == [p for p in tables if p <= follower.stored()]
    assert not follower.news(_delivery(_envelopes(store)[0]))  # a duplicate wakes nothing
    assert follower.news(_delivery(_envelopes(store)[-1]))

    follower.fail_at = None
    await follower.catch_up()  # the failed batch again, then the rest: each row once
    assert follower.stored() == store.last_position()
    assert follower.rows() == tables


async def test_a_position_moved_by_another_process_is_read_again(store: EventStore) -> None:
    db = ReadModelDB.of(store)
    first, second = Counter(store, db), Counter(store, db)
    assert await first.step() == 5

    class Stale(Counter):
        remembered: int | None = 0  # it missed the first batch (trusted once, as projectors do)

        async def resume(self) -> int:
            if self.remembered is None:
                return await super().resume()
            self.position, self.remembered = self.remembered, None
            return self.position

    stale = Stale(store, db)  # its move from 0 fails: it reads on from the stored 5
    assert await stale.step() == 5
    assert stale.position == 10 == stale.stored()
    await second.catch_up()
    assert second.rows() == [e.position for e in _envelopes(store)]  # each row once


async def test_a_read_by_topic_covers_the_log_up_to_its_newest_event(store: EventStore) -> None:
    notes = store.notifications(0, 10_000)
    topic = next(n.topic for n in notes if is_table_notification(n))

    class OneTopic(Recorder):
        topics = (topic,)

    follower = OneTopic(store)
    await follower.catch_up()
    assert follower.seen == [n.id for n in notes if n.topic == topic]
    assert follower.position == store.last_position()  # the other topics passed over
