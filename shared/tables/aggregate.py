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

_encode = msgspec.json.Encoder().encode


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
        # As read from the store; a freshly recorded one holds it encoded (`msgspec.Raw`).
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
        state_after: TableState | None = None,
    ) -> None:
        """Record the events a command caused; the first one carries the command's move.

        Each payload is encoded once, here (msgspec JSON, kept as `Raw`): the same bytes go
        into the store (`shared.store.mapper`), the worker's reply and, through the store,
        the relay's messages. The events are folded from the structs in hand, not decoded
        back; `state_after`, the state the decider already folded, is taken as it is.
        """
        last = len(events) - 1
        try:
            for index, event in enumerate(events):
                # With `state_after`, the events before the last are not folded at all.
                self._in_hand = (event, state_after, index == last)
                self.trigger_event(
                    self.Recorded,
                    name=type(event).__name__,
                    game=self.table.game,
                    payload=msgspec.Raw(_encode(event)),
                    command_id=command_id,
                    fingerprint=fingerprint,
                    seat=seat,
                    move=move if index == 0 else None,
                    correlation_id=correlation_id,
                )
        finally:
            self.__dict__.pop("_in_hand", None)  # never part of a snapshot

    def _apply_recorded(self, event: Table.Recorded) -> None:
        in_hand: tuple[Any, TableState | None, bool] | None = self.__dict__.get("_in_hand")
        if in_hand is not None:
            decoded, after, is_last = in_hand
            if after is None:
                self.table = table_state.evolve(self.table, decoded)
            elif is_last:
                self.table = after
        else:
            game = get_game(self.table.game)
            decoded = table_state.decode_stored(game, event.name, event.payload)
            self.table = table_state.evolve(self.table, decoded)
        known = self.accepted.get(event.command_id)
        names = (*known.names, event.name) if known else (event.name,)
        version = event.originator_version  # the table's version after this event
        first = known.first_version if known else version
        self.accepted[event.command_id] = Accepted(
            event.fingerprint, first, version, names, event.seat
        )


TABLE_TOPIC_PREFIX = f"{Table.__module__}:{Table.__qualname__}."  # every stored table event
RECORDED_TOPIC = f"{TABLE_TOPIC_PREFIX}Recorded"  # the stored topic of a `Table.Recorded`
