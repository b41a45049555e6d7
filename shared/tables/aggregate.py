"""The `Table` aggregate: one event-sourced table, its lobby and its game."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.domain import Aggregate

from shared.games.registry import get_game
from shared.tables import state as table_state
from shared.tables.events import TableCreated
from shared.tables.state import TableState


class Accepted(msgspec.Struct, frozen=True):
    """What the table remembers of an accepted command, for idempotent repeats."""

    fingerprint: str
    first_version: int
    last_version: int
    names: tuple[str, ...]
    seat: int | None


class Table(Aggregate):
    """A table: every event it records is a named table or game event with its payload."""

    class Created(Aggregate.Created):
        """The table was opened (event name `TableCreated`)."""

        payload: dict[str, Any]
        command_id: str
        fingerprint: str
        correlation_id: str = ""

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Events stored before correlation ids have none."""
            state["correlation_id"] = ""

    class Recorded(Aggregate.Event):
        """A named event (`SeatTaken`, `DiceRolled` ...) caused by a command."""

        name: str
        game: str
        payload: dict[str, Any]
        command_id: str
        fingerprint: str
        seat: int | None
        move: dict[str, Any] | None
        correlation_id: str = ""

        class_version = 2

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            """Events stored before correlation ids have none."""
            state["correlation_id"] = ""

        def apply(self, aggregate: Aggregate) -> None:
            """Fold the event into the table's state."""
            assert isinstance(aggregate, Table)
            aggregate._apply_recorded(self)

    def __init__(self, payload: dict[str, Any], command_id: str, fingerprint: str) -> None:
        created = msgspec.convert(payload, type=TableCreated)
        self.table: TableState = table_state.created(str(self.id), created)
        self.accepted: dict[str, Accepted] = {
            command_id: Accepted(fingerprint, 1, 1, ("TableCreated",), 0)
        }

    @classmethod
    def open(
        cls,
        table_id: UUID,
        created: TableCreated,
        command_id: str,
        fingerprint: str,
        correlation_id: str = "",
    ) -> Table:
        """Open a table with a chosen id."""
        return cls._create(
            cls.Created,
            id=table_id,
            payload=table_state.event_payload(created),
            command_id=command_id,
            fingerprint=fingerprint,
            correlation_id=correlation_id,
        )

    def record(
        self,
        events: list[Any],
        *,
        command_id: str,
        fingerprint: str,
        seat: int | None,
        move: dict[str, Any] | None = None,
        correlation_id: str = "",
    ) -> None:
        """Record the events a command caused; the first one carries the command's move."""
        for index, event in enumerate(events):
            self.trigger_event(
                self.Recorded,
                name=type(event).__name__,
                game=self.table.game,
                payload=table_state.event_payload(event),
                command_id=command_id,
                fingerprint=fingerprint,
                seat=seat,
                move=move if index == 0 else None,
                correlation_id=correlation_id,
            )

    def _apply_recorded(self, event: Table.Recorded) -> None:
        decoded = table_state.decode_event(get_game(self.table.game), event.name, event.payload)
        self.table = table_state.evolve(self.table, decoded)
        known = self.accepted.get(event.command_id)
        names = (*known.names, event.name) if known else (event.name,)
        first = known.first_version if known else self.table.version
        self.accepted[event.command_id] = Accepted(
            event.fingerprint, first, self.table.version, names, event.seat
        )
