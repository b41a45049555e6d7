"""Periodic samples: broker queue depths and how far each projector trails the store."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime

import structlog

from shared.messaging.port import Broker
from shared.observability import metrics
from shared.store import EventStore
from shared.tables.envelopes import is_table_notification

log = structlog.get_logger("senet.observability")
LAG_SCAN = 1000  # table events counted exactly; beyond this the count is estimated
Position = Callable[[], int | None]  # a projector's position; None: not following now


def lag_of(store: EventStore, position: int) -> tuple[int, float]:
    """Table events stored after `position`, and the age in seconds of the oldest of them."""
    notes = store.notifications(position, LAG_SCAN)
    behind = [note for note in notes if is_table_notification(note)]
    if not behind:
        return 0, 0.0
    count = len(behind)
    if len(notes) == LAG_SCAN:  # more to come: count the rest without reading them
        count += max(0, store.last_position() - notes[-1].id)
    oldest = store.decode(behind[0]).timestamp
    return count, max(0.0, (datetime.now(UTC) - oldest).total_seconds())


class Sampler:
    """Samples queue depths (when given a broker) and projector lag every `interval` s."""

    def __init__(
        self,
        store: EventStore,
        broker: Broker | None,
        projectors: dict[str, Position],
        interval: float = 5.0,
    ) -> None:
        self.store = store
        self.broker = broker
        self.projectors = projectors
        self.interval = interval

    async def run(self) -> None:
        """Sample forever; a failed sample is logged and the next one tried."""
        while True:
            started = time.monotonic()
            try:
                await self.sample()
            except Exception as exc:
                log.warning("metrics_sample_failed", error=repr(exc))
            await asyncio.sleep(max(0.0, self.interval - (time.monotonic() - started)))

    async def sample(self) -> None:
        """Take one sample of everything."""
        if self.broker is not None:
            for queue, depth in (await self.broker.queue_depths()).items():
                metrics.QUEUE_DEPTH.labels(queue).set(depth)
        for name, position_of in self.projectors.items():
            position = position_of()
            events, seconds = 0, 0.0  # None: a standby (relay), which trails nothing
            if position is not None:
                events, seconds = await asyncio.to_thread(lag_of, self.store, position)
            metrics.PROJECTOR_LAG_EVENTS.labels(name).set(events)
            metrics.PROJECTOR_LAG_SECONDS.labels(name).set(seconds)
