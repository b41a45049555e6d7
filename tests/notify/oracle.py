"""The notifications a log calls for, computed independently from the stored events."""

from __future__ import annotations

from typing import Any

import msgspec

from shared.store import EventStore
from shared.tables import state as table_state
from shared.tables.envelopes import envelope_of, is_table_notification
from shared.tables.events import TableCreated
from shared.tables.state import OVER, PLAYING


def expected_notices(store: EventStore) -> list[tuple[str, int, int, str]]:
    """(table, turn, seat, kind) for every turn begun and every seat at game end."""
    states: dict[str, Any] = {}
    acting: dict[str, set[int]] = {}
    out: list[tuple[str, int, int, str]] = []
    commands: list[tuple[str, str | None]] = []  # (table, command) in log order
    for note in store.notifications(0, 1_000_000):
        if not is_table_notification(note):
            continue
        envelope = envelope_of(store, note)
        key = (envelope.table_id, envelope.command_id)
        if commands and commands[-1] != key:
            out.extend(_judge(states, acting, commands[-1][0]))
        if not commands or commands[-1] != key:
            commands.append(key)
        payload = msgspec.json.decode(envelope.payload)
        if envelope.name == "TableCreated":
            created = msgspec.convert(payload, type=TableCreated)
            states[envelope.table_id] = table_state.created(envelope.table_id, created)
        else:
            state = states[envelope.table_id]
            event = table_state.decode_event(state.spec, envelope.name, payload)
            states[envelope.table_id] = table_state.evolve(state, event)
    if commands:
        out.extend(_judge(states, acting, commands[-1][0]))
    return out


def _judge(
    states: dict[str, Any], acting: dict[str, set[int]], table_id: str
) -> list[tuple[str, int, int, str]]:
    state = states[table_id]
    before = acting.get(table_id, set())
    if state.status == OVER:
        if before == {-1}:
            return []
        acting[table_id] = {-1}
        return [(table_id, state.version, seat, "game_over") for seat in range(state.seats)]
    if state.status != PLAYING:
        return []
    now = set(state.spec.to_act(state.game_state))
    acting[table_id] = now
    return [(table_id, state.version, seat, "your_turn") for seat in sorted(now - before)]
