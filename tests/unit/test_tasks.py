"""Stopping tasks for sure: a cancellation swallowed below a loop must not hang a shutdown."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from shared.tasks import cancellation_kept, stop_tasks


class _SwallowingClose:
    """Stands in for aio-pika's close: a cancellation during it becomes a suppressed error."""

    async def close(self) -> None:
        try:
            await asyncio.sleep(0.2)
        except asyncio.CancelledError:
            return  # aio-pika: CancelledError -> ChannelClosed -> suppress(Exception)


async def _loop_that_closes(kept: bool, closing: asyncio.Event) -> None:
    """A sampler-like loop: close something, retry on errors, forever."""
    while True:
        try:
            closing.set()
            if kept:
                async with cancellation_kept():
                    await _SwallowingClose().close()
            else:
                await _SwallowingClose().close()
        except Exception:
            pass
        await asyncio.sleep(0.2)  # a retry pause, where a cancellation does land


async def test_a_swallowed_cancellation_inside_a_close_is_raised_after_it() -> None:
    closing = asyncio.Event()
    task = asyncio.create_task(_loop_that_closes(True, closing))
    await closing.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_without_the_guard_the_loop_outlives_one_cancel() -> None:
    """What the guard prevents: one cancel is lost and the task runs on."""
    closing = asyncio.Event()
    task = asyncio.create_task(_loop_that_closes(False, closing))
    await closing.wait()
    task.cancel()
    done, _ = await asyncio.wait({task}, timeout=0.2)
    assert not done  # still looping: `await task` would hang
    await stop_tasks([task], patience=0.05)  # the second cancel lands in the retry pause
    assert task.done()


async def test_stop_tasks_ends_a_task_that_ignores_the_first_cancel() -> None:
    started = asyncio.Event()

    async def stubborn() -> None:
        started.set()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(10)  # swallowed once
        await asyncio.sleep(10)

    task = asyncio.create_task(stubborn())
    await started.wait()
    await stop_tasks([task], patience=0.05)
    assert task.done()


async def test_stop_tasks_collects_failures_without_raising_them() -> None:
    async def fails() -> None:
        raise RuntimeError("old failure")

    failed = asyncio.create_task(fails())
    await asyncio.sleep(0)
    sleeper = asyncio.create_task(asyncio.sleep(10))
    await stop_tasks(iter([failed, sleeper]))
    assert failed.done() and sleeper.cancelled()
