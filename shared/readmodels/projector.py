"""The read-model projection: store events into SQL rows, exactly once, in any process.

A projection (`shared.projections.runner`): each batch is folded (in memory: table states
from `StateCache`) and then, in **one transaction**, each model's position moves from the
value read to the batch's end (`shared.projections.tracking.advance`) and that model's rows
are written. A crash before the commit leaves rows and positions as they were; after it,
both have moved: no event is applied twice or skipped. If a position was no longer the one
read (another process, or a rebuild, moved it), the transaction is rolled back and the
runner reads the batch again from the stored positions. So any number of processes may
project one store (gateways, scoring, `senet rebuild`): one of them applies each batch.

The runner (`shared.readmodels.ReadModels`) holds the lease `<prefix>.readmodels.lease`, so
one process per deployment folds, and lingers `LINGER` seconds between two looks while
events keep coming: under load each transaction carries the events of many moves.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from uuid import UUID

import msgspec
import structlog

from shared.audit.verdicts import VERDICT_TOPIC, Verdict, verdict_of
from shared.contracts.envelopes import EventEnvelope
from shared.disputes.aggregate import DISPUTE_TOPICS, SETTLED_TOPIC, Dispute
from shared.disputes.bounds import CHANGES_RESULT
from shared.disputes.summary import DisputeSummary, summary_of
from shared.observability import metrics
from shared.observability.logs import log_fields
from shared.projections.runner import Batch, Item, Projection
from shared.projections.tracking import Tracking
from shared.projections.tracking import advance as advance_position
from shared.readmodels import disputes as disputes_model
from shared.readmodels import results as results_model
from shared.readmodels import tables as tables_model
from shared.readmodels import verdicts as verdicts_model
from shared.readmodels.db import Cursor, ReadModelDB
from shared.readmodels.results import Ruling
from shared.readmodels.schema import MODELS, positions, tracked
from shared.readmodels.states import DEFAULT_SIZE, StateCache, advance
from shared.readmodels.tables import TableChange
from shared.standings.board import Result
from shared.standings.fold import result_of
from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.events import TableCreated

log = structlog.get_logger("senet.readmodels")
BATCH = 500  # notifications per batch (one transaction)
LINGER = 0.2  # seconds at least between two looks while events keep coming: larger batches


class LostRace(Exception):
    """Another projector moved a position first: this batch is not ours to write."""


@dataclass
class Changes:
    """What one batch changes, per model."""

    tables: dict[str, TableChange] = field(default_factory=dict)
    results: list[Result] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)  # arbiters' verdicts on results
    disputes: dict[str, tuple[int, DisputeSummary]] = field(default_factory=dict)


def _move_positions(cur: Cursor, stored: dict[str, int], end: int) -> None:
    """Move every model behind `end` from its read position to `end` (its tracking row);
    raises LostRace if another process moved one."""
    for model in MODELS:
        if stored[model] < end and not advance_position(
            cur, stored[model], Tracking(tracked(model), end)
        ):
            raise LostRace(model)


class ReadModelProjection(Projection):
    """Keeps the read models of one store current; see the module docstring."""

    name = "readmodels"  # its name in logs and metrics; each model tracks `readmodels.<model>`
    gauge = metrics.READMODELS_ACTIVE
    rewinds = True  # `senet rebuild` resets a model's position

    def __init__(
        self,
        store: EventStore,
        db: ReadModelDB,
        *,
        cache_size: int = DEFAULT_SIZE,
        size: int = BATCH,
        pause: float = 0.0,
    ) -> None:
        self.store = store
        self.db = db
        self.size = size
        self.delay = pause  # seconds after each committed batch (a test hook)
        self.states = StateCache(store, cache_size)
        self.positions: dict[str, int] = {}  # each model's position (as last read or moved)

    def max_tracking_id(self) -> int:
        """Every model's stored position; the lowest (everything up to it is in every
        model). The batch that follows is read after it."""
        self.positions = positions(self.db)
        return min(self.positions.values(), default=0)

    async def process(self, batch: Batch) -> bool:
        """Fold the batch and, in one transaction, move each model's position from the one
        read to `batch.end` and write its rows; False when another process moved one first."""
        return await asyncio.to_thread(self._commit, batch)

    def _commit(self, batch: Batch) -> bool:
        stored = self.positions
        changes = self._fold(batch.items, stored)
        try:
            with self.db.transaction() as cur:
                _move_positions(cur, stored, batch.end)
                tables_model.write(cur, changes.tables)
                results_model.write(cur, changes.results)
                results_model.rule(cur, changes.rulings)
                verdicts_model.write(cur, changes.verdicts)
                disputes_model.write(cur, changes.disputes)
        except LostRace:
            return False
        if self.delay:
            time.sleep(self.delay)  # committed: a SIGKILL now lands between two batches
        self.positions = {m: max(p, batch.end) for m, p in stored.items()}
        return True

    def _fold(self, items: Sequence[Item], stored: dict[str, int]) -> Changes:
        """What the batch changes in each model still behind it (no I/O but state loads)."""
        batch = Changes()
        traced = log.is_enabled_for(logging.DEBUG)
        tables_after = min(stored["tables"], stored["results"])
        for note in items:
            if isinstance(note, EventEnvelope):
                if note.position <= tables_after:
                    continue
                envelope = self._table_event(batch, note, stored)
                if traced:
                    with structlog.contextvars.bound_contextvars(**log_fields(envelope)):
                        log.debug(
                            "event_applied", projector=self.name, position=envelope.position,
                            version=envelope.version, name=envelope.name,
                        )  # fmt: skip
            elif note.topic == VERDICT_TOPIC and note.id > stored["verdicts"]:
                batch.verdicts.append(verdict_of(self.store.decode(note)))
            elif note.topic in DISPUTE_TOPICS:
                self._dispute(batch, note, stored)
        return batch

    def _dispute(self, batch: Changes, note: Item, stored: dict[str, int]) -> None:
        """A case's event: its summary (the case at that version) and, for a verdict that
        changes the result, the ruling the results model applies."""
        assert not isinstance(note, EventEnvelope)
        if note.id > stored["disputes"]:
            case: Dispute = self.store.repository.get(
                UUID(str(note.originator_id)), version=note.originator_version
            )
            earlier = batch.disputes.get(str(case.id))  # opened in this batch: its position
            batch.disputes[str(case.id)] = (earlier[0] if earlier else note.id, summary_of(case))
        if note.topic == SETTLED_TOPIC and note.id > stored["results"]:
            settled = self.store.decode(note)
            if settled.verdict in CHANGES_RESULT:
                opened: Dispute = self.store.repository.get(
                    UUID(str(note.originator_id)), version=1
                )
                batch.rulings.append(
                    Ruling(table_id=opened.table_id, verdict=settled.verdict, seat=settled.seat,
                           position=note.id)
                )  # fmt: skip

    def _table_event(
        self, batch: Changes, envelope: EventEnvelope, stored: dict[str, int]
    ) -> EventEnvelope:
        position = envelope.position
        if envelope.name == "TableCreated":
            created = msgspec.json.decode(envelope.payload, type=TableCreated)
            state = table_state.created(envelope.table_id, created)
            created_at = envelope.time
            self.states.created(envelope.table_id, state, created_at)
        else:
            before = self.states.before(envelope.table_id, envelope.version)
            if before is None:
                return envelope
            state = advance(before[0], envelope.name, envelope.payload)
            created_at = before[1]
            self.states.after(envelope.table_id, state, created_at)
        if position > stored["tables"]:
            finished = position if envelope.name == "SeedRevealed" else None
            change = batch.tables.get(envelope.table_id)
            created_pos = position if change is None else change.created_pos
            batch.tables[envelope.table_id] = TableChange(
                state=state, created_at=created_at, created_pos=created_pos,
                updated_at=envelope.time,
                finished_pos=finished if change is None or change.finished_pos is None
                else change.finished_pos,
            )  # fmt: skip
        if envelope.name == "SeedRevealed" and position > stored["results"]:
            result = result_of(state, position)
            if result is not None:
                batch.results.append(result)
        return envelope
