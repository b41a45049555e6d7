"""Rebuilding read models from zero, while the platform may be running.

A model is emptied and its position set to 0 in one transaction; then a projector applies
the whole log again. Running projectors (gateways, scoring) notice the position moved
back (their next step reads it) and help or stand aside: whoever commits a batch first
applies it, the others roll back. Until the rebuild catches up, the model's lists are
incomplete; a table's own view and moves are not affected.
"""

from __future__ import annotations

from collections.abc import Iterable

from shared.readmodels.db import ReadModelDB
from shared.readmodels.projector import Progress, ReadModelProjector
from shared.readmodels.schema import MODELS, create_schema, reset
from shared.store import EventStore


async def rebuild(
    store: EventStore, models: Iterable[str] = tuple(MODELS), progress: Progress | None = None
) -> int:
    """Rebuild models (all by default) from the first event; returns the events read."""
    chosen = list(models)
    unknown = [m for m in chosen if m not in MODELS]
    if unknown:
        raise ValueError(f"unknown read model {unknown[0]!r}: one of {', '.join(MODELS)}")
    db = ReadModelDB.of(store)
    try:
        create_schema(db)
        for model in chosen:
            reset(db, model)
        projector = ReadModelProjector(store, db)
        return await projector.catch_up(progress)
    finally:
        db.close()
