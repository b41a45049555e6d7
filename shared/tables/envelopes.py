"""Turning stored notifications into the event envelopes projectors consume."""

from __future__ import annotations

import msgspec
from eventsourcing.persistence import Notification

from shared.contracts.envelopes import EventEnvelope
from shared.store import EventStore
from shared.tables.aggregate import Table

TABLE_TOPIC_PREFIX = f"{Table.__module__}:{Table.__qualname__}."


def is_table_notification(notification: Notification) -> bool:
    """True for events of Table aggregates (the log also holds other aggregates)."""
    return notification.topic.startswith(TABLE_TOPIC_PREFIX)


def envelope_of(store: EventStore, notification: Notification) -> EventEnvelope:
    """The envelope of one stored table event."""
    event = store.decode(notification)
    time = event.timestamp.isoformat()
    if isinstance(event, Table.Created):
        return EventEnvelope(
            position=notification.id,
            table_id=str(event.originator_id),
            game=str(event.payload["game"]),
            version=event.originator_version,
            name="TableCreated",
            time=time,
            payload=msgspec.Raw(msgspec.json.encode(event.payload)),
            command_id=event.command_id,
            correlation_id=event.correlation_id,
        )
    assert isinstance(event, Table.Recorded)
    return EventEnvelope(
        position=notification.id,
        table_id=str(event.originator_id),
        game=event.game,
        version=event.originator_version,
        name=event.name,
        time=time,
        payload=msgspec.Raw(msgspec.json.encode(event.payload)),
        seat=event.seat,
        command_id=event.command_id,
        correlation_id=event.correlation_id,
    )


def routing_key(envelope: EventEnvelope) -> str:
    """The events exchange routing key: `<game>.<EventName>.<table_id>`."""
    return f"{envelope.game}.{envelope.name}.{envelope.table_id}"
