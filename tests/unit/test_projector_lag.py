"""Projector lag: table events the store holds beyond a position, and the oldest one's age."""

from __future__ import annotations

import uuid

from prometheus_client import REGISTRY

from services.gateway.views.table_cache import TableCache
from services.table.worker import TableWorker
from shared.observability.sampler import Sampler, lag_of
from shared.store import open_store
from tests.harness.commands import play_some, started_table


def test_lag_counts_the_table_events_after_the_position_and_is_zero_when_caught_up() -> None:
    store = open_store("memory")
    worker = TableWorker(store, None)  # type: ignore[arg-type]
    table_id = str(uuid.uuid4())
    started_table(worker, table_id)
    assert lag_of(store, store.last_position()) == (0, 0.0)
    middle = store.last_position()
    play_some(worker, table_id, 5)
    behind = sum(1 for _ in store.notifications(middle, 1000))
    events, seconds = lag_of(store, middle)
    assert events == behind > 0
    assert seconds >= 0.0
    assert lag_of(store, 0)[0] == store.last_position()


async def test_the_sampler_sets_each_projectors_lag_gauges() -> None:
    store = open_store("memory")
    worker = TableWorker(store, None)  # type: ignore[arg-type]
    started_table(worker, str(uuid.uuid4()))
    views = TableCache(store, None)
    name = "test-" + uuid.uuid4().hex[:6]
    sampler = Sampler(store, None, {name: lambda: views.newest_heard, f"{name}-off": lambda: None})
    await sampler.sample()
    assert _lag(name) == store.last_position() > 0
    views.newest_heard = store.last_position()  # as a delivery of the newest event sets it
    await sampler.sample()
    assert _lag(name) == 0
    assert _lag(f"{name}-off") == 0


def _lag(projector: str) -> float | None:
    return REGISTRY.get_sample_value("senet_projector_lag_events", {"projector": projector})
