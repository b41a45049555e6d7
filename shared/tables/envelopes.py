"""Turning stored notifications into the event envelopes projectors consume."""

from __future__ import annotations

import weakref
from collections import OrderedDict

import msgspec
from eventsourcing.persistence import Notification

from shared.contracts.envelopes import EventBatch, EventEnvelope
from shared.store import EventStore
from shared.tables.aggregate import RECORDED_TOPIC, TABLE_TOPIC_PREFIX, Table


class _Stamp(msgspec.Struct):
    """eventsourcing's JSON form of a datetime: {"_type_": "datetime_iso", "_data_": ISO}."""

    iso: str = msgspec.field(name="_data_")


class _StoredRecorded(msgspec.Struct):
    """The stored JSON of a Table.Recorded event, its payload kept as raw JSON."""

    timestamp: _Stamp
    name: str
    game: str
    payload: msgspec.Raw
    command_id: str
    seat: int | None = None
    correlation_id: str = ""  # class version 2; older events have none


_decode_recorded = msgspec.json.Decoder(_StoredRecorded)
_decode_batch = msgspec.json.Decoder(EventBatch)
_encode = msgspec.json.Encoder()
BATCH_KEY = "events"  # the routing key of an `EventBatch` on the events exchange


def batch_body(envelopes: list[EventEnvelope]) -> bytes:
    """The message the relay publishes for events read in one go (`EventBatch`)."""
    return _encode.encode(EventBatch(events=envelopes))


def published(body: bytes) -> list[EventEnvelope]:
    """The envelopes of a message from the events exchange: an `EventBatch` (the relay
    publishes nothing else). Payloads stay raw JSON, so a consumer that already holds an
    event skips it without decoding it. Raises `msgspec.DecodeError` / `ValidationError`
    for anything else."""
    return _decode_batch.decode(body).events


def is_table_notification(notification: Notification) -> bool:
    """True for events of Table aggregates (the log also holds other aggregates)."""
    return notification.topic.startswith(TABLE_TOPIC_PREFIX)


RECENT = 4096  # envelopes kept per store: the log consumers of one process read the same events


class _Recent(OrderedDict[int, EventEnvelope]):
    """The envelopes of a store's newest notifications, by position, oldest dropped first."""


_recent: weakref.WeakKeyDictionary[EventStore, _Recent] = weakref.WeakKeyDictionary()


def envelope_of(store: EventStore, notification: Notification) -> EventEnvelope:
    """The envelope of one stored table event. Decoded once per process: the log consumers
    of one process (relay, read models, notify, bots) read the same notifications, and a
    stored event never changes, so the envelopes of the newest `RECENT` are kept."""
    recent = _recent.get(store)
    if recent is None:
        recent = _recent[store] = _Recent()
    known = recent.get(notification.id)
    if known is not None:
        return known
    envelope = _decoded(store, notification)
    recent[notification.id] = envelope
    while len(recent) > RECENT:
        recent.popitem(last=False)
    return envelope


def _decoded(store: EventStore, notification: Notification) -> EventEnvelope:
    fast = _fast_envelope(store, notification)
    if fast is not None:
        return fast
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


def _fast_envelope(store: EventStore, notification: Notification) -> EventEnvelope | None:
    """A Table.Recorded read straight from its stored JSON, its payload not decoded (rebuilds
    are bound by this: eventsourcing's mapper decodes the payload, the envelope re-encodes
    it). None when the stored form is not plain JSON (a cipher or a compressor is on) or the
    payload holds a value the transcoder wraps (`_type_`)."""
    mapper = store.mapper
    if (
        notification.topic != RECORDED_TOPIC
        or mapper.cipher is not None
        or mapper.compressor is not None
    ):
        return None
    stored = _decode_recorded.decode(notification.state)
    payload = bytes(stored.payload)  # a copy: a Raw would keep the whole stored state alive
    if b'"_type_"' in payload:
        return None
    return EventEnvelope(
        position=notification.id,
        table_id=str(notification.originator_id),
        game=stored.game,
        version=notification.originator_version,
        name=stored.name,
        time=stored.timestamp.iso,
        payload=msgspec.Raw(payload),
        seat=stored.seat,
        command_id=stored.command_id,
        correlation_id=stored.correlation_id,
    )
