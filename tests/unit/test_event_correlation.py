"""Stored table events carry the command's correlation id; older events decode without one."""

from __future__ import annotations

import uuid

from eventsourcing.persistence import StoredEvent

from services.table.worker import TableWorker
from shared.contracts.envelopes import CreateTable, JoinTable
from shared.store import open_store
from shared.tables.envelopes import envelope_of
from tests.harness.commands import new_command


def _store_with_a_table() -> tuple[TableWorker, str]:
    worker = TableWorker(open_store("memory"), None)  # type: ignore[arg-type]
    table_id = str(uuid.uuid4())
    create = CreateTable(game="ra", seats=2, player_name="zero")
    assert worker.decide_and_store(new_command(table_id, "p0", create, corr="corr-create")).accepted
    join = JoinTable(player_name="one")
    assert worker.decide_and_store(new_command(table_id, "p1", join, corr="corr-join")).accepted
    return worker, table_id


def test_every_stored_event_and_its_envelope_carry_the_commands_correlation_id() -> None:
    worker, _ = _store_with_a_table()
    store = worker.store
    ids = [envelope_of(store, note).correlation_id for note in store.notifications(0, 10)]
    assert ids == ["corr-create", "corr-create", "corr-join"]


def test_an_event_stored_before_correlation_ids_decodes_with_an_empty_one() -> None:
    worker, _ = _store_with_a_table()
    store = worker.store
    transcoder = store.mapper.transcoder
    for note in store.notifications(0, 10):
        state = transcoder.decode(note.state)
        assert state.pop("class_version") == 2
        del state["correlation_id"]
        old = StoredEvent(
            originator_id=note.originator_id, originator_version=note.originator_version,
            topic=note.topic, state=transcoder.encode(state),
        )  # fmt: skip
        event = store.mapper.to_domain_event(old)
        assert event.correlation_id == ""
        assert event.command_id == store.decode(note).command_id
