"""A table's events as the audit keeps them (read by `shared.tables.reader`), and its record."""

from __future__ import annotations

import msgspec

from shared.audit.record import (
    EventRecord,
    GameRecord,
    SeatRecord,
    StoredEvent,
    commands_of,
)
from shared.contracts.errors import Conflict
from shared.disputes.record import verdicts_of
from shared.games.registry import get_game
from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.events import TableCreated
from shared.tables.outcome import final_result
from shared.tables.reader import all_events
from shared.tables.state import OVER, TableState


def stored_events(store: EventStore, table_id: str) -> list[StoredEvent]:
    """Every event of a table, oldest first, as stored; 400 `bad_table_id`, 404
    `unknown_table`."""
    return [
        StoredEvent(
            version=e.version,
            name=e.name,
            command_id=e.command_id,
            seat=e.seat,
            payload=e.payload,
            move=e.move,
        )
        for e in all_events(store, table_id)
    ]


def fold(table_id: str, events: list[StoredEvent], upto: int | None = None) -> TableState:
    """The table's state after event `upto` (default: all)."""
    first = msgspec.convert(events[0].payload, type=TableCreated)
    state = table_state.created(table_id, first)
    spec = get_game(first.game)
    for event in events[1:]:
        if upto is not None and event.version > upto:
            break
        state = table_state.evolve(
            state, table_state.decode_stored(spec, event.name, event.payload)
        )
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
        start_when_full=created.start_when_full,
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
    """The record of a finished table in a store, with the verdicts on its disputes."""
    record = record_of(table_id, stored_events(store, table_id))
    verdicts = verdicts_of(store, table_id, [p.player_id for p in record.players])
    return msgspec.structs.replace(record, verdicts=verdicts) if verdicts else record
