"""Reading a table's events from the store, and its game record."""

from __future__ import annotations

from uuid import UUID

import msgspec

from shared.audit.record import (
    EventRecord,
    GameRecord,
    SeatRecord,
    StoredEvent,
    commands_of,
)
from shared.contracts.errors import BadRequest, Conflict, NotFound
from shared.games.registry import get_game
from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.aggregate import Table
from shared.tables.events import TableCreated
from shared.tables.outcome import final_result
from shared.tables.state import OVER, TableState


def stored_events(store: EventStore, table_id: str) -> list[StoredEvent]:
    """Every event of a table, oldest first; raises NotFound for an unknown table."""
    try:
        key = UUID(table_id)
    except ValueError as exc:
        raise BadRequest("table id must be a UUID", code="bad_table_id") from exc
    domain = list(store.repository.event_store.get(key))
    if not domain:
        raise NotFound(f"no table {table_id} in this store", code="unknown_table")
    out: list[StoredEvent] = []
    for event in domain:
        if isinstance(event, Table.Created):
            out.append(
                StoredEvent(
                    version=event.originator_version,
                    name="TableCreated",
                    command_id=event.command_id,
                    seat=None,
                    payload=dict(event.payload),
                )
            )
        elif isinstance(event, Table.Recorded):
            out.append(
                StoredEvent(
                    version=event.originator_version,
                    name=event.name,
                    command_id=event.command_id,
                    seat=event.seat,
                    payload=dict(event.payload),
                    move=event.move,
                )
            )
    return out


def fold(table_id: str, events: list[StoredEvent], upto: int | None = None) -> TableState:
    """The table's state after event `upto` (default: all)."""
    first = msgspec.convert(events[0].payload, type=TableCreated)
    state = table_state.created(table_id, first)
    spec = get_game(first.game)
    for event in events[1:]:
        if upto is not None and event.version > upto:
            break
        state = table_state.evolve(state, table_state.decode_event(spec, event.name, event.payload))
    return state


def record_of(table_id: str, events: list[StoredEvent]) -> GameRecord:
    """The self-contained record of a finished table; raises Conflict before the end."""
    state = fold(table_id, events)
    if state.status != OVER or not state.revealed_seed:
        raise Conflict("the game is not over: its record is sealed", code="game_not_over")
    created = msgspec.convert(events[0].payload, type=TableCreated)
    players = [
        SeatRecord(seat=i, player_id=p or "", name=state.names[i])
        for i, p in enumerate(state.players)
    ]
    return GameRecord(
        table_id=table_id,
        game=created.game,
        rules_version=created.rules_version,
        options=dict(created.options),
        seats=created.seats,
        creator=created.creator,
        players=players,
        commitment=created.commitment,
        seed=state.revealed_seed,
        spectators=created.spectators,
        visibility=created.visibility,
        rematch_of=created.rematch_of,
        takebacks=created.takebacks,
        tournament=created.tournament,
        commands=commands_of(events),
        events=[
            EventRecord(
                version=e.version,
                name=e.name,
                command_id=e.command_id,
                seat=e.seat,
                payload=e.payload,
            )
            for e in events
        ],
        result=final_result(state),
    )


def export_table(store: EventStore, table_id: str) -> GameRecord:
    """The record of a finished table in a store."""
    return record_of(table_id, stored_events(store, table_id))
