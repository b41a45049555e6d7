"""Event-store calls of request handlers: in a thread, and bounded in time.

A lost database makes eventsourcing retry for up to a minute; a client is answered sooner,
with 503 `store_unavailable` and Retry-After, and may retry (the call itself runs on).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import web

from services.gateway.keys import HISTORY, SETTINGS
from shared.contracts.errors import Unavailable

T = TypeVar("T")


async def in_store(request: web.Request, call: Callable[..., T], *args: Any) -> T:
    """`call(*args)` in a thread; Unavailable if it takes longer than the store timeout."""
    return await _bounded(request, asyncio.to_thread(call, *args))


async def in_history(request: web.Request, call: Callable[..., T], *args: Any) -> T:
    """`in_store` on the threads of history reads (past views), not the store's own."""
    loop = asyncio.get_running_loop()
    return await _bounded(request, loop.run_in_executor(request.app[HISTORY].pool, call, *args))


async def _bounded(request: web.Request, running: Awaitable[T]) -> T:
    timeout = request.app[SETTINGS].store_timeout
    try:
        return await asyncio.wait_for(running, timeout)
    except TimeoutError as exc:
        message = f"the event store did not answer within {timeout:g}s"
        raise Unavailable(message, code="store_unavailable") from exc
