"""A table worker that held a shard before another worker moved its tables on."""

from __future__ import annotations

import random
import uuid

import msgspec

from services.table.worker import TableWorker
from shared.contracts.envelopes import Command, PlayMove
from shared.messaging.memory import MemoryBroker
from shared.store import open_store
from tests.harness.commands import play_some, started_table


def _next_move(worker: TableWorker, table_id: str) -> tuple[str, PlayMove, int]:
    """A legal move of the seat to act, read from the store: (player, action, version)."""
    table = worker.store.repository.get(uuid.UUID(table_id))
    state = table.table
    seat = state.spec.to_act(state.game_state)[0]
    move = random.Random(7).choice(list(state.spec.legal_moves(state.game_state, seat)))
    return f"p{seat}", PlayMove(move=msgspec.Raw(msgspec.json.encode(move))), state.version


def test_a_command_on_a_table_moved_on_elsewhere_is_not_rejected_from_a_stale_cache() -> None:
    store = open_store("memory")
    before, elsewhere = TableWorker(store, MemoryBroker()), TableWorker(store, MemoryBroker())
    table_id = str(uuid.uuid4())
    started_table(before, table_id)  # `before` caches the table at this version
    play_some(elsewhere, table_id, 3)  # the shard moved: another worker played on
    player, action, version = _next_move(elsewhere, table_id)
    command = Command(
        command_id=uuid.uuid4().hex, table_id=table_id, player_id=player, action=action,
        expected_version=version,
    )  # fmt: skip
    outcome = before.decide_and_store(command)
    assert outcome.accepted, outcome.error
    assert outcome.version > version


def test_a_move_with_invalid_utf8_inside_is_a_bad_move_not_a_crash() -> None:
    """Only the gateway checks a move's text; the worker must reject it on its own too."""
    store = open_store("memory")
    worker = TableWorker(store, MemoryBroker())
    table_id = str(uuid.uuid4())
    started_table(worker, table_id)
    player, _, version = _next_move(worker, table_id)
    stored = store.last_position()
    command = Command(
        command_id=uuid.uuid4().hex, table_id=table_id, player_id=player,
        action=PlayMove(move=msgspec.Raw(b'{"type": "\xff\xfe"}')), expected_version=version,
    )  # fmt: skip
    outcome = worker.decide_and_store(command)
    assert not outcome.accepted and outcome.error is not None
    assert outcome.error.code == "bad_move"
    assert store.last_position() == stored
