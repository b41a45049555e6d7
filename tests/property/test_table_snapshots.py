"""A table loaded from a snapshot plus the newer events equals the fold of all its events."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from services.bench.autoplay import SelfPlay
from shared.audit.export import fold, stored_events
from shared.store import open_store
from shared.tables.reader import CHECKPOINT, events, fold_states, load_state


@settings(max_examples=12, deadline=None)
@given(
    game=st.sampled_from(["ra", "egizia", "sobek"]),
    seed=st.integers(min_value=0, max_value=2**32),
    cut=st.floats(min_value=0.0, max_value=1.0),
)
def test_snapshot_plus_newer_events_equals_the_full_fold(game: str, seed: int, cut: float) -> None:
    store = open_store("memory")
    table = SelfPlay(seed).play(game)
    store.save(table)
    table_id = str(table.id)
    at = max(1, round(cut * table.version))
    store.take_snapshot(table.id, version=at)  # a snapshot anywhere in the game
    loaded = load_state(store, table_id, save=False)
    assert loaded is not None
    assert loaded.snapshot_version == at
    assert loaded.events_read == table.version - at
    assert loaded.state == fold(table_id, stored_events(store, table_id))
    # When the turns under way began: from the events, though that snapshot kept no times.
    first = load_state(store, table_id, upto=1)
    assert first is not None
    *_, folded = [first, *fold_states(first, events(store, table_id, after=1, decode=False))]
    assert loaded.turn_times == folded.turn_times
    assert loaded.updated_at == folded.updated_at
    # The table worker's aggregate read through the snapshot remembers the same commands.
    assert store.repository.get(table.id).accepted == table.accepted


def test_a_finished_game_is_snapshotted_by_its_first_load_and_then_read_in_one_step() -> None:
    store = open_store("memory")
    table = SelfPlay(5).play("ra")
    store.save(table)
    first = load_state(store, str(table.id))
    assert first is not None and first.snapshot_saved and first.events_read == table.version
    second = load_state(store, str(table.id))
    assert second is not None and not second.snapshot_saved
    assert (second.snapshot_version, second.events_read) == (table.version, 0)
    assert second.state == first.state


def test_an_unknown_table_or_another_aggregate_is_none() -> None:
    from shared.accounts.ledger import register

    store = open_store("memory")
    player, _ = register(store, "ann")
    assert load_state(store, str(player.id)) is None
    assert load_state(store, "not-a-uuid") is None
    assert load_state(store, "00000000-0000-4000-8000-000000000000") is None


@settings(max_examples=6, deadline=None)
@given(game=st.sampled_from(["ra", "egizia", "sobek"]), seed=st.integers(0, 2**32))
def test_any_version_reads_from_the_nearest_checkpoint_as_the_full_fold(
    game: str, seed: int
) -> None:
    store = open_store("memory")
    table = SelfPlay(seed).play(game)
    store.save(table)
    table_id = str(table.id)
    whole = load_state(store, table_id)  # saves the checkpoints
    assert whole is not None and whole.snapshots_saved >= table.version // CHECKPOINT
    first = load_state(store, table_id, upto=1, save=False)
    assert first is not None
    folded = list(fold_states(first, events(store, table_id, after=1, decode=False)))
    for step in folded[CHECKPOINT - 2 :: 7]:
        at = step.state.version
        loaded = load_state(store, table_id, upto=at, save=False)
        assert loaded is not None
        nearest = at if at == whole.state.version else at - at % CHECKPOINT  # or the end's
        assert (loaded.snapshot_version, loaded.events_read) == (nearest, at - nearest)
        assert (loaded.state, loaded.turn_times, loaded.updated_at) == (
            step.state,
            step.turn_times,
            step.updated_at,
        )
