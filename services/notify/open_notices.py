"""Open notices this process did not create: taken over by its outbox.

A notice created by an earlier notify process (named in the checkpoint, or seen in the log
while folding) and not final yet is loaded from the store once notify has caught up and
handed to the outbox (`Outbox.adopt`: a notice left claimed mid-delivery is abandoned, never
sent twice).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification

from services.notify.notices import FINAL, Notice
from services.notify.outbox import Outbox
from shared.store import EventStore

NOTICE_TOPIC = f"{Notice.__module__}:{Notice.__qualname__}."
FINAL_EVENTS = {"Sent", "DeadLettered", "Skipped", "Abandoned"}


class OpenNotices:
    """Ids of open notices not in the outbox yet."""

    def __init__(self, store: EventStore, outbox: Outbox) -> None:
        self.store = store
        self.outbox = outbox
        self.unloaded: set[UUID] = set()

    def add(self, ids: Iterable[str]) -> None:
        """Notices a checkpoint names as open."""
        self.unloaded |= {UUID(i) for i in ids}

    def ids(self) -> set[UUID]:
        """Every open notice: the outbox's and those still to be loaded (for a checkpoint)."""
        return set(self.outbox.notices) | self.unloaded

    def fold(self, note: Notification) -> bool:
        """Follow a notice's events (open or final); False if the event is no notice's."""
        if not note.topic.startswith(NOTICE_TOPIC):
            return False
        notice_id = UUID(str(note.originator_id))
        if note.topic.rsplit(".", 1)[-1] in FINAL_EVENTS:
            self.unloaded.discard(notice_id)
        elif notice_id not in self.outbox.notices:
            self.unloaded.add(notice_id)
        return True

    async def adopt(self) -> None:
        """Load each one and hand it to the outbox (unless it became final)."""
        ids, self.unloaded = self.unloaded, set()
        for notice_id in ids:
            if notice_id in self.outbox.notices:
                continue
            notice: Any = await asyncio.to_thread(self.store.repository.get, notice_id)
            assert isinstance(notice, Notice)
            if notice.status not in FINAL:
                await asyncio.to_thread(self.outbox.adopt, notice)
