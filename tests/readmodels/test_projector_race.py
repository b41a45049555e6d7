"""Two read-model projectors on one store: each batch is applied by exactly one of them; a
projector whose remembered positions went stale loses the race and starts over from the
stored ones; a model reset by a rebuild is seen even when no event follows the reset."""

from __future__ import annotations

from pathlib import Path

from shared.readmodels import ReadModelDB, queries
from shared.readmodels.projector import ReadModelProjector
from shared.readmodels.schema import create_schema, positions, reset
from shared.store import open_store
from shared.tables.reader import load_state
from tests.audit.kit import play_table


async def _drain(*projectors: ReadModelProjector) -> None:
    """Step the projectors in turn until none finds anything left."""
    while sum([await p.step() for p in projectors]):
        pass


async def test_two_projectors_apply_each_batch_once_and_see_a_reset(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/store.db")
    table_id = play_table(store, "cantstop", 3)
    last = store.last_position()
    create_schema(ReadModelDB.of(store))
    first = ReadModelProjector(store, ReadModelDB.of(store), batch=7)
    second = ReadModelProjector(store, ReadModelDB.of(store), batch=7)
    # the second starts from the stored positions
    assert await first.step() == 7 and await second.step() == 7
    assert await first.step() == 7 and first.lost_races == 1  # its remembered positions were stale
    await _drain(first, second)
    assert first.applied_events + second.applied_events == last  # every notification applied once
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
    projector = ReadModelProjector(store, db, batch=7)
    while projector.position < last:  # the last call applied a batch: its positions are kept
        assert await projector.step() > 0
    reset(db, "tables")
    assert await projector.step() > 0  # not "nothing new": the reset model is behind
    await _drain(projector)
    row = queries.table(db, table_id)
    assert row is not None and row.status == "over"
