"""A table's snapshot is written by msgspec in the very form eventsourcing's transcoder
writes (the same JSON, read back to the same aggregate), without the transcoder; any
other aggregate's snapshot still takes eventsourcing's own path."""

from __future__ import annotations

import json
from typing import Any

import pytest
from eventsourcing.domain import Snapshot
from eventsourcing.persistence import Mapper

from services.bench.autoplay import SelfPlay
from shared.accounts.ledger import register
from shared.store import open_store
from shared.tables.aggregate import Table
from shared.tables.codec import TURN_TIMES

GAMES = ("ra", "egizia", "sobek", "cantstop", "herazeus", "istanbul", "tictactoe")


def _plain(mapper: Mapper[Any]) -> Mapper[Any]:
    """eventsourcing's own mapper on the same transcoder."""
    return Mapper(mapper.transcoder, mapper.compressor, mapper.cipher)


@pytest.mark.parametrize("times", [False, True])  # as the readers save it: with turn times
@pytest.mark.parametrize("game", GAMES)
def test_a_table_snapshot_is_the_transcoders_json_and_reads_back_the_same(
    game: str, times: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store("memory")
    table = SelfPlay(7).play(game)
    store.save(table)
    assert len(table.accepted) > 5
    snapshot = Snapshot.take(table)
    if times:
        snapshot.state[TURN_TIMES] = [[3, "2026-11-29T20:00:00+00:00"], [9, "2026-11-29T20:01:00"]]
    assert store.snapshots is not None
    mapper = store.snapshots.mapper
    slow = _plain(mapper).to_stored_event(snapshot)

    def refused(_: Any) -> bytes:
        raise AssertionError("the table's snapshot went through eventsourcing's transcoder")

    monkeypatch.setattr(mapper.transcoder, "encode", refused)
    fast = mapper.to_stored_event(snapshot)
    monkeypatch.undo()
    assert (fast.originator_id, fast.originator_version, fast.topic) == (
        slow.originator_id, slow.originator_version, slow.topic,
    )  # fmt: skip
    assert json.loads(fast.state) == json.loads(slow.state)
    back = mapper.to_domain_event(fast)
    assert isinstance(back, Snapshot)
    again = back.mutate(None)
    assert isinstance(again, Table)
    assert again.table == table.table
    assert again.accepted == table.accepted
    assert (again.version, again.created_on, again.modified_on) == (
        table.version, table.created_on, table.modified_on,
    )  # fmt: skip
    assert back.state.get(TURN_TIMES) == snapshot.state.get(TURN_TIMES)


def test_another_aggregates_snapshot_takes_eventsourcings_path() -> None:
    store = open_store("memory")
    player, _ = register(store, "ann")
    assert store.snapshots is not None
    mapper = store.snapshots.mapper
    snapshot = Snapshot.take(player)
    assert mapper.to_stored_event(snapshot).state == _plain(mapper).to_stored_event(snapshot).state
