"""One contract suite for the event store on memory, SQLite and PostgreSQL."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from services.table.worker import TableWorker
from shared.contracts.envelopes import CreateTable, JoinTable, StartTable
from shared.store import EventStore, open_store
from shared.tables.envelopes import envelope_of, is_table_notification
from tests.harness.commands import new_command


def _url(kind: str, request: pytest.FixtureRequest, tmp_path) -> str:
    if kind == "memory":
        return "memory"
    if kind == "sqlite":
        return f"sqlite:///{tmp_path}/store.db"
    return request.getfixturevalue("postgres_url")


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """A fresh store of each kind."""
    yield _url(request.param, request, tmp_path)


@pytest.fixture(params=["sqlite", "postgres"])
def durable_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    """A fresh store of each kind that outlives its process."""
    yield _url(request.param, request, tmp_path)


def _open_game(worker: TableWorker, table_id: str) -> None:
    for command in (
        new_command(table_id, "a", CreateTable(game="ra", seats=2, player_name="A"), "create"),
        new_command(table_id, "b", JoinTable(player_name="B"), "join"),
        new_command(table_id, "a", StartTable(), "start"),
    ):
        outcome = worker.decide_and_store(command)
        assert outcome.accepted, outcome


def test_positions_are_recorded_once_and_survive_reopening(store_url: str) -> None:
    store = open_store(store_url)
    assert store.position_of("relay") == 0
    store.record_position("relay", 5)
    store.record_position("relay", 5)  # a restarted consumer records the same position again
    store.record_position("relay", 9)
    assert store.position_of("relay") == 9
    assert store.position_of("views") == 0
    if store_url != "memory":
        assert open_store(store_url).position_of("relay") == 9


def test_table_events_are_in_the_log_in_order_with_names(store_url: str) -> None:
    store = open_store(store_url)
    worker = TableWorker(store, None)  # type: ignore[arg-type]
    table_id = str(uuid.uuid4())
    _open_game(worker, table_id)
    notes = [n for n in store.notifications(0, 1000) if is_table_notification(n)]
    envelopes = [envelope_of(store, n) for n in notes]
    assert [e.version for e in envelopes] == list(range(1, len(envelopes) + 1))
    assert [e.name for e in envelopes[:4]] == [
        "TableCreated",
        "SeatTaken",
        "SeatTaken",
        "TableStarted",
    ]
    assert all(e.table_id == table_id and e.game == "ra" for e in envelopes)
    positions = [e.position for e in envelopes]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)
    assert store.notifications(positions[1], 2)[0].id == positions[2]


def test_repeated_command_after_restart_is_answered_from_the_store(durable_url: str) -> None:
    store_url = durable_url
    store = open_store(store_url)
    table_id = str(uuid.uuid4())
    _open_game(TableWorker(store, None), table_id)  # type: ignore[arg-type]
    before = store.last_position()
    restarted = TableWorker(open_store(store_url), None)  # type: ignore[arg-type]
    outcome = restarted.decide_and_store(
        new_command(table_id, "b", JoinTable(player_name="B"), "join")
    )
    assert outcome.accepted and outcome.replayed
    assert outcome.version == 3
    assert open_store(store_url).last_position() == before


def test_two_workers_writing_one_table_never_fork_its_history(durable_url: str) -> None:
    store_url = durable_url
    first = TableWorker(open_store(store_url), None)  # type: ignore[arg-type]
    table_id = str(uuid.uuid4())
    first.decide_and_store(
        new_command(table_id, "a", CreateTable(game="ra", seats=3, player_name="A"))
    )
    second = TableWorker(open_store(store_url), None)  # type: ignore[arg-type]
    # Both have the table cached at version 2; the second writes first.
    assert second.decide_and_store(new_command(table_id, "b", JoinTable(player_name="B"))).accepted
    outcome = first.decide_and_store(new_command(table_id, "c", JoinTable(player_name="C")))
    assert outcome.accepted and outcome.version == 4  # re-read and re-decided, seat 2
    store: EventStore = open_store(store_url)
    notes = [envelope_of(store, n) for n in store.notifications(0, 100) if is_table_notification(n)]
    assert [(e.version, e.name) for e in notes] == [
        (1, "TableCreated"),
        (2, "SeatTaken"),
        (3, "SeatTaken"),
        (4, "SeatTaken"),
    ]
