"""Sign-in requests, handled off the request path.

`POST /api/sign-in-links` answers the same whether or not the address is a player's; if
it also looked the address up before answering, the time of the answer would tell (an
unknown address costs one store read, a known one several and a write). So the request
is only queued, and one task per gateway records the asks (`owners.ask_sign_in`) in order.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import structlog

from shared.notify import owners
from shared.store import EventStore
from shared.tasks import stop_tasks

log = structlog.get_logger("senet.notify")
QUEUED = 1000  # sign-in requests waiting at most; past it the request is refused (503)


class SignInDesk:
    """A bounded queue of sign-in requests and the task that records them."""

    def __init__(
        self, store: EventStore, name_of: Callable[[str], str], size: int = QUEUED
    ) -> None:
        self.store = store
        self.name_of = name_of  # a player's name, for the mail
        self.queue: asyncio.Queue[tuple[str, float]] = asyncio.Queue(size)
        self.task: asyncio.Task[None] | None = None

    def ask(self, email: str, now: float) -> bool:
        """Queue a sign-in request (asked at `now`); False if the queue is full."""
        try:
            self.queue.put_nowait((email, now))
        except asyncio.QueueFull:
            return False
        return True

    async def start(self) -> None:
        """Start recording queued requests."""
        self.task = asyncio.create_task(self._run(), name="sign-in-desk")

    async def stop(self) -> None:
        """Stop; requests still queued are dropped (their senders may ask again)."""
        if self.task is not None:
            await stop_tasks([self.task])

    async def drained(self) -> None:
        """Wait until every queued request is recorded (tests)."""
        await self.queue.join()

    async def _run(self) -> None:
        while True:
            email, now = await self.queue.get()
            try:
                await asyncio.to_thread(owners.ask_sign_in, self.store, email, now, self.name_of)
            except Exception:  # a store outage or a bug: the request is lost, not the desk
                log.exception("sign_in_ask_failed")
            finally:
                self.queue.task_done()
