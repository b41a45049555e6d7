"""Event schema versions: upcasters turn a stored payload of an older schema into the current one.

Stored events are never rewritten. When an event's shape changes, its schema number below is
bumped and an `Upcaster` from the old number is added; `upcast` runs on every payload read
from the store (in `shared.tables.state.decode_event`) and on every event of a game record,
so old tables still fold, replay and verify. An upcaster recognises the old shape from the
payload itself (the stored form carries no schema number), so it must leave current
payloads untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Payload = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Upcaster:
    """Turns one event's payload from schema `from_version` into `from_version + 1`."""

    event: str
    from_version: int
    is_old: Callable[[Payload], bool]
    upgrade: Callable[[Payload], Payload]


def _seat_taken_v1(payload: Payload) -> bool:
    return "name" in payload and "player_name" not in payload


def _seat_taken_v1_to_v2(payload: Payload) -> Payload:
    out = {k: v for k, v in payload.items() if k != "name"}
    out["player_name"] = payload["name"]
    return out


# Schema 1 of SeatTaken (before the lobby showed names) called the field `name`.
UPCASTERS: list[Upcaster] = [
    Upcaster("SeatTaken", 1, _seat_taken_v1, _seat_taken_v1_to_v2),
]

SCHEMAS: dict[str, int] = {"SeatTaken": 2}
"""The current schema number of every event that has had more than one."""

_by_event: dict[str, list[Upcaster]] = {}
for _upcaster in sorted(UPCASTERS, key=lambda u: u.from_version):
    _by_event.setdefault(_upcaster.event, []).append(_upcaster)


def has_upcasters(name: str) -> bool:
    """True when stored payloads of event `name` may be of an older schema."""
    return name in _by_event


def upcast(name: str, payload: Any) -> Any:
    """The payload in the current schema of event `name` (unchanged when already current)."""
    chain = _by_event.get(name)
    if not chain or not isinstance(payload, dict):
        return payload
    for upcaster in chain:
        if upcaster.is_old(payload):
            payload = upcaster.upgrade(payload)
    return payload
