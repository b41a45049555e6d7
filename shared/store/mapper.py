"""Storing table events and snapshots with one encoding: msgspec, not the standard
library's JSON.

eventsourcing's mapper turns an event's attributes into a dict and its JSON transcoder
encodes that dict with `json` (a Python-level walk of every payload: the top self-time of a
busy table worker). A `Table.Recorded` carries its payload already encoded (`Raw`, by
`Table.record`), so this mapper writes the same stored JSON with msgspec in one pass, the
payload's bytes copied as they are. A table's snapshot holds every command the table
remembers (`Table.accepted`, thousands in a long game, each a transcoded value that `json`
hands to a Python hook): it too is written by msgspec. The stored form is unchanged:
eventsourcing's transcoder reads it back (a datetime as `{"_type_": "datetime_iso",
"_data_": ...}`), and so do the relay's fast envelopes (`shared.tables.envelopes`). Every
other event, and any event when a cipher or compressor is configured, takes
eventsourcing's own path.
"""

from __future__ import annotations

from typing import Any

import msgspec
from eventsourcing.domain import Snapshot
from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import get_topic

from shared.tables.aggregate import RECORDED_TOPIC, Table
from shared.tables.codec import TURN_TIMES, AcceptedAsList, TableStateAsJSON
from shared.tables.state import TableState


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


class _Typed(msgspec.Struct):
    """eventsourcing's form of a value of a registered transcoding."""

    type: str = msgspec.field(name="_type_")
    data: Any = msgspec.field(name="_data_")


class _TableAttributes(msgspec.Struct):
    """The attributes of a `Table` aggregate in its snapshot (`Snapshot.state`)."""

    created_on: _Stamp = msgspec.field(name="_created_on")
    modified_on: _Stamp = msgspec.field(name="_modified_on")
    table: _Typed
    accepted: dict[str, _Typed]
    turn_times: Any = msgspec.field(name=TURN_TIMES, default=msgspec.UNSET)  # [[version, time]]


class _TableSnapshot(msgspec.Struct):
    """The stored state of a table's `Snapshot` (every attribute but its id and version)."""

    timestamp: _Stamp
    topic: str
    state: _TableAttributes


_encode = msgspec.json.Encoder().encode
_TABLE_TOPIC = get_topic(Table)
_SNAPSHOT_TOPIC = get_topic(Snapshot)
_FAST_SNAPSHOTS = getattr(Snapshot, "class_version", 1) == 1  # else: eventsourcing's upcasting form
_STATE = TableStateAsJSON()
_ACCEPTED = AcceptedAsList()
_ATTRIBUTES = {"_created_on", "_modified_on", "table", "accepted"}
_WITH_TIMES = _ATTRIBUTES | {TURN_TIMES}  # as readers save them (`shared.tables.reader`)


class TableMapper(Mapper[Any]):
    """eventsourcing's mapper, with table events and snapshots encoded by msgspec."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        """The stored form of an event (table events and snapshots without cipher or
        compressor: fast)."""
        if type(domain_event) is Snapshot:
            fast = self._table_snapshot(domain_event)
            return fast if fast is not None else super().to_stored_event(domain_event)
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

    def _table_snapshot(self, snapshot: Snapshot) -> StoredEvent | None:
        """A table's snapshot as eventsourcing's transcoder writes it (None for another
        aggregate's, or one with attributes this form does not know: the slow path)."""
        state = vars(snapshot)
        attributes = state["state"]
        if (
            not _FAST_SNAPSHOTS or self.cipher is not None or self.compressor is not None
            or state["topic"] != _TABLE_TOPIC or attributes.keys() not in (_ATTRIBUTES, _WITH_TIMES)
            or type(attributes["table"]) is not TableState
        ):  # fmt: skip
            return None
        accepted, encode = _ACCEPTED.name, _ACCEPTED.encode
        stored = _TableSnapshot(
            timestamp=_Stamp(data=state["timestamp"].isoformat()),
            topic=state["topic"],
            state=_TableAttributes(
                created_on=_Stamp(data=attributes["_created_on"].isoformat()),
                modified_on=_Stamp(data=attributes["_modified_on"].isoformat()),
                table=_Typed(_STATE.name, _STATE.encode(attributes["table"])),
                accepted={
                    command_id: _Typed(accepted, encode(a))
                    for command_id, a in attributes["accepted"].items()
                },
                turn_times=attributes.get(TURN_TIMES, msgspec.UNSET),
            ),
        )
        return StoredEvent(
            originator_id=state["originator_id"],
            originator_version=state["originator_version"],
            topic=_SNAPSHOT_TOPIC,
            state=_encode(stored),
        )
