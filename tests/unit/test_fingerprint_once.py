"""A command's fingerprint is computed once, whether it is decided in a batch, alone, or
again after a joint save that failed; and a repeat is still told from a reused id."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from services.table import worker as table_worker
from services.table.worker import TableWorker
from shared.contracts.envelopes import CreateTable, JoinTable, StartTable
from shared.store import open_store
from tests.harness.commands import new_command


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    digest = table_worker.fingerprint

    def counting(command: Any) -> str:
        seen.append(command.command_id)
        return digest(command)

    monkeypatch.setattr(table_worker, "fingerprint", counting)
    return seen


def _batch(table: str) -> list[Any]:
    return [
        new_command(table, "a", CreateTable(game="ra", seats=2, player_name="A")),
        new_command(table, "b", JoinTable(player_name="B")),
        new_command(table, "a", StartTable()),
    ]


def test_each_command_of_a_batch_is_fingerprinted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    worker = TableWorker(open_store("memory"), None)  # type: ignore[arg-type]
    seen = _counted(monkeypatch)
    batch = _batch(str(uuid.uuid4()))
    assert all(o.accepted for o in worker.decide_and_store_many(batch))
    assert sorted(seen) == sorted(c.command_id for c in batch)
    again = worker.decide_and_store(batch[1])  # a repeat, told from its fingerprint
    assert again.accepted and again.replayed


def test_a_failed_joint_save_re_decides_without_fingerprinting_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worker = TableWorker(open_store("memory"), None)  # type: ignore[arg-type]
    seen = _counted(monkeypatch)
    save = worker.store.save
    calls = 0

    def first_save_fails(*events: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ValueError("these events cannot be stored together")
        return save(*events)

    monkeypatch.setattr(worker.store, "save", first_save_fails)
    batch = _batch(str(uuid.uuid4()))
    assert all(o.accepted for o in worker.decide_and_store_many(batch))
    assert calls == 1 + len(batch)  # the joint save, then each command alone
    assert sorted(seen) == sorted(c.command_id for c in batch)
