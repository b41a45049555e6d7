"""The one reader of a table's log: its state at any version, and its events with their times.

Every service that needs one table reads it here: the gateway's table cache and its past
views (`view?at=`, `/views`), the table worker's aggregates, the read models, scoring,
export, replay and the audit. Nothing folds a whole log to see one table.

- `load_state(store, table, upto=)`: the state after version `upto` (default: the newest),
  with when the table opened, when event `upto` was stored and when the turns under way then
  began. It reads the nearest snapshot at or below `upto` (eventsourcing's snapshot store,
  same database as the events) and the events after it, up to `upto`: two reads.
- `events(store, table, after, upto)`: the stored events in that range, decoded, with times.

Snapshots are taken by readers: a fold that passes a version that is a multiple of
`CHECKPOINT` saves the snapshot at it, and a fold to the end of a finished game saves the
last one; the table worker that decides a game's end saves its snapshot too, as soon as
the end is stored (`finished_snapshot`), so a finished game is never folded again. So a
table's snapshots lie at most `CHECKPOINT` versions apart once it has been
read, whatever version is asked for next, and any later read folds fewer than `CHECKPOINT`
events. A snapshot keeps the turn times too (`turn_times`, beside the aggregate's own
state). Two readers racing to save the same snapshot is harmless (the second one's insert
is refused).

`PastStates` keeps the states this process folded at past versions (bounded): a replay that
steps through a game folds only the events between two steps.
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any
from uuid import UUID

import msgspec
import structlog
from eventsourcing.persistence import IntegrityError

from shared.contracts.errors import BadRequest, NotFound
from shared.games.registry import get_game
from shared.store import EventStore
from shared.tables.aggregate import Table
from shared.tables.codec import TURN_TIMES
from shared.tables.state import OVER, TableState, decode_stored, evolve

log = structlog.get_logger("senet.tables")
CHECKPOINT = 50  # versions between the snapshots readers save
# What a snapshot that no longer fits the code (a game's state class changed) raises on reading.
_UNREADABLE = (msgspec.DecodeError, msgspec.ValidationError, TypeError, KeyError, ValueError)


def table_key(table_id: str) -> UUID | None:
    """The aggregate id of a table id (None if it is not a UUID)."""
    try:
        return UUID(table_id)
    except ValueError:
        return None


def table_key_or_400(table_id: str) -> UUID:
    """The aggregate id of a table id; 400 `bad_table_id` if it is not a UUID."""
    key = table_key(table_id)
    if key is None:
        raise BadRequest("table id must be a UUID", code="bad_table_id")
    return key


# -- events --------------------------------------------------------------------------------


class LoggedEvent(msgspec.Struct, frozen=True, kw_only=True):
    """One stored event of a table, decoded, with what the store keeps beside it."""

    version: int
    name: str
    time: str  # ISO 8601
    seat: int | None
    event: Any  # the TableCreated, table or game event
    payload: dict[str, Any] = msgspec.field(default_factory=dict)  # as stored (builtins)
    command_id: str = ""
    move: dict[str, Any] | None = None


def events(
    store: EventStore,
    table_id: str,
    after: int = 0,
    upto: int | None = None,
    limit: int | None = None,
    *,
    decode: bool = True,
) -> list[LoggedEvent]:
    """The table's stored events after version `after` up to `upto` (at most `limit`),
    oldest first, decoded with the game's newest rules (`decode=False`: payloads only, for
    a fold with the table's pinned rules); blocking. [] for an unknown table."""
    key = table_key(table_id)
    if key is None:
        return []
    stored = store.events.get(key, gt=after or None, lte=upto, limit=limit)
    return [_logged(e, decode) for e in stored]


def _logged(event: Any, decode: bool = True) -> LoggedEvent:
    time = event.timestamp.isoformat()
    if not decode:
        name = "TableCreated" if isinstance(event, Table.Created) else event.name
        return LoggedEvent(
            version=event.originator_version, name=name, time=time,
            seat=getattr(event, "seat", None), event=None, payload=dict(event.payload),
            command_id=event.command_id, move=getattr(event, "move", None),
        )  # fmt: skip
    if isinstance(event, Table.Created):
        payload = dict(event.payload)
        return LoggedEvent(
            version=event.originator_version, name="TableCreated", time=time, seat=None,
            event=decode_stored(None, "TableCreated", payload), payload=payload,
            command_id=event.command_id,
        )  # fmt: skip
    payload = dict(event.payload)
    return LoggedEvent(
        version=event.originator_version, name=event.name, time=time, seat=event.seat,
        event=decode_stored(get_game(event.game), event.name, payload), payload=payload,
        command_id=event.command_id, move=event.move,
    )  # fmt: skip


def all_events(store: EventStore, table_id: str) -> list[LoggedEvent]:
    """Every event of a table, payloads as stored and not decoded (an export or an audit
    needs them all); 400 `bad_table_id`, 404 `unknown_table`."""
    table_key_or_400(table_id)
    found = events(store, table_id, decode=False)
    if not found:
        raise NotFound(f"no table {table_id} in this store", code="unknown_table")
    return found


# -- states --------------------------------------------------------------------------------


@dataclass(frozen=True)
class LoadedTable:
    """A table's state after some version, its times, and what it cost to read."""

    state: TableState
    created_at: str = ""  # ISO 8601: when the table opened
    updated_at: str = ""  # when its event `state.version` was stored
    turn_times: dict[int, str] = field(default_factory=dict)  # turn began at version -> when
    snapshot_version: int = 0  # the version of the snapshot it started from (0: none)
    events_read: int = 0  # events folded after the snapshot
    snapshots_saved: int = 0  # snapshots this read saved

    @property
    def snapshot_saved(self) -> bool:
        """This read saved at least one snapshot."""
        return self.snapshots_saved > 0


def load_state(
    store: EventStore,
    table_id: str,
    upto: int | None = None,
    *,
    save: bool = True,
    past: PastStates | None = None,
) -> LoadedTable | None:
    """The table's state after version `upto` (default: the newest); None for an unknown
    table or a version it does not have. Blocking: run it in a thread.

    With `past`, a state this process already folded at or below `upto` (and above the
    nearest snapshot) is started from instead, and the result is kept there."""
    return load_aggregate(store, table_id, upto, save=save, past=past)[1]


def load_aggregate(
    store: EventStore,
    table_id: str,
    upto: int | None = None,
    *,
    save: bool = True,
    past: PastStates | None = None,
) -> tuple[Table | None, LoadedTable | None]:
    """`load_state`, with the `Table` aggregate folded (the table worker decides on it)."""
    key = table_key(table_id)
    if key is None:
        return None, None
    if past is not None and upto is not None:
        kept = past.get(table_id, upto)
        if kept is not None and kept.state.version == upto:
            return None, kept  # no aggregate: the cache keeps states only
    snapshot = _nearest_snapshot(store, key, table_id, upto)
    since = snapshot.originator_version if snapshot is not None else 0
    if past is not None and upto is not None:
        start = past.get(table_id, upto)
        # From a kept state only if it is nearer than the snapshot and no checkpoint lies
        # between (then the snapshot's fold saves it).
        nearer = start is not None and since < start.state.version
        if start is not None and nearer and start.state.version // CHECKPOINT == upto // CHECKPOINT:
            loaded = _fold_states(store, key, start, upto)
            if loaded is not None:
                past.put(table_id, loaded)
            return None, loaded
    aggregate: Any = snapshot.mutate(None) if snapshot is not None else None
    times = _snapshot_times(snapshot)
    read = 0
    saved = 0
    stored: Iterable[Any] = store.events.get(key, gt=since or None, lte=upto)
    for event in stored:
        aggregate = event.mutate(aggregate)
        if not isinstance(aggregate, Table):
            return None, None  # another kind of aggregate (a player's id is a UUID too)
        read += 1
        times = _stamp(times, aggregate.table, event.timestamp.isoformat())
        if save and aggregate.version % CHECKPOINT == 0:
            saved += _save_snapshot(store, aggregate, times)
    if not isinstance(aggregate, Table) or (upto is not None and aggregate.version != upto):
        return None, None
    finished = aggregate.table.status == OVER and aggregate.version % CHECKPOINT
    if save and read and finished and upto is None:  # its views are read from here on
        saved += _save_snapshot(store, aggregate, times)
    if snapshot is not None and times is None:
        times = _times_before(store, key, aggregate.table)
    loaded = LoadedTable(
        aggregate.table,
        created_at=aggregate.created_on.isoformat(),
        updated_at=aggregate.modified_on.isoformat(),
        turn_times=times or {},
        snapshot_version=since,
        events_read=read,
        snapshots_saved=saved,
    )
    if past is not None and upto is not None:
        past.put(table_id, loaded)
    return aggregate, loaded


def fold_states(start: LoadedTable, newer: Iterable[LoggedEvent]) -> Iterator[LoadedTable]:
    """The table after each of the events that follow `start` (consecutive versions)."""
    state, times, updated = start.state, dict(start.turn_times), start.updated_at
    for entry in newer:
        if entry.version != state.version + 1:
            raise ValueError(f"event {entry.version} does not follow version {state.version}")
        state = _evolve(state, entry)
        times = _stamp(times, state, entry.time) or {}
        updated = entry.time
        yield replace(start, state=state, updated_at=updated, turn_times=times, events_read=0)


def _evolve(state: TableState, entry: LoggedEvent) -> TableState:
    return evolve(state, decode_stored(state.spec, entry.name, entry.payload))


def _fold_states(store: EventStore, key: UUID, start: LoadedTable, upto: int) -> LoadedTable | None:
    stored = store.events.get(key, gt=start.state.version, lte=upto)
    newer = [_logged(e, decode=False) for e in stored]
    last = start
    for last in fold_states(start, newer):  # noqa: B007 (the last one is the answer)
        pass
    if last.state.version != upto:
        return None
    return replace(last, snapshot_version=start.state.version, events_read=len(newer))


def _nearest_snapshot(store: EventStore, key: UUID, table_id: str, upto: int | None) -> Any:
    if store.snapshots is None:
        return None
    try:
        found = list(store.snapshots.get(key, lte=upto, desc=True, limit=1))
    except _UNREADABLE as exc:
        log.warning("snapshot_unreadable", table_id=table_id, error=repr(exc))
        return None
    return found[0] if found else None


def _snapshot_times(snapshot: Any) -> dict[int, str] | None:
    """The turn times a snapshot keeps ({} without a snapshot; None: an older snapshot that
    kept none)."""
    if snapshot is None:
        return {}
    kept = snapshot.state.get(TURN_TIMES)
    if kept is None:
        return None
    return {int(version): str(time) for version, time in kept}


def _times_before(store: EventStore, key: UUID, state: TableState) -> dict[int, str]:
    """The turn times of a table read from a snapshot that kept none (saved before they
    were kept): its events since the oldest turn under way (a turn's worth)."""
    began = {v for v in state.turn_began if v}
    if not began:
        return {}
    stored: Iterable[Any] = store.events.get(key, gt=min(began) - 1, lte=max(began))
    return {
        e.originator_version: e.timestamp.isoformat()
        for e in stored
        if e.originator_version in began
    }


def _stamp(times: dict[int, str] | None, state: TableState, time: str) -> dict[int, str] | None:
    """After folding an event stored at `time`: remember when the turns that began at it
    began (`TableState.turn_began`), and forget the turns that are over."""
    began = {v for v in state.turn_began if v}
    if times is None:  # unknown so far (an older snapshot): only the turns begun since
        kept: dict[int, str] = {}
        if state.version in began:
            kept[state.version] = time
        return kept if began <= kept.keys() else None
    kept = {v: t for v, t in times.items() if v in began}
    if state.version in began:
        kept[state.version] = time
    return kept


def _save_snapshot(store: EventStore, aggregate: Table, times: dict[int, str] | None) -> int:
    """Save the aggregate's snapshot now (encoded at once: the aggregate folds on); 1 if
    saved, 0 if another reader saved it first or the turn times are unknown."""
    if store.snapshots is None or times is None:
        return 0
    return save_snapshots(store, [_snapshot_record(store, aggregate, times)])


def _snapshot_record(store: EventStore, aggregate: Table, times: dict[int, str]) -> Any:
    assert store.snapshots is not None
    snapshot = Table.Snapshot.take(aggregate)
    snapshot.state[TURN_TIMES] = [[v, t] for v, t in sorted(times.items())]
    return store.snapshots.mapper.to_stored_event(snapshot)


def finished_snapshot(store: EventStore, aggregate: Table) -> Any | None:
    """The encoded snapshot of a table whose game just ended, to save once its events are
    stored (`save_snapshots`); None for a table still under way or a store without
    snapshots. Its views are read from it from then on, by every reader: the writer that
    decided the end takes it, so no reader has to fold the game again to save it."""
    if store.snapshots is None or aggregate.table.status != OVER or aggregate.table.turn_began:
        return None
    return _snapshot_record(store, aggregate, {})  # an ended game has no turn under way


def save_snapshots(store: EventStore, records: list[Any]) -> int:
    """Insert encoded snapshots (blocking); how many were saved (one another reader saved
    first is skipped)."""
    assert store.snapshots is not None
    saved = 0
    for record in records:
        with contextlib.suppress(IntegrityError):
            store.snapshots.recorder.insert_events([record])
            saved += 1
    return saved


class PastStates:
    """States of tables at past versions this process folded, least recently used dropped
    first (`size` of them). A past version never changes, so nothing here goes stale."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._states: OrderedDict[tuple[str, int], LoadedTable] = OrderedDict()
        self._versions: dict[str, set[int]] = {}
        self._lock = threading.Lock()  # readers run in the store's threads

    def get(self, table_id: str, upto: int) -> LoadedTable | None:
        """The kept state of the table at the greatest version at or below `upto`."""
        with self._lock:
            versions = [v for v in self._versions.get(table_id, ()) if v <= upto]
            if not versions:
                return None
            key = (table_id, max(versions))
            self._states.move_to_end(key)
            return self._states[key]

    def put(self, table_id: str, loaded: LoadedTable) -> None:
        """Keep a state at its version."""
        if self.size <= 0:
            return
        with self._lock:
            key = (table_id, loaded.state.version)
            self._states[key] = loaded
            self._states.move_to_end(key)
            self._versions.setdefault(table_id, set()).add(key[1])
            while len(self._states) > self.size:
                (old_table, old_version), _ = self._states.popitem(last=False)
                kept = self._versions[old_table]
                kept.discard(old_version)
                if not kept:
                    del self._versions[old_table]
