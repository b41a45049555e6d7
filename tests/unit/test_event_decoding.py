"""The fast ways of reading stored events give exactly what the general ways give."""

from __future__ import annotations

import gc
from typing import Any

import msgspec
import pytest

from services.bench import rebuilt_views
from services.bench.rebuilt_views import RebuiltViews
from shared.contracts.envelopes import EventEnvelope
from shared.games.registry import available_games, get_game
from shared.store import EventStore, open_store
from shared.tables import envelopes
from shared.tables import state as table_state
from tests.audit.kit import play_table


@pytest.fixture(scope="module")
def store() -> EventStore:
    """One finished game of each game, in memory."""
    store = open_store("memory")
    for seed, game in enumerate(available_games()):
        play_table(store, game, seed)
    return store


def _slow_envelope(store: EventStore, note: Any) -> EventEnvelope:
    """The envelope through eventsourcing's mapper (the fast path turned off, and not the
    one kept from an earlier read)."""
    fast = envelopes._fast_envelope
    envelopes._fast_envelope = lambda _store, _note: None
    try:
        return envelopes._decoded(store, note)
    finally:
        envelopes._fast_envelope = fast


def _table_notes(store: EventStore) -> list[Any]:
    notes = store.notifications(0, 100_000)
    return [n for n in notes if envelopes.is_table_notification(n)]


def test_the_fast_envelope_equals_the_one_decoded_by_eventsourcing(store: EventStore) -> None:
    notes = _table_notes(store)
    assert len(notes) > 300
    for note in notes:
        fast = envelopes.envelope_of(store, note)
        slow = _slow_envelope(store, note)
        assert msgspec.structs.replace(fast, payload=msgspec.Raw(b"0")) == (
            msgspec.structs.replace(slow, payload=msgspec.Raw(b"0"))
        )
        assert msgspec.json.decode(fast.payload) == msgspec.json.decode(slow.payload)
        assert fast.correlation_id.startswith("corr-")  # the kit sends one with every command


def test_each_stored_event_is_decoded_once_per_store(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log consumers of one process share the envelope of a notification; another
    store's notification of the same position is its own; the newest `RECENT` are kept."""
    notes = _table_notes(store)
    envelopes._recent.pop(store, None)  # as if this process had read nothing yet
    first = envelopes.envelope_of(store, notes[0])
    assert envelopes.envelope_of(store, notes[0]) is first
    other = open_store("memory")
    play_table(other, "tictactoe", 5)
    theirs = [n for n in _table_notes(other) if n.id == notes[0].id]
    assert theirs and envelopes.envelope_of(other, theirs[0]).table_id != first.table_id
    monkeypatch.setattr(envelopes, "RECENT", 50)
    assert len(notes) > 52
    for note in notes[1:52]:
        envelopes.envelope_of(store, note)
    kept = envelopes._recent[store]
    assert len(kept) <= envelopes.RECENT and notes[0].id not in kept


def test_a_compressed_store_is_read_through_eventsourcing() -> None:
    store = open_store("memory", COMPRESSOR_TOPIC="eventsourcing.compressor:ZlibCompressor")
    table_id = play_table(store, "sobek", 1)
    note = _table_notes(store)[1]
    assert envelopes._fast_envelope(store, note) is None
    envelope = envelopes.envelope_of(store, note)
    assert (envelope.table_id, envelope.name) == (table_id, "SeatTaken")


@pytest.mark.parametrize("game", available_games())
def test_every_event_decodes_as_the_games_own_union_decodes_it(
    game: str, store: EventStore
) -> None:
    spec = get_game(game)
    seen = 0
    for note in _table_notes(store):
        envelope = envelopes.envelope_of(store, note)
        if envelope.game != game or envelope.name == "TableCreated":
            continue
        payload = msgspec.json.decode(envelope.payload)
        expected = (
            table_state.decode_event(spec, envelope.name, payload)
            if envelope.name in table_state.TABLE_EVENTS
            else spec.convert_event(payload)
        )
        assert table_state.decode_event(spec, envelope.name, payload) == expected
        assert table_state.decode_event_json(spec, envelope.name, envelope.payload) == expected
        seen += 1
    assert seen > 10  # a whole game (tic-tac-toe has the fewest: 13)


def test_an_older_schema_is_upcast_on_the_json_path_too() -> None:
    old = b'{"type":"SeatTaken","seat":1,"player_id":"p","name":"Old"}'
    event = table_state.decode_event_json(get_game("ra"), "SeatTaken", old)
    assert event.player_name == "Old"


def test_an_unknown_event_tag_is_refused_as_before() -> None:
    spec = get_game("ra")
    with pytest.raises(msgspec.ValidationError):
        table_state.decode_event(spec, "Nonsense", {"type": "Nonsense"})
    with pytest.raises(msgspec.ValidationError):
        table_state.decode_event(spec, "Nonsense", {"type": ["not", "hashable"]})


async def test_a_rebuild_over_several_batches_applies_every_event_and_resumes_gc(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rebuilt_views, "BATCH", 64)
    assert store.last_position() > 5 * rebuilt_views.BATCH  # the read-ahead crosses batches
    projector = RebuiltViews(store)
    await projector.catch_up()
    assert projector.position == store.last_position()
    assert sum(len(log) for log in projector.logs.values()) == len(_table_notes(store))
    assert gc.isenabled()
    for table_id, model in projector.tables.items():
        versions = [e.version for e in projector.logs[table_id]]
        assert versions == list(range(1, model.state.version + 1))


async def test_a_rebuild_leaves_gc_off_when_it_was_off(store: EventStore) -> None:
    gc.disable()
    try:
        await RebuiltViews(store).catch_up()
        assert not gc.isenabled()
    finally:
        gc.enable()


async def test_a_failing_rebuild_resumes_gc(store: EventStore) -> None:
    class Broken(RebuiltViews):
        async def apply(self, envelope: EventEnvelope) -> None:
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await Broken(store).catch_up()
    assert gc.isenabled()
