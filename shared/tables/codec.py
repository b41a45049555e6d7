"""How a `Table` aggregate's state is written into a snapshot and read back.

eventsourcing snapshots a `Table` by storing its attributes (`table`, a `TableState`, and
`accepted`, the commands it remembers) through the store's JSON transcoder; these
transcodings teach it the two msgspec types. A `TableState` is stored as msgspec JSON and
decoded with the game's own types (its options Struct and the class of its initial state),
so a snapshot read back equals the state folded from the same events (a property test
checks it for random games of every game).
"""

from __future__ import annotations

from typing import Any

import msgspec
from eventsourcing.persistence import Transcoding

from shared.games.registry import pinned_game
from shared.tables.aggregate import Accepted
from shared.tables.state import TableState


def _stored_field(field: msgspec.structs.FieldInfo) -> tuple[Any, ...]:
    """A field of `_StoredState`: as in `TableState`, the game's parts kept as raw JSON."""
    kind = msgspec.Raw if field.name in _GAME_FIELDS else field.type
    if field.required:
        return (field.name, kind)
    if field.default_factory is not msgspec.NODEFAULT:
        return (field.name, kind, msgspec.field(default_factory=field.default_factory))
    default = msgspec.Raw(b"null") if field.name in _GAME_FIELDS else field.default
    return (field.name, kind, default)


TURN_TIMES = "turn_times"  # a snapshot's key of when the turns under way began (readers')
_GAME_FIELDS = ("options", "game_state", "undo_from")  # decoded with the game's own types
# Every field of `TableState` (a field added there is stored and read back without a change
# here; a snapshot written before it reads back with the field's default).
_StoredState = msgspec.defstruct(
    "_StoredState",
    [_stored_field(f) for f in msgspec.structs.fields(TableState)],
    frozen=True,
    kw_only=True,
)
_decode_stored = msgspec.json.Decoder(_StoredState)


def encode_state(state: TableState) -> str:
    """A table state as JSON text."""
    return msgspec.json.encode(state).decode()


def decode_state(text: str | bytes) -> TableState:
    """A table state from `encode_state`, its options and game state in the game's types."""
    stored: Any = _decode_stored.decode(text)
    spec = pinned_game(stored.game, stored.rules_version)
    options = msgspec.json.decode(stored.options, type=spec.options_type)
    state_type = type(spec.initial_state(stored.seats, options))

    def game_state(raw: msgspec.Raw) -> Any:
        return None if bytes(raw) == b"null" else msgspec.json.decode(raw, type=state_type)

    fields = msgspec.structs.asdict(stored)
    fields.update(
        options=options,
        game_state=game_state(stored.game_state),
        undo_from=game_state(stored.undo_from),
    )
    return TableState(**fields)


class TableStateAsJSON(Transcoding):
    """`TableState` in a snapshot."""

    type = TableState
    name = "table_state"

    def encode(self, obj: TableState) -> str:
        return encode_state(obj)

    def decode(self, data: str) -> TableState:
        return decode_state(data)


class AcceptedAsList(Transcoding):
    """`Accepted` (a remembered command) in a snapshot."""

    type = Accepted
    name = "accepted"

    def encode(self, obj: Accepted) -> list[Any]:
        return [obj.fingerprint, obj.first_version, obj.last_version, list(obj.names), obj.seat]

    def decode(self, data: list[Any]) -> Accepted:
        fingerprint, first, last, names, seat = data
        return Accepted(fingerprint, first, last, tuple(names), seat)


TRANSCODINGS: tuple[Transcoding, ...] = (TableStateAsJSON(), AcceptedAsList())
