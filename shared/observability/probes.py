"""Liveness and readiness checks: each names what is wrong, or returns None when fine."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field

from prometheus_client import REGISTRY
from prometheus_client.registry import Collector

from shared.messaging.port import Broker
from shared.store import EventStore

Check = Callable[[], Awaitable[str | None]]


@dataclass
class Probes:
    """What a process's /healthz, /readyz and /metrics report."""

    live: dict[str, Check] = field(default_factory=dict)
    ready: dict[str, Check] = field(default_factory=dict)
    registries: list[Collector] = field(default_factory=lambda: [REGISTRY])


async def failures(checks: dict[str, Check]) -> dict[str, str]:
    """The reason of every failing check, by name (empty: all fine)."""
    out = {}
    for name, check in checks.items():
        try:
            reason = await check()
        except Exception as exc:  # a check that breaks is a failing check
            reason = f"check failed: {exc!r}"
        if reason is not None:
            out[name] = reason
    return out


def broker_check(broker: Broker) -> Check:
    """Fails while the broker connection is down (RabbitMQ: also while reconnecting)."""

    async def check() -> str | None:
        return None if broker.is_connected() else "broker connection is down"

    return check


class StoreCheck:
    """Fails when a cheap query (the newest position) errs or takes longer than `timeout`.

    A query that hangs keeps its thread; later probes report it instead of starting more.
    """

    def __init__(self, store: EventStore, timeout: float = 2.0) -> None:
        self.store = store
        self.timeout = timeout
        self._running: asyncio.Future[int] | None = None

    async def __call__(self) -> str | None:
        """None when the store answered in time."""
        if self._running is None or self._running.done():
            self._running = asyncio.ensure_future(asyncio.to_thread(self.store.last_position))
            self._running.add_done_callback(_consume_error)
        try:
            await asyncio.wait_for(asyncio.shield(self._running), self.timeout)
        except TimeoutError:
            return f"event store did not answer within {self.timeout}s"
        except Exception as exc:
            return f"event store is unreachable: {exc!r}"[:300]
        return None


def _consume_error(future: asyncio.Future[int]) -> None:
    """Mark a failed query's error as seen (a later probe may have stopped waiting)."""
    if not future.cancelled():
        future.exception()


def tasks_check(tasks: Iterable[asyncio.Task[None]]) -> Check:
    """Fails once a background task that should run forever has ended."""

    async def check() -> str | None:
        for task in tasks:
            if task.done():
                error = None if task.cancelled() else task.exception()
                return f"task {task.get_name()} ended" + (f": {error!r}" if error else "")
        return None

    return check


def flag_check(is_set: Callable[[], bool], reason: str) -> Check:
    """Fails with `reason` while `is_set()` is false (e.g. views still rebuilding)."""

    async def check() -> str | None:
        return None if is_set() else reason

    return check
