"""Stopping background tasks for sure, even when a library swallowed a cancellation.

`task.cancel()` then `await task` hangs for good if the task's loop caught the
CancelledError somewhere below it and went on looping. aio-pika does this: a channel or
connection closing while its caller is cancelled can turn the CancelledError into a
`ChannelClosed`, which `except Exception` retry loops then log and outlive. So a stop
cancels again until the task ends, and `cancellation_kept` gives a cancellation that a close
swallowed back to its caller.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from typing import Any

import structlog

log = structlog.get_logger("senet.tasks")
PATIENCE = 1.0  # seconds a cancelled task gets before it is cancelled again


async def stop_tasks(tasks: Iterable[asyncio.Task[Any]], patience: float = PATIENCE) -> None:
    """Cancel the tasks and wait until every one has ended (re-cancelling stragglers).

    Their results and exceptions are collected and dropped: a stop is not the place to
    raise a background task's old failure.
    """
    tasks = list(tasks)
    pending = {task for task in tasks if not task.done()}
    for task in pending:
        task.cancel()
    while pending:
        _, pending = await asyncio.wait(pending, timeout=patience)
        for task in pending:
            log.warning("task_ignored_cancel", task=task.get_name())
            task.cancel()
    for task in tasks:
        if task.done() and not task.cancelled():
            task.exception()  # retrieved, so asyncio does not report it at collection


@contextlib.asynccontextmanager
async def cancellation_kept() -> AsyncIterator[None]:
    """Raise CancelledError on leaving if the task was cancelled inside and nothing raised.

    Wrap a library call that may swallow a cancellation (aio-pika's `close()`), so the
    caller's own cancellation is not lost.
    """
    task = asyncio.current_task()
    before = task.cancelling() if task is not None else 0
    yield
    if task is not None and task.cancelling() > before:
        raise asyncio.CancelledError()
