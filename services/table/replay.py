"""Audit replay of a stored table: its state or a seat's view at any event, and `--verify`.

The re-decision itself is `shared.audit.redecide` (the scoring service runs it too); this
module reads the table from the store and shapes what `senet replay` prints.
"""

from __future__ import annotations

from typing import Any

import msgspec

from shared.audit.export import fold, record_of, stored_events
from shared.audit.record import EventRecord, StoredEvent, commands_of
from shared.audit.redecide import Header, redecide
from shared.audit.verify import Report, verify_record
from shared.contracts.errors import BadRequest
from shared.games.contract import GameSpec
from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.events import TableCreated, TableEvent
from shared.tables.outcome import final_result
from shared.tables.state import OVER, Status, TableState


class Snapshot(msgspec.Struct, frozen=True, kw_only=True):
    """A table after event `version`, whole (seat None) or as one seat could see it then."""

    table_id: str
    game: str
    rules_version: int
    version: int
    last_version: int
    status: Status
    seat: int | None
    to_act: list[int]
    result: Any
    game_state: Any
    log: list[dict[str, Any]]
    seed: str | None = None


def snapshot(
    table_id: str, events: list[StoredEvent], at: int | None, seat: int | None
) -> Snapshot:
    """The state after event `at` (default: the last); with a seat, only what it saw then."""
    last = events[-1].version
    upto = last if at is None else at
    if not 1 <= upto <= last:
        raise BadRequest(f"--at must be between 1 and {last}", code="bad_version")
    state = fold(table_id, events, upto)
    if seat is not None and not 0 <= seat < state.seats:
        raise BadRequest(f"--seat must be between 0 and {state.seats - 1}", code="bad_seat")
    spec = state.spec
    game_state = state.game_state
    if game_state is None:
        shown: Any = None
    elif seat is None:
        shown = _builtins(game_state)
    else:
        shown = _seat_view(spec, game_state, seat)
    return Snapshot(
        table_id=table_id,
        game=state.game,
        rules_version=state.rules_version,
        version=state.version,
        last_version=last,
        status=state.status,
        seat=seat,
        to_act=list(spec.to_act(game_state)) if game_state is not None else [],
        result=_builtins(final_result(state)),
        game_state=shown,
        log=_log(spec, events, upto, seat),
        seed=_seed(state, seat),
    )


def _seat_view(spec: GameSpec, game_state: Any, seat: int) -> Any:
    """The game's view for the seat (every game's view answers at every version)."""
    return _builtins(spec.view(game_state, seat))


def _seed(state: TableState, seat: int | None) -> str | None:
    if state.revealed_seed:
        return state.revealed_seed
    return state.seed if seat is None else None


def _log(
    spec: GameSpec, events: list[StoredEvent], upto: int, seat: int | None
) -> list[dict[str, Any]]:
    entries = []
    for stored in events:
        if stored.version > upto:
            break
        event: Any = table_state.decode_stored(spec, stored.name, stored.payload)
        if seat is not None and isinstance(event, TableCreated):
            event = msgspec.structs.replace(event, seed="")
        elif seat is not None and not isinstance(event, TableEvent):
            event = spec.redact(event, seat)
        if event is None:
            continue
        entries.append(
            {
                "version": stored.version,
                "name": stored.name,
                "seat": stored.seat,
                "payload": _builtins(event),
            }
        )
    return entries


def _builtins(value: Any) -> Any:
    try:
        return msgspec.json.decode(msgspec.json.encode(value))
    except TypeError:
        return repr(value)


def verify_table(store: EventStore, table_id: str) -> Report:
    """Re-decide every command of a stored table and compare event by event.

    A finished table is checked as its game record is (seed, events, result); an
    unfinished one is re-decided with the seed the store keeps secret.
    """
    events = stored_events(store, table_id)
    state = fold(table_id, events)
    if state.status == OVER and state.revealed_seed:
        return verify_record(record_of(table_id, events))
    created = msgspec.convert(events[0].payload, type=TableCreated)
    header = Header.of(table_id, created)
    record_events = [msgspec.convert(msgspec.to_builtins(e), type=EventRecord) for e in events]
    replayed = redecide(header, commands_of(events), record_events)
    return Report(
        table_id=table_id,
        game=created.game,
        rules_version=created.rules_version,
        events=len(events),
        ok=replayed.divergence is None,
        problem=replayed.divergence,
    )
