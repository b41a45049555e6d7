"""Helpers for observability tests: scrape /metrics, wait for a condition, drive a table."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections.abc import Awaitable, Callable

import aiohttp
import msgspec
from prometheus_client.parser import text_string_to_metric_families

from services.table.worker import TableWorker
from shared.contracts.envelopes import Command, CreateTable, JoinTable, PlayMove, StartTable

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def parse(text: str) -> Samples:
    """Prometheus text → {(sample name, labels): value}."""
    out: Samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return out


def value(samples: Samples, name: str, **labels: str) -> float:
    """One sample's value (0 when absent)."""
    return samples.get((name, frozenset(labels.items())), 0.0)


async def scrape(url: str) -> Samples:
    """GET a /metrics URL and parse it."""
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        assert response.status == 200, await response.text()
        return parse(await response.text())


async def until(condition: Callable[[], Awaitable[bool]], what: str, timeout: float = 30.0) -> None:
    """Wait for a condition that something else makes true; fail after `timeout`."""
    deadline = time.monotonic() + timeout
    while not await condition():
        assert time.monotonic() < deadline, f"{what}: not reached in {timeout}s"
        await asyncio.sleep(0.1)


def command(table_id: str, player: str, action: object, cid: str = "", corr: str = "") -> Command:
    """A command envelope as the gateway would send it."""
    return Command(
        command_id=cid or uuid.uuid4().hex, table_id=table_id, player_id=player,
        action=action, correlation_id=corr,  # type: ignore[arg-type]
    )  # fmt: skip


def started_table(worker: TableWorker, table_id: str) -> None:
    """Create, join and start a two-seat Ra table through the worker (no broker)."""
    for outcome in [
        worker.decide_and_store(
            command(table_id, "p0", CreateTable(game="ra", seats=2, player_name="zero"))
        ),
        worker.decide_and_store(command(table_id, "p1", JoinTable(player_name="one"))),
        worker.decide_and_store(command(table_id, "p0", StartTable())),
    ]:
        assert outcome.accepted, outcome


def play_some(worker: TableWorker, table_id: str, count: int, seed: int = 4) -> None:
    """`count` random legal moves through the worker."""
    rng = random.Random(seed)
    for _ in range(count):
        table = worker.tables.get(table_id)
        assert table is not None
        state = table.table
        seat = state.spec.to_act(state.game_state)[0]
        move = rng.choice(list(state.spec.legal_moves(state.game_state, seat)))
        action = PlayMove(move=msgspec.Raw(msgspec.json.encode(move)))
        outcome = worker.decide_and_store(command(table_id, f"p{seat}", action))
        assert outcome.accepted, outcome
