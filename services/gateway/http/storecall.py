"""Event-store calls of request handlers: in a thread, and bounded in time.

A lost database makes eventsourcing retry for up to a minute; a client is answered sooner,
with 503 `store_unavailable` and Retry-After, and may retry (the call itself runs on).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from services.gateway.keys import SETTINGS
from shared.contracts.errors import Unavailable

T = TypeVar("T")


async def in_store(request: web.Request, call: Callable[..., T], *args: Any) -> T:
    """`call(*args)` in a thread; Unavailable if it takes longer than the store timeout."""
    timeout = request.app[SETTINGS].store_timeout
    try:
        return await asyncio.wait_for(asyncio.to_thread(call, *args), timeout)
    except TimeoutError as exc:
        message = f"the event store did not answer within {timeout:g}s"
        raise Unavailable(message, code="store_unavailable") from exc
