"""Group commit: commands of different tables saved in one transaction, conflicts isolated."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from services.table.worker import TableWorker
from shared.contracts.envelopes import CreateTable, JoinTable
from shared.messaging.memory import MemoryBroker
from shared.messaging.routing import shard_of
from shared.store import open_store
from shared.tables.envelopes import envelope_of, is_table_notification
from tests.harness.commands import new_command


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """A durable store of each kind."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/gc.db"
    else:
        yield request.getfixturevalue("postgres_url")


def test_a_batch_saves_every_table_and_answers_each_command(url: str) -> None:
    worker = TableWorker(open_store(url), None)  # type: ignore[arg-type]
    tables = [str(uuid.uuid4()) for _ in range(5)]
    creates = [
        new_command(t, "a", CreateTable(game="ra", seats=2, player_name="A")) for t in tables
    ]
    outcomes = worker.decide_and_store_many(creates)
    assert [o.accepted for o in outcomes] == [True] * 5
    assert [o.table_id for o in outcomes] == tables
    assert all(o.version == 2 and o.seat == 0 for o in outcomes)
    store = open_store(url)
    stored = {envelope_of(store, n).table_id for n in store.notifications(0, 100)}
    assert stored == set(tables)


def test_a_conflict_in_a_batch_is_retried_alone_and_the_others_still_commit(url: str) -> None:
    first = TableWorker(open_store(url), None)  # type: ignore[arg-type]
    one, two = str(uuid.uuid4()), str(uuid.uuid4())
    first.decide_and_store_many(
        [new_command(t, "a", CreateTable(game="ra", seats=3, player_name="A")) for t in (one, two)]
    )
    other = TableWorker(open_store(url), None)  # type: ignore[arg-type]
    assert other.decide_and_store(new_command(one, "b", JoinTable(player_name="B"))).accepted
    # `first` still holds table one at version 2: the joint save must fail and be redone.
    outcomes = first.decide_and_store_many(
        [
            new_command(one, "c", JoinTable(player_name="C")),
            new_command(two, "c", JoinTable(player_name="C")),
        ]
    )
    assert [(o.accepted, o.seat, o.version) for o in outcomes] == [(True, 2, 4), (True, 1, 3)]
    store = open_store(url)
    versions: dict[str, list[int]] = {}
    for note in store.notifications(0, 100):
        if is_table_notification(note):
            envelope = envelope_of(store, note)
            versions.setdefault(envelope.table_id, []).append(envelope.version)
    assert versions == {one: [1, 2, 3, 4], two: [1, 2, 3]}


def test_a_rejected_command_in_a_batch_changes_nothing_and_others_commit(url: str) -> None:
    worker = TableWorker(open_store(url), None)  # type: ignore[arg-type]
    table = str(uuid.uuid4())
    good = new_command(table, "a", CreateTable(game="ra", seats=2, player_name="A"))
    bad = new_command(str(uuid.uuid4()), "a", JoinTable(player_name="A"))  # no such table
    outcomes = worker.decide_and_store_many([bad, good])
    assert outcomes[0].error is not None and outcomes[0].error.code == "unknown_table"
    assert outcomes[1].accepted
    assert open_store(url).last_position() > 0


async def test_concurrent_commands_through_the_broker_are_grouped(tmp_path) -> None:
    broker = MemoryBroker(prefix="gc" + uuid.uuid4().hex[:6])
    await broker.connect()
    worker = TableWorker(open_store(f"sqlite:///{tmp_path}/b.db"), broker)
    await worker.serve()
    try:

        async def create(table_id: str) -> dict:
            command = new_command(table_id, "a", CreateTable(game="ra", seats=2, player_name="A"))
            shard = shard_of(table_id, broker.topology.shards)
            reply = await broker.request(shard, msgspec.json.encode(command), timeout=10)
            return msgspec.json.decode(reply)

        replies = await asyncio.gather(*(create(str(uuid.uuid4())) for _ in range(40)))
        assert all(r["accepted"] for r in replies)
        assert 0 < worker.batches < 40  # several commands shared a commit
    finally:
        await broker.cleanup()
        await broker.close()


def _saves(worker: TableWorker) -> list[int]:
    """Counts the events of each `store.save` the worker makes from now on."""
    calls: list[int] = []
    save = worker.store.save

    def counting(*events: object) -> object:
        calls.append(len(events))
        return save(*events)

    worker.store.save = counting  # type: ignore[method-assign]
    return calls


def test_commands_of_one_table_in_a_batch_are_decided_in_order_and_saved_together(
    url: str,
) -> None:
    worker = TableWorker(open_store(url), None)  # type: ignore[arg-type]
    table, other = str(uuid.uuid4()), str(uuid.uuid4())
    saves = _saves(worker)
    batch = [
        new_command(table, "a", CreateTable(game="ra", seats=3, player_name="A")),
        new_command(other, "a", CreateTable(game="ra", seats=2, player_name="A")),
        new_command(table, "b", JoinTable(player_name="B")),
        new_command(table, "c", JoinTable(player_name="C")),
        new_command(table, "d", JoinTable(player_name="D")),  # the table is full by now
    ]
    outcomes = worker.decide_and_store_many(batch)
    assert [(o.accepted, o.seat, o.version) for o in outcomes[:4]] == [
        (True, 0, 2), (True, 0, 2), (True, 1, 3), (True, 2, 4),
    ]  # fmt: skip
    assert outcomes[4].error is not None and outcomes[4].error.code == "table_full"
    assert len(saves) == 1, "one transaction for the whole batch"
    store = open_store(url)
    versions: dict[str, list[int]] = {}
    for note in store.notifications(0, 100):
        if is_table_notification(note):
            envelope = envelope_of(store, note)
            versions.setdefault(envelope.table_id, []).append(envelope.version)
    assert versions == {table: [1, 2, 3, 4], other: [1, 2]}


def test_a_failing_decision_amid_its_tables_batch_keeps_the_others_and_their_order(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from services.table import commands

    worker = TableWorker(open_store(url), None)  # type: ignore[arg-type]
    table = str(uuid.uuid4())
    worker.decide_and_store_many(
        [new_command(table, "a", CreateTable(game="ra", seats=4, player_name="A"))]
    )
    buggy = new_command(table, "c", JoinTable(player_name="C"))
    decide = commands.decide

    def sometimes_broken(aggregate, command):  # type: ignore[no-untyped-def]
        if command.command_id == buggy.command_id:
            raise RuntimeError("a bug in this decision")
        return decide(aggregate, command)

    monkeypatch.setattr(commands, "decide", sometimes_broken)
    outcomes = worker.decide_and_store_many(
        [new_command(table, "b", JoinTable(player_name="B")), buggy,
         new_command(table, "d", JoinTable(player_name="D"))]
    )  # fmt: skip
    assert [(o.accepted, o.seat) for o in outcomes] == [(True, 1), (False, None), (True, 2)]
    assert outcomes[1].error is not None and outcomes[1].error.code == "internal_error"
    store = open_store(url)
    seats = [
        msgspec.json.decode(envelope_of(store, n).payload).get("player_name")
        for n in store.notifications(0, 100)
        if is_table_notification(n) and envelope_of(store, n).name == "SeatTaken"
    ]
    assert seats == ["A", "B", "D"]


async def test_a_shard_consumer_takes_many_commands_of_one_table_into_one_commit(
    tmp_path,
) -> None:
    broker = MemoryBroker(prefix="gc" + uuid.uuid4().hex[:6])
    await broker.connect()
    worker = TableWorker(open_store(f"sqlite:///{tmp_path}/c.db"), broker)
    await worker.serve()
    try:
        table = str(uuid.uuid4())
        shard = shard_of(table, broker.topology.shards)
        actions = [
            ("a", CreateTable(game="cantstop", seats=4, player_name="A")),
            ("b", JoinTable(player_name="B")),
            ("c", JoinTable(player_name="C")),
            ("d", JoinTable(player_name="D")),
        ]
        bodies = [msgspec.json.encode(new_command(table, p, a)) for p, a in actions]
        replies = await asyncio.gather(
            *(broker.request(shard, body, timeout=10) for body in bodies)
        )
        decoded = [msgspec.json.decode(r) for r in replies]
        assert [(r["accepted"], r["seat"]) for r in decoded] == [
            (True, 0), (True, 1), (True, 2), (True, 3),
        ]  # fmt: skip
        assert worker.batches == 1, "the shard's four commands shared one commit"
    finally:
        await broker.cleanup()
        await broker.close()


def test_each_outcome_carries_the_store_position_of_its_commands_last_event(url: str) -> None:
    worker = TableWorker(open_store(url), None)  # type: ignore[arg-type]
    one, two = str(uuid.uuid4()), str(uuid.uuid4())
    outcomes = worker.decide_and_store_many(
        [
            new_command(one, "a", CreateTable(game="ra", seats=3, player_name="A")),
            new_command(two, "a", CreateTable(game="ra", seats=2, player_name="A")),
            new_command(one, "b", JoinTable(player_name="B")),
        ]
    )
    single = worker.decide_and_store(new_command(two, "b", JoinTable(player_name="B")))
    store = open_store(url)
    last: dict[tuple[str, int], int] = {}
    for note in store.notifications(0, 100):
        if is_table_notification(note):
            envelope = envelope_of(store, note)
            last[envelope.table_id, envelope.version] = envelope.position
    assert [o.position for o in [*outcomes, single]] == [
        last[one, 2], last[two, 2], last[one, 3], last[two, 3],
    ]  # fmt: skip
    assert single.position == store.last_position()


def _counting_reads(worker: TableWorker) -> list[str]:
    """The table reads the worker's store makes from now on (by aggregate id)."""
    reads: list[str] = []
    recorder = worker.store.recorder
    select = recorder.select_events

    def counted(originator_id: Any, *args: Any, **kwargs: Any) -> Any:
        reads.append(str(originator_id))
        return select(originator_id, *args, **kwargs)

    recorder.select_events = counted  # type: ignore[method-assign]
    return reads


def test_a_batch_opens_a_new_table_without_reading_it_and_a_retried_create_still_replays(
    url: str,
) -> None:
    worker = TableWorker(open_store(url), None)  # type: ignore[arg-type]
    table = str(uuid.uuid4())
    create = new_command(table, "a", CreateTable(game="ra", seats=2, player_name="A"))
    reads = _counting_reads(worker)
    [opened] = worker.decide_and_store_many([create])
    assert opened.accepted and opened.version == 2
    assert table not in reads  # nothing to read: a new table
    worker.tables.evict(table)  # as after a restart, or a hand-over of its shard
    other = str(uuid.uuid4())
    again, beside = worker.decide_and_store_many(
        [create, new_command(other, "b", CreateTable(game="ra", seats=2, player_name="B"))]
    )
    # The joint save failed on the stored table; each was decided again alone.
    assert again.replayed and (again.accepted, again.version) == (True, 2)
    assert beside.accepted and beside.version == 2
    assert table in reads
    store = open_store(url)
    versions: dict[str, list[int]] = {}
    for note in store.notifications(0, 100):
        envelope = envelope_of(store, note)
        versions.setdefault(envelope.table_id, []).append(envelope.version)
    assert versions == {table: [1, 2], other: [1, 2]}


def test_a_batch_refuses_another_create_of_a_stored_table_as_a_lone_command_is_refused(
    url: str,
) -> None:
    table = str(uuid.uuid4())
    TableWorker(open_store(url), None).decide_and_store(  # type: ignore[arg-type]
        new_command(table, "a", CreateTable(game="ra", seats=2, player_name="A"))
    )
    intruder = new_command(table, "z", CreateTable(game="ra", seats=3, player_name="Z"))
    alone = TableWorker(open_store(url), None).decide_and_store(intruder)  # type: ignore[arg-type]
    [batched] = TableWorker(open_store(url), None).decide_and_store_many([intruder])  # type: ignore[arg-type]
    assert not alone.accepted and alone.error is not None
    assert (batched.accepted, batched.error) == (alone.accepted, alone.error)
    assert open_store(url).last_position() == 2  # the stored table's two events only
