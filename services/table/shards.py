"""Which command shards this table worker serves, so that N workers share them.

Every worker attaches a consumer to every shard queue (single active consumer: whoever is
first in a queue's line is active, the rest stand by, so failover is RabbitMQ's own and
immediate). Workers find each other through the broker's group slots (`Broker.members`):
each holds the lowest free slot while it lives, and shard `s` belongs to the worker holding
`live[s % len(live)]`. When that assignment changes, a worker steps back in the line of every
shard whose owner changed to someone else; the owner never steps back, so it ends up first.
A worker that still finds itself active on a shard it does not own (e.g. after a reconnect)
steps back after that one batch (`keep=` of `serve_shard`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

import structlog

from shared.contracts.errors import Unavailable
from shared.messaging.port import Broker, CommandHandler, ShardConsumer
from shared.tasks import stop_tasks

log = structlog.get_logger("senet.table.shards")

GROUP = "table"
PROBE_SECONDS = 1.0  # how often a worker looks at the group: the bound on a rebalance's delay
STEP_BACK_SECONDS = 10.0  # a step back waits for the command in hand; never for ever


def owner_of(shard: int, live: Sequence[int]) -> int | None:
    """The slot that owns a shard, given the live slots in ascending order."""
    return live[shard % len(live)] if live else None


class ShardAssigner:
    """Keeps this worker's consumers on every shard and its share of them active."""

    def __init__(
        self,
        broker: Broker,
        handler: CommandHandler,
        *,
        interval: float = PROBE_SECONDS,
        worker_id: str = "",
        prefetch: int = 1,
    ) -> None:
        self.broker = broker
        self.handler = handler
        self.prefetch = prefetch  # commands a shard consumer takes at once
        self.interval = interval
        self.worker_id = worker_id
        self.slot: int | None = None
        self.live: tuple[int, ...] = ()
        self.settled: tuple[int, ...] = ()  # the live slots whose hand-overs are done
        self.consumers: list[ShardConsumer] = []
        self._task: asyncio.Task[None] | None = None

    @property
    def shards(self) -> int:
        """How many shards the deployment has."""
        return self.broker.topology.shards

    def owns(self, shard: int) -> bool:
        """Whether this worker should be the active consumer of a shard (before the first
        look at the group: yes, like a lone worker)."""
        if not self.live:
            return True
        return self.slot is not None and owner_of(shard, self.live) == self.slot

    def mine(self) -> list[int]:
        """The shards this worker owns now."""
        return [shard for shard in range(self.shards) if self.owns(shard)]

    async def start(self) -> None:
        """Stand in line on every shard first, then join the group (so that whoever steps
        back for this worker finds it already waiting), then keep looking."""
        for shard in range(self.shards):
            self.consumers.append(
                await self.broker.serve_shard(
                    shard, self.handler, keep=self.owns, prefetch=self.prefetch
                )
            )
        await self.refresh()
        self._task = asyncio.create_task(self._watch(), name="shard-assigner")

    async def stop(self) -> None:
        """Stop looking at the group (the broker's close frees the slot)."""
        if self._task is not None:
            await stop_tasks([self._task])  # its retry loop may outlive one cancellation
            self._task = None

    async def refresh(self) -> None:
        """Look at the group; step back on every shard that changed hands to someone else."""
        membership = await self.broker.members(GROUP, self.shards)
        before = [owner_of(shard, self.live) for shard in range(self.shards)]
        moved_slot = membership.slot != self.slot
        self.slot, self.live = membership.slot, membership.live
        changed = [s for s in range(self.shards) if owner_of(s, self.live) != before[s]]
        if not changed and not moved_slot:
            return
        for shard in changed:
            if not self.owns(shard):
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.consumers[shard].step_back(), STEP_BACK_SECONDS)
        self.settled = self.live
        log.info(
            "shards_assigned",
            worker=self.worker_id,
            slot=self.slot,
            members=list(self.live),
            shards=self.mine(),
        )

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.refresh()
            except Unavailable as error:
                log.warning("group_unavailable", worker=self.worker_id, error=str(error))
            except Exception as error:  # any other failure must not end the watch for good
                log.warning("group_look_failed", worker=self.worker_id, error=repr(error))
