"""A command whose decision raises (a bug) fails alone: 500 for it, the batch commits, no requeue.

The poison is a test-only game, `poisoned`: Ra's rules except that its setup raises, so
starting a poisoned table is a bug in a game's decision, not a rule the player broke.
"""

from __future__ import annotations

import asyncio
import dataclasses
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from services.table.worker import TableWorker
from shared.contracts.envelopes import Command, CreateTable, JoinTable, Outcome, StartTable
from shared.games import registry
from shared.messaging.amqp import AmqpBroker
from shared.messaging.memory import MemoryBroker
from shared.messaging.port import Broker, Topology
from shared.store import open_store
from shared.tables.client import TableClient
from tests.harness.commands import new_command


def _poisoned_setup(seats: int, options: Any, rng: Any) -> Any:
    raise RuntimeError("a bug in the game's setup")


@pytest.fixture(autouse=True)
def poisoned_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register `poisoned` for this test only."""
    spec = dataclasses.replace(registry.get_game("ra"), name="poisoned", setup=_poisoned_setup)
    monkeypatch.setitem(registry.GAME_PACKAGES, "poisoned", "shared.games.ra")
    monkeypatch.setitem(registry._loaded, "poisoned", spec)
    yield


def _full_poisoned_table(worker: TableWorker) -> str:
    table = str(uuid.uuid4())
    created = worker.decide_and_store(
        new_command(table, "a", CreateTable(game="poisoned", seats=2, player_name="A"))
    )
    joined = worker.decide_and_store(new_command(table, "b", JoinTable(player_name="B")))
    assert created.accepted and joined.accepted
    return table


def test_a_poison_command_fails_alone_and_the_rest_of_the_batch_commits(tmp_path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/p.db")
    worker = TableWorker(store, None)  # type: ignore[arg-type]
    poisoned = _full_poisoned_table(worker)
    before = store.last_position()
    others = [str(uuid.uuid4()) for _ in range(3)]
    batch = [
        new_command(others[0], "c", CreateTable(game="ra", seats=2, player_name="C")),
        new_command(poisoned, "a", StartTable()),
        *(
            new_command(t, "c", CreateTable(game="ra", seats=2, player_name="C"))
            for t in others[1:]
        ),
    ]
    outcomes = worker.decide_and_store_many(batch)
    assert [o.accepted for o in outcomes] == [True, False, True, True]
    error = outcomes[1].error
    assert error is not None and (error.code, error.status) == ("internal_error", 500)
    assert "bug" not in error.message  # the traceback is logged, not sent
    assert store.last_position() == before + 2 * len(others)  # TableCreated + SeatTaken each
    again = TableWorker(open_store(f"sqlite:///{tmp_path}/p.db"), None)  # type: ignore[arg-type]
    late = again.decide_and_store(new_command(poisoned, "x", JoinTable(player_name="X")))
    assert late.error is not None and late.error.code == "table_full"  # unchanged, answers


async def _through_the_broker(broker: Broker, store_url: str) -> None:
    """Poison among concurrent commands: 500 for it, the rest accepted, nothing dead-lettered."""
    await broker.connect()
    worker = TableWorker(open_store(store_url), broker)
    poisoned = _full_poisoned_table(worker)
    await worker.serve()
    try:

        async def send(command: Command) -> Outcome:
            return await TableClient(broker, timeout=20).send(command)

        creates = [
            new_command(str(uuid.uuid4()), "c", CreateTable(game="ra", seats=2, player_name="C"))
            for _ in range(12)
        ]
        poison = new_command(poisoned, "a", StartTable())
        outcomes = await asyncio.gather(*(send(c) for c in [*creates[:6], poison, *creates[6:]]))
        failed = outcomes[6]
        assert failed.error is not None and failed.error.code == "internal_error"
        assert failed.error.status == 500
        assert all(o.accepted for o in outcomes[:6] + outcomes[7:])
        assert await broker.dead_letters("commands") == []
        # Not requeued: a repeat of the poison is decided afresh (and fails the same way).
        repeat = await send(poison)
        assert repeat.error is not None and repeat.error.code == "internal_error"
        assert await broker.dead_letters("commands") == []
    finally:
        await worker.close()
        await broker.cleanup()
        await broker.close()


async def test_a_poison_command_on_the_embedded_default(tmp_path) -> None:
    broker = MemoryBroker(prefix="poison" + uuid.uuid4().hex[:6])
    await _through_the_broker(broker, f"sqlite:///{tmp_path}/m.db")


@pytest.fixture
async def amqp_broker(amqp_url: str, unique_name: str) -> AsyncIterator[Broker]:
    yield AmqpBroker(amqp_url, Topology(shards=2, delivery_limit=2), prefix=unique_name)


async def test_a_poison_command_on_rabbitmq_and_postgresql(
    amqp_broker: Broker, postgres_url: str
) -> None:
    await _through_the_broker(amqp_broker, postgres_url)
