"""The one clock of the notify service: real time in production, a fake one in tests."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    """Epoch seconds and sleeping by them."""

    def now(self) -> float:
        """The current time in epoch seconds."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait for this long on this clock."""


class SystemClock:
    """Wall-clock time."""

    def now(self) -> float:
        """The current time in epoch seconds."""
        return time.time()

    async def sleep(self, seconds: float) -> None:
        """Wait for real."""
        await asyncio.sleep(max(seconds, 0.0))


class FakeClock:
    """A clock that moves only when told (`advance`), so tests never wait."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start
        self.sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        """The fake time."""
        return self.time

    async def sleep(self, seconds: float) -> None:
        """Wait until the fake time has moved this far."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.time + seconds, future))
        await future

    def advance(self, seconds: float) -> None:
        """Move time forward and wake the sleepers that are due."""
        self.time += seconds
        due = [(t, f) for t, f in self.sleepers if t <= self.time]
        self.sleepers = [(t, f) for t, f in self.sleepers if t > self.time]
        for _, future in due:
            if not future.done():
                future.set_result(None)
