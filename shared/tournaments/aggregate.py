"""The `Tournament` aggregate: one event-sourced tournament, idempotent by command id."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from shared.tournaments import state as tstate
from shared.tournaments.events import TournamentCreated, TournamentEvent
from shared.tournaments.state import TournamentState


class Accepted(msgspec.Struct, frozen=True):
    """What the tournament remembers of an accepted command, for idempotent repeats."""

    fingerprint: str
    version: int
    names: tuple[str, ...]


class Tournament(Aggregate):
    """A tournament: every event it records is a named tournament event with its payload."""

    class Created(Aggregate.Created):
        """The tournament was announced (event name `TournamentCreated`)."""

        payload: dict[str, Any]
        command_id: str
        fingerprint: str

    class Recorded(Aggregate.Event):
        """A named tournament event caused by a command."""

        name: str
        payload: dict[str, Any]
        command_id: str
        fingerprint: str

        def apply(self, aggregate: Aggregate) -> None:
            """Fold the event into the tournament's state."""
            assert isinstance(aggregate, Tournament)
            aggregate._apply_recorded(self)

    def __init__(self, payload: dict[str, Any], command_id: str, fingerprint: str) -> None:
        created = msgspec.convert(payload, type=TournamentCreated)
        self.tournament: TournamentState = tstate.created(str(self.id), created)
        self.accepted: dict[str, Accepted] = {
            command_id: Accepted(fingerprint, 1, ("TournamentCreated",))
        }

    @classmethod
    def open(
        cls, tournament_id: UUID, created: TournamentCreated, command_id: str, fingerprint: str
    ) -> Tournament:
        """Announce a tournament with a chosen id."""
        return cls._create(
            cls.Created, id=tournament_id, payload=tstate.event_payload(created),
            command_id=command_id, fingerprint=fingerprint,
        )  # fmt: skip

    def record(self, events: list[TournamentEvent], *, command_id: str, fingerprint: str) -> None:
        """Record the events a command caused."""
        for event in events:
            self.trigger_event(
                self.Recorded, name=type(event).__name__, payload=tstate.event_payload(event),
                command_id=command_id, fingerprint=fingerprint,
            )  # fmt: skip

    def _apply_recorded(self, event: Tournament.Recorded) -> None:
        decoded = tstate.decode_event(event.name, event.payload)
        self.tournament = tstate.evolve(self.tournament, decoded)
        known = self.accepted.get(event.command_id)
        names = (*known.names, event.name) if known else (event.name,)
        self.accepted[event.command_id] = Accepted(
            event.fingerprint, self.tournament.version, names
        )


# The notification topics of tournament events (the manager reads only these from the log).
TOURNAMENT_TOPICS = (get_topic(Tournament.Created), get_topic(Tournament.Recorded))
