"""The dispute case, one player's daily quota of cases, and the operator's roster of arbiters:
event-sourced aggregates saved in the table store.

A case's id follows from its table and the player who opened it, so a second case of one
player on one table fails on the store's uniqueness check. The quota's id follows from the
player and the UTC day; opening saves the case and the quota's new event together, so the
daily bound holds across gateways (a race fails on the quota's version).
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event
from eventsourcing.utils import get_topic

from shared.disputes.bounds import OPEN, SETTLED

_NAMESPACE = uuid5(NAMESPACE_URL, "senet:dispute")
ROSTER_ID = uuid5(NAMESPACE_URL, "senet:arbiters")


def dispute_id(table_id: str, player_id: str) -> UUID:
    """The id of a player's case on a table: one per player and table."""
    return uuid5(_NAMESPACE, f"{table_id}:{player_id}")


def quota_id(player_id: str, day: str) -> UUID:
    """The id of a player's cases opened on one UTC day (YYYY-MM-DD)."""
    return uuid5(_NAMESPACE, f"quota:{player_id}:{day}")


class Dispute(Aggregate):
    """One case: who opened it about which table and version, statements, the arbiters'
    logged actions, and at most one verdict."""

    @event("Opened")
    def __init__(
        self, table_id: str, game: str, player_id: str, seat: int, reason: str, table_version: int,
        text: str, players: list[str], game_over: bool,
    ) -> None:  # fmt: skip
        self.table_id = table_id
        self.game = game
        self.player_id = player_id
        self.seat = seat
        self.reason = reason
        self.table_version = table_version  # not `version`: that is the aggregate's own
        self.text = text
        self.players = players  # the table's seated players when the case was opened
        self.game_over = game_over
        self.statements: list[dict[str, Any]] = []
        self.actions: list[dict[str, Any]] = []  # arbiters' logged actions: who, what, when
        self.state = OPEN
        self.verdict: dict[str, Any] | None = None

    @classmethod
    def create_id(cls, table_id: str, player_id: str, **_: Any) -> UUID:
        """The id follows from the table and the opener: one case per player and table."""
        return dispute_id(table_id, player_id)

    @event("Stated")
    def add_statement(self, player_id: str, seat: int, text: str, at: str) -> None:
        """Another player of the table adds their one statement."""
        self.statements.append({"player_id": player_id, "seat": seat, "text": text, "at": at})

    @event("HandsShown")
    def show_hands(self, arbiter: str, at: str) -> None:
        """An arbiter chose to see every seat's hand of a live game (logged)."""
        self.actions.append({"arbiter": arbiter, "action": "hands_shown", "at": at})

    @event("Settled")
    def settle(
        self, arbiter: str, verdict: str, reason: str, seat: int | None, from_version: int | None,
        at: str,
    ) -> None:  # fmt: skip
        """The verdict: the case is closed."""
        self.verdict = {
            "verdict": verdict, "reason": reason, "seat": seat, "from_version": from_version,
            "arbiter": arbiter, "at": at,
        }  # fmt: skip
        self.actions.append({"arbiter": arbiter, "action": f"verdict:{verdict}", "at": at})
        self.state = SETTLED

    def stated(self, player_id: str) -> bool:
        """True once the player has added a statement."""
        return any(s["player_id"] == player_id for s in self.statements)


class DisputeQuota(Aggregate):
    """The cases one player opened on one UTC day."""

    @event("Started")
    def __init__(self, player_id: str, day: str) -> None:
        self.player_id = player_id
        self.day = day
        self.opened: list[str] = []

    @classmethod
    def create_id(cls, player_id: str, day: str, **_: Any) -> UUID:
        """The id follows from the player and the day."""
        return quota_id(player_id, day)

    @event("Used")
    def use(self, table_id: str) -> None:
        """One more case opened that day."""
        self.opened.append(table_id)


class Arbiters(Aggregate):
    """The player accounts an operator named arbiters (admin tokens are arbiters anyway)."""

    @event("Started")
    def __init__(self) -> None:
        self.players: list[str] = []

    @classmethod
    def create_id(cls, **_: Any) -> UUID:
        """One roster per store."""
        return ROSTER_ID

    @event("Named")
    def name(self, player_id: str, by: str, at: str) -> None:
        """An operator named a player an arbiter."""
        if player_id not in self.players:
            self.players.append(player_id)

    @event("Unnamed")
    def unname(self, player_id: str, by: str, at: str) -> None:
        """An operator took the role back."""
        if player_id in self.players:
            self.players.remove(player_id)


OPENED_TOPIC = get_topic(Dispute.Opened)  # type: ignore[attr-defined]
STATED_TOPIC = get_topic(Dispute.Stated)  # type: ignore[attr-defined]
HANDS_TOPIC = get_topic(Dispute.HandsShown)  # type: ignore[attr-defined]
SETTLED_TOPIC = get_topic(Dispute.Settled)  # type: ignore[attr-defined]
DISPUTE_TOPICS = frozenset({OPENED_TOPIC, STATED_TOPIC, HANDS_TOPIC, SETTLED_TOPIC})
