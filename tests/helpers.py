"""Small helpers every test layer shares."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from shared.ports import free_port

__all__ = ["free_port", "until_true"]


async def until_true(condition: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """Wait for a condition something else makes true (polling); fail after `timeout`, which
    is a guard against a hang, never what the test waits for."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}: not reached in {timeout}s"
        await asyncio.sleep(0.01)
