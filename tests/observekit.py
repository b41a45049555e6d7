"""Helpers for observability tests: scrape /metrics, wait for a condition, drive a table."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

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
