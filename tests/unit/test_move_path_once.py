"""A move is folded once and encoded once on the table worker's path."""

from __future__ import annotations

import asyncio
import random
import uuid
from typing import Any

import msgspec
import pytest

from services.table.worker import TableWorker
from shared.contracts.envelopes import CreateTable, JoinTable, PlayMove, Reply, StartTable
from shared.store import open_store
from shared.tables import decide as decider
from shared.tables import state as table_state
from shared.tables.envelopes import envelope_of
from tests.harness.commands import new_command


def _started(worker: TableWorker, game: str = "ra") -> str:
    table = str(uuid.uuid4())
    outcomes = worker.decide_and_store_many(
        [
            new_command(table, "p0", CreateTable(game=game, seats=2, player_name="zero")),
            new_command(table, "p1", JoinTable(player_name="one")),
            new_command(table, "p0", StartTable()),
        ]
    )
    assert all(o.accepted for o in outcomes)
    return table


def _a_move(worker: TableWorker, table: str, rng: random.Random) -> Any:
    cached = worker.tables.get(table)
    assert cached is not None
    state = cached.table
    seat = state.spec.to_act(state.game_state)[0]
    move = rng.choice(list(state.spec.legal_moves(state.game_state, seat)))
    return new_command(table, f"p{seat}", PlayMove(move=msgspec.Raw(msgspec.json.encode(move))))


@pytest.mark.parametrize("game", ["ra", "cantstop", "sobek"])
def test_a_move_is_folded_once_into_the_table_state_and_never_decoded_back(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = TableWorker(open_store("memory"), None)  # type: ignore[arg-type]
    table = _started(worker, game)
    folds: list[str] = []
    evolve = table_state.evolve

    def counted(state: Any, event: Any, spec: Any = None) -> Any:
        folds.append(type(event).__name__)
        return evolve(state, event, spec)

    def no_decode(*args: Any) -> Any:
        raise AssertionError("a recorded event was decoded back")

    monkeypatch.setattr(table_state, "evolve", counted)
    monkeypatch.setattr(decider, "evolve", counted)
    monkeypatch.setattr(table_state, "decode_event", no_decode)
    monkeypatch.setattr(table_state, "decode_event_json", no_decode)
    rng = random.Random(3)
    for _ in range(6):
        folds.clear()
        outcome = worker.decide_and_store(_a_move(worker, table, rng))
        assert isinstance(outcome, Reply) and outcome.accepted, outcome
        assert len(folds) == len(outcome.committed), folds  # one table fold per event
    monkeypatch.undo()
    cached = worker.tables.get(table)
    assert cached is not None  # the state kept equals a fold of the stored events
    assert worker.store.repository.get(uuid.UUID(table)).table == cached.table


def test_a_recorded_payload_is_encoded_once_for_store_and_reply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = open_store("memory")
    worker = TableWorker(store, None)  # type: ignore[arg-type]
    table = _started(worker)
    transcoded: list[Any] = []
    encode = store.mapper.transcoder.encode

    def counted(obj: Any) -> bytes:
        transcoded.append(obj)
        return encode(obj)

    monkeypatch.setattr(store.mapper.transcoder, "encode", counted)
    outcome = worker.decide_and_store(_a_move(worker, table, random.Random(1)))
    assert isinstance(outcome, Reply) and outcome.committed
    assert transcoded == [], "table events went through the stdlib JSON transcoder"
    stored = store.notifications(store.last_position() - len(outcome.committed), 100)
    for note, sent in zip(stored, outcome.committed, strict=True):
        envelope = envelope_of(store, note)
        assert bytes(envelope.payload) == bytes(sent.payload)  # the same bytes everywhere


async def test_a_gateway_folds_a_moves_events_once_and_skips_the_relays_copies_undecoded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from services.gateway.views.projector import ViewProjector
    from services.table.relay import relay_runner
    from shared.messaging.memory import MemoryBroker

    broker = MemoryBroker(prefix="once" + uuid.uuid4().hex[:6])
    await broker.connect()
    store = open_store("memory")
    worker = TableWorker(store, broker)
    table = _started(worker)
    views = ViewProjector(store, broker)
    await views.start()
    try:
        assert await views.get(table) is not None
        relay = relay_runner(store, broker)
        await relay.catch_up()  # the start's events, published
        await asyncio.sleep(0.05)
        applied = views.applied_events
        outcome = worker.decide_and_store(_a_move(worker, table, random.Random(2)))
        assert isinstance(outcome, Reply) and outcome.committed
        await views.apply_committed(table, outcome.committed, outcome.command_id)
        assert views.applied_events == applied + len(outcome.committed)

        def no_decode(*args: Any) -> Any:
            raise AssertionError("the relay's copy of a folded event was decoded")

        monkeypatch.setattr(table_state, "decode_event_json", no_decode)
        assert await relay.catch_up() == len(outcome.committed)
        await asyncio.sleep(0.05)  # the batch is delivered and skipped
        assert views.applied_events == applied + len(outcome.committed)
        assert views.position == store.last_position()
    finally:
        await broker.cleanup()
