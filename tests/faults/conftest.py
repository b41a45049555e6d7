"""A platform of separate real processes on the machine's RabbitMQ and PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from shared.store import EventStore, open_store
from tests.faults.cluster import Cluster

POOL_SIZE = 2  # PostgreSQL connections each process keeps open ...
MAX_OVERFLOW = 4  # ... and opens beyond them under load


@pytest.fixture
async def cluster(
    amqp_url: str, postgres_url: str, unique_name: str, tmp_path: Path
) -> AsyncIterator[Cluster]:
    """Gateway, table worker, relay and scoring, each its own process; all ready."""
    # Small pools: the server's 100 connections are shared by every test run on the machine.
    store = f"{postgres_url}&pool_size={POOL_SIZE}&max_overflow={MAX_OVERFLOW}"
    running = Cluster(store=store, broker=amqp_url, prefix=unique_name, logs=tmp_path)
    try:
        await running.start_all()
        yield running
    finally:
        running.stop_all()
        await running.delete_broker_objects()


@pytest.fixture
def store(cluster: Cluster) -> Iterator[EventStore]:
    """The cluster's event store, read by the test process (its own connections)."""
    opened = open_store(cluster.store)
    yield opened
    opened.close()
