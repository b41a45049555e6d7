"""Two read-model projectors on one store: each batch is applied by exactly one of them; a
projector whose remembered positions went stale loses the race and starts over from the
stored ones; a model reset by a rebuild is seen even when no event follows the reset."""

from __future__ import annotations

from pathlib import Path

from shared.projections.runner import ProjectionRunner
from shared.readmodels import ReadModelDB, queries
from shared.readmodels.projector import ReadModelProjection
from shared.readmodels.schema import create_schema, positions, reset
from shared.store import EventStore, open_store
from shared.tables.reader import load_state
from tests.audit.kit import play_table


def _runner(store: EventStore) -> ProjectionRunner:
    return ProjectionRunner(store, ReadModelProjection(store, ReadModelDB.of(store), size=7))


async def _step(runner: ProjectionRunner) -> int:
    """One batch (how many notifications it read)."""
    return await runner._step(None)


async def _drain(*runners: ProjectionRunner) -> None:
    """Step the runners in turn until none finds anything left."""
    while sum([await _step(r) for r in runners]):
        pass


async def test_two_projectors_apply_each_batch_once_and_see_a_reset(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/store.db")
    table_id = play_table(store, "cantstop", 3)
    last = store.last_position()
    create_schema(ReadModelDB.of(store))
    first, second = _runner(store), _runner(store)
    # the second starts from the stored positions
    assert await _step(first) == 7 and await _step(second) == 7
    assert await _step(first) == 7 and first.lost_races == 1  # its remembered positions were stale
    await _drain(first, second)
    assert first.processed + second.processed == last  # every notification applied once
    db = ReadModelDB.of(store)
    assert set(positions(db).values()) == {last}
    row = queries.table(db, table_id)
    loaded = load_state(store, table_id)
    assert loaded is not None
    state = loaded.state
    assert row is not None and (row.version, row.status) == (state.version, "over")

    reset(db, "tables")  # a rebuild empties the model; no event follows
    assert queries.table(db, table_id) is None
    await _drain(first)
    row = queries.table(db, table_id)
    assert row is not None and row.version == state.version


async def test_a_reset_right_after_a_batch_is_seen_by_the_next_step(tmp_path: Path) -> None:
    """The positions remembered from the last batch are not trusted when nothing is new:
    the very next step reads the stored ones and builds the reset model again."""
    store = open_store(f"sqlite:///{tmp_path}/store.db")
    table_id = play_table(store, "cantstop", 3)
    last = store.last_position()
    db = ReadModelDB.of(store)
    create_schema(db)
    runner = _runner(store)
    while runner.position < last:  # the last call applied a batch: its positions are kept
        assert await _step(runner) > 0
    reset(db, "tables")
    assert await _step(runner) > 0  # not "nothing new": the reset model is behind
    await _drain(runner)
    row = queries.table(db, table_id)
    assert row is not None and row.status == "over"
