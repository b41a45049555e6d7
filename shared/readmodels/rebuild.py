"""Rebuilding read models from zero, while the platform may be running.

A model is emptied and its position set to 0 in one transaction; then a runner applies the
whole log again. Running projections (gateways, scoring) notice the position moved back
(their next look reads it) and help or stand aside: whoever commits a batch first applies
it, the others roll back. Until the rebuild catches up, the model's lists are incomplete;
a table's own view and moves are not affected.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable

from shared.projections.runner import ProjectionRunner
from shared.readmodels.db import ReadModelDB
from shared.readmodels.projector import ReadModelProjection
from shared.readmodels.schema import MODELS, create_schema, reset
from shared.store import EventStore

Progress = Callable[[int, int], None]  # (position, last position)


async def rebuild(
    store: EventStore, models: Iterable[str] = tuple(MODELS), progress: Progress | None = None
) -> int:
    """Rebuild models (all by default) from the first event; returns the events read."""
    chosen = list(models)
    unknown = [m for m in chosen if m not in MODELS]
    if unknown:
        raise ValueError(f"unknown read model {unknown[0]!r}: one of {', '.join(MODELS)}")
    db = ReadModelDB.of(store)  # closed with the store
    create_schema(db)
    for model in chosen:
        reset(db, model)
    runner = ProjectionRunner(store, ReadModelProjection(store, db))
    if progress is not None:
        last = await asyncio.to_thread(store.last_position)
        runner.listeners.append(lambda: progress(runner.position, max(last, runner.position)))
    return await runner.catch_up()
