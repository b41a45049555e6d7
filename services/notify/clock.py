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

    def from_store(self, stored: float) -> float:
        """A time written by the store (event timestamps, epoch seconds) on this clock."""
        ...


class SystemClock:
    """Wall-clock time."""

    def now(self) -> float:
        """The current time in epoch seconds."""
        return time.time()

    async def sleep(self, seconds: float) -> None:
        """Wait for real."""
        await asyncio.sleep(max(seconds, 0.0))

    def from_store(self, stored: float) -> float:
        """Store times are wall-clock times."""
        return stored


class FakeClock:
    """A clock that moves only when told (`advance`), so tests never wait.

    Events stored while it runs carry wall-clock times; `from_store` maps them onto the
    fake time line (a few real seconds of test run are negligible against hours).
    """

    def __init__(self, start: float | None = None) -> None:
        real = time.time()
        self.time = real if start is None else start
        # (wall time of a change, fake minus wall clock from then on), oldest first
        self.offsets: list[tuple[float, float]] = [(float("-inf"), self.time - real)]
        self.sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        """The fake time."""
        return self.time

    async def sleep(self, seconds: float) -> None:
        """Wait until the fake time has moved this far."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sleepers.append((self.time + seconds, future))
        await future

    def from_store(self, stored: float) -> float:
        """A store time (written on the wall clock) on the fake time line of that moment."""
        offset = next(o for wall, o in reversed(self.offsets) if wall <= stored)
        return stored + offset

    def advance(self, seconds: float) -> None:
        """Move time forward and wake the sleepers that are due."""
        self.time += seconds
        self.offsets.append((time.time(), self.time - time.time()))
        due = [(t, f) for t, f in self.sleepers if t <= self.time]
        self.sleepers = [(t, f) for t, f in self.sleepers if t > self.time]
        for _, future in due:
            if not future.done():
                future.set_result(None)
