"""The outbox: one aggregate per notification key (table, turn, seat, kind, channel).

The id is derived from the key, so creating the same notification twice fails on the
store's uniqueness check: that is the at-most-once guarantee, across restarts and
redelivered events. A notice is claimed (`Attempted`) before each delivery; one found
claimed without an outcome after a crash is marked uncertain and never sent again.
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

_NAMESPACE = uuid5(NAMESPACE_URL, "senet:notice")
PENDING, SENDING, SENT, DEAD, SKIPPED, UNCERTAIN = (
    "pending", "sending", "sent", "dead", "skipped", "uncertain",
)  # fmt: skip
FINAL = frozenset({SENT, DEAD, SKIPPED, UNCERTAIN})


def notice_key(table_id: str, turn: int, seat: int, kind: str, channel: str) -> str:
    """The at-most-once key of a notification."""
    return f"{table_id}:{turn}:{seat}:{kind}:{channel}"


def notice_id(key: str) -> UUID:
    """The aggregate id of a key."""
    return uuid5(_NAMESPACE, key)


class Notice(Aggregate):
    """One notification to one player on one channel, and its delivery history."""

    @event("Queued")
    def __init__(
        self,
        key: str,
        player_id: str,
        table_id: str,
        turn: int,
        seat: int,
        kind: str,
        channel: str,
        due: float,
        created: float,
        facts: dict[str, Any],
    ) -> None:
        self.key = key
        self.player_id = player_id
        self.table_id = table_id
        self.turn = turn
        self.seat = seat
        self.kind = kind
        self.channel = channel
        self.due = due
        self.created = created
        self.facts = facts
        self.status = PENDING
        self.attempts = 0
        self.error = ""

    @classmethod
    def create_id(cls, key: str, **_: Any) -> UUID:
        """The id follows from the key."""
        return notice_id(key)

    @event("Attempted")
    def attempt(self, at: float) -> None:
        """Claimed for a delivery."""
        self.status = SENDING
        self.attempts += 1

    @event("Sent")
    def sent(self, at: float) -> None:
        """Delivered."""
        self.status = SENT

    @event("Failed")
    def failed(self, error: str, retry_at: float) -> None:
        """A delivery failed; retried at `retry_at`."""
        self.status = PENDING
        self.error = error
        self.due = retry_at

    @event("DeadLettered")
    def dead(self, error: str) -> None:
        """Given up after the last attempt, or unsendable."""
        self.status = DEAD
        self.error = error

    @event("Skipped")
    def skip(self, reason: str) -> None:
        """Not sent, on purpose (connected, unsubscribed, channel off)."""
        self.status = SKIPPED
        self.error = reason

    @event("Deferred")
    def defer(self, until: float) -> None:
        """Held back (quiet hours, digest) until a later time."""
        self.due = until

    @event("Abandoned")
    def uncertain(self) -> None:
        """Found claimed without an outcome after a restart: not resent (at most once)."""
        self.status = UNCERTAIN

    @property
    def is_final(self) -> bool:
        """True when nothing more will happen to it."""
        return self.status in FINAL
