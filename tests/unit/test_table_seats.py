"""The table service refuses moves and starts from players without a seat, on its own.

The gateway refuses them too, but the table worker is the authority (another gateway, a
stale read model or a direct publisher may send anything): these tests send commands to
the worker directly, no gateway, no HTTP.
"""

from __future__ import annotations

import uuid

import msgspec
import pytest

from services.table.worker import TableWorker
from shared.contracts.envelopes import Command, CreateTable, Outcome, PlayMove, StartTable
from shared.store import open_store
from tests.harness.commands import new_command, started_table


def _decide(worker: TableWorker, path: str, sent: Command) -> Outcome:
    """Through one command's path, or the group commit's batch path."""
    if path == "single":
        return worker.decide_and_store(sent)
    [outcome] = worker.decide_and_store_many([sent])
    return outcome


def _version(worker: TableWorker, table_id: str) -> int:
    table = worker.tables.get(table_id)
    assert table is not None
    return table.table.version


@pytest.mark.parametrize("path", ["single", "batch"])
def test_a_move_from_a_player_without_a_seat_is_not_seated_and_changes_nothing(
    path: str,
) -> None:
    worker = TableWorker(open_store("memory"), None)  # type: ignore[arg-type]
    table_id = str(uuid.uuid4())
    started_table(worker, table_id)
    table = worker.tables.get(table_id)
    assert table is not None
    state = table.table
    seat = state.spec.to_act(state.game_state)[0]
    legal = state.spec.legal_moves(state.game_state, seat)[0]
    move = PlayMove(move=msgspec.Raw(msgspec.json.encode(legal)))
    before = _version(worker, table_id)

    outcome = _decide(worker, path, new_command(table_id, "eve", move))

    assert not outcome.accepted and outcome.error is not None
    assert (outcome.error.code, outcome.error.status) == ("not_seated", 403)
    assert _version(worker, table_id) == before
    # The same move from the seat to act is accepted: only the seat was wrong.
    assert _decide(worker, path, new_command(table_id, f"p{seat}", move)).accepted


@pytest.mark.parametrize("path", ["single", "batch"])
def test_a_start_from_a_player_without_a_seat_is_not_seated(path: str) -> None:
    worker = TableWorker(open_store("memory"), None)  # type: ignore[arg-type]
    table_id = str(uuid.uuid4())
    created = CreateTable(game="ra", seats=2, player_name="zero")
    assert worker.decide_and_store(new_command(table_id, "p0", created)).accepted

    outcome = _decide(worker, path, new_command(table_id, "eve", StartTable()))

    assert not outcome.accepted and outcome.error is not None
    assert outcome.error.code == "not_seated"
    assert _version(worker, table_id) == 2  # created, creator seated: nothing more
