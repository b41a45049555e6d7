"""Group commit: commands queued by the shard consumers, decided and saved in batches.

One writer task takes up to `max_batch` queued commands, in the order they were submitted
(a shard consumer submits a batch of deliveries in queue order, so one table's commands
keep their order), hands them to `decide_many` through `call` (in a thread; at once for the
in-memory store, `EventStore.call`; one transaction for the batch) and answers each
command's future with its outcome.
A store outage fails every future of the batch with the outage (the worker answers 503);
any other failure of `decide_many` answers each command with its own 500 (logged), so no
command is requeued for a bug.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable
from typing import Any

import structlog

from shared.contracts.envelopes import Command, Outcome
from shared.observability import metrics
from shared.store import STORE_OUTAGES
from shared.tasks import stop_tasks

log = structlog.get_logger("senet.table")


class GroupCommitter:
    """Batches commands for `decide_many(commands) -> outcomes` (run by `call`, by default
    in a thread)."""

    def __init__(
        self,
        decide_many: Callable[[list[Command]], list[Outcome]],
        failed: Callable[[Command], Outcome],
        max_batch: int = 64,
        call: Callable[..., Awaitable[Any]] = asyncio.to_thread,
    ) -> None:
        self.decide_many = decide_many
        self.call = call
        self.failed = failed  # the 500 outcome of a command
        self.max_batch = max_batch
        self.batches = 0  # batches committed
        self._queue: list[tuple[Command, asyncio.Future[Outcome]]] = []
        self._wakeup = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None

    async def submit(self, command: Command) -> Outcome:
        """Queue a command; its outcome arrives after its batch's commit."""
        if self._writer is None or self._writer.done():
            # A fresh context: the writer must not carry the first command's log bindings.
            self._writer = asyncio.create_task(
                self._write_batches(), name="group-commit", context=contextvars.Context()
            )
        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self._queue.append((command, future))
        self._wakeup.set()
        return await future

    async def close(self) -> None:
        """Stop the writer (after the broker stopped delivering)."""
        if self._writer is not None:
            await stop_tasks([self._writer])
            self._writer = None

    async def _write_batches(self) -> None:
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            while self._queue:
                batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
                metrics.GROUP_COMMIT_BATCH.observe(len(batch))
                commands = [command for command, _ in batch]
                try:
                    outcomes = await self.call(self.decide_many, commands)
                except STORE_OUTAGES as exc:  # every command of the batch gets a 503
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                except Exception:  # a bug outside any one decision: no command is requeued
                    log.exception("group_commit_failed", commands=len(batch))
                    outcomes = [self.failed(command) for command in commands]
                self.batches += 1
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if not future.done():
                        future.set_result(outcome)
