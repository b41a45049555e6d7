"""Storing table events with one encoding: msgspec, not the standard library's JSON.

eventsourcing's mapper turns an event's attributes into a dict and its JSON transcoder
encodes that dict with `json` (a Python-level walk of every payload: the top self-time of a
busy table worker). A `Table.Recorded` carries its payload already encoded (`Raw`, by
`Table.record`), so this mapper writes the same stored JSON with msgspec in one pass, the
payload's bytes copied as they are. The stored form is unchanged: eventsourcing's
transcoder reads it back (a datetime as `{"_type_": "datetime_iso", "_data_": ...}`), and
so do the relay's fast envelopes (`shared.tables.envelopes`). Every other event, and any
event when a cipher or compressor is configured, takes eventsourcing's own path.
"""

from __future__ import annotations

from typing import Any

import msgspec
from eventsourcing.persistence import Mapper, StoredEvent

from shared.tables.aggregate import RECORDED_TOPIC, Table


class _Stamp(msgspec.Struct):
    """eventsourcing's JSON form of a datetime."""

    data: str = msgspec.field(name="_data_")
    type: str = msgspec.field(name="_type_", default="datetime_iso")


class _Recorded(msgspec.Struct):
    """The stored state of a `Table.Recorded` (every attribute but its id and version)."""

    timestamp: _Stamp
    name: str
    game: str
    payload: msgspec.Raw
    command_id: str
    fingerprint: str
    seat: int | None
    move: dict[str, Any] | None
    correlation_id: str
    class_version: int


_encode = msgspec.json.Encoder().encode


class TableMapper(Mapper[Any]):
    """eventsourcing's mapper, with table events encoded once by msgspec."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        """The stored form of an event (table events without cipher or compressor: fast)."""
        if type(domain_event) is not Table.Recorded:
            return super().to_stored_event(domain_event)
        state = vars(domain_event)
        payload = state["payload"]
        if self.cipher is not None or self.compressor is not None:
            if isinstance(payload, msgspec.Raw):  # eventsourcing's transcoder takes builtins
                plain = object.__new__(Table.Recorded)
                object.__setattr__(
                    plain, "__dict__", {**state, "payload": msgspec.json.decode(payload)}
                )
                domain_event = plain
            return super().to_stored_event(domain_event)
        if not isinstance(payload, msgspec.Raw):
            payload = msgspec.Raw(_encode(payload))
        stored = _Recorded(
            timestamp=_Stamp(data=state["timestamp"].isoformat()),
            name=state["name"],
            game=state["game"],
            payload=payload,
            command_id=state["command_id"],
            fingerprint=state["fingerprint"],
            seat=state["seat"],
            move=state["move"],
            correlation_id=state["correlation_id"],
            class_version=Table.Recorded.class_version,
        )
        return StoredEvent(
            originator_id=state["originator_id"],
            originator_version=state["originator_version"],
            topic=RECORDED_TOPIC,
            state=_encode(stored),
        )
