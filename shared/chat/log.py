"""A table's chat channel and a player's mutes: event-sourced aggregates in the event store.

A channel is its own aggregate (id from the table id and the channel), apart from the
table's: its messages are kept with the table for disputes (`GET /api/admin/tables/{id}/
chat`) but never enter the game's record, so no verification depends on them. Any gateway
writes a channel directly (no table worker in between); the writers of one gateway take
turns, and two gateways writing at once conflict on the version, the loser re-reading and
trying again, so the limits hold across gateways.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import msgspec
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from shared.chat.rules import (
    BURST,
    MAX_MUTES,
    Channel,
    check_rate,
    check_room,
    check_share,
    is_new_account,
)
from shared.contracts.errors import Conflict, Unavailable
from shared.store import EventStore

_CHANNEL_NAMESPACE = uuid5(NAMESPACE_URL, "senet:table-chat")
_MUTES_NAMESPACE = uuid5(NAMESPACE_URL, "senet:chat-mutes")
SNAPSHOT_EVERY = 100  # messages between snapshots of a channel (its writers load it)
ATTEMPTS = 10  # tries to append against other gateways' writes


class Message(msgspec.Struct, frozen=True, kw_only=True):
    """One chat message as readers get it; `n` counts the channel's messages from 1."""

    n: int
    channel: Channel
    player_id: str
    name: str
    seat: int | None  # the author's seat (None: a spectator)
    text: str
    at: str  # ISO 8601, UTC


class ChatChannel(Aggregate):
    """One channel of one table: its message count and each author's latest post times."""

    @event("Opened")
    def __init__(self, table_id: str, channel: str) -> None:
        self.table_id = table_id
        self.channel = channel
        self.count = 0
        self.recent: dict[str, list[float]] = {}

    @classmethod
    def create_id(cls, table_id: str, channel: str) -> UUID:
        """One aggregate per table and channel."""
        return channel_id(table_id, channel)

    @event("Posted")
    def post(
        self,
        player_id: str,
        name: str,
        seat: int | None,
        text: str,
        at: float,
        newcomer: bool = False,  # by an account younger than NEW_ACCOUNT (a spectator's)
    ) -> None:
        """A message was posted (`at`: epoch seconds, for the rate limit)."""
        self.count += 1
        times = self.recent.setdefault(player_id, [])
        times.append(at)
        del times[:-BURST]
        # Counted since these shares exist (older events and snapshots lack both).
        authored = self.__dict__.setdefault("authored", {})
        authored[player_id] = authored.get(player_id, 0) + 1
        self.newcomers = self.newcomers_so_far() + newcomer

    def authored_by(self, player_id: str) -> int:
        """Messages the player posted in this channel."""
        authored: dict[str, int] = self.__dict__.get("authored", {})
        return authored.get(player_id, 0)

    def newcomers_so_far(self) -> int:
        """Messages posted by accounts younger than NEW_ACCOUNT at the time."""
        return int(self.__dict__.get("newcomers", 0))


class ChatMutes(Aggregate):
    """The players whose messages one player does not want to see, at any table."""

    @event("Opened")
    def __init__(self, player_id: str) -> None:
        self.player_id = player_id
        self.muted: list[str] = []

    @classmethod
    def create_id(cls, player_id: str) -> UUID:
        """One aggregate per player."""
        return uuid5(_MUTES_NAMESPACE, player_id)

    @event("Muted")
    def mute(self, player_id: str) -> None:
        """Hide this player's messages."""
        self.muted.append(player_id)

    @event("Unmuted")
    def unmute(self, player_id: str) -> None:
        """Show this player's messages again."""
        self.muted.remove(player_id)


def channel_id(table_id: str, channel: str) -> UUID:
    """The aggregate id of a table's channel."""
    return uuid5(_CHANNEL_NAMESPACE, f"{table_id}/{channel}")


def post(
    store: EventStore,
    table_id: str,
    channel: Channel,
    author: tuple[str, str, int | None],
    text: str,
    now: float,
) -> Message:
    """Append a message (author: player id, name, seat) within the limits; 429
    `chat_rate_limited`, 409 `chat_full`, in the spectators' channel 409 `chat_author_full`
    and `chat_newcomers_full` (`rules.check_share`), 503 `chat_busy` after ATTEMPTS lost
    races."""
    player_id, name, seat = author
    # The posters of one channel in this process take turns: racing, each would re-read the
    # channel after every lost race, and a few posting at once exhausted their attempts.
    with store.turns.of(channel_id(table_id, channel)):
        for _ in range(ATTEMPTS):
            chat = _get(store, channel_id(table_id, channel)) or ChatChannel(table_id, channel)
            assert isinstance(chat, ChatChannel)
            check_room(chat.count)
            check_rate(chat.recent.get(player_id, []), now)
            newcomer = False
            if channel == "spectators":
                newcomer = is_new_account(_created(store, player_id, now), now)
                check_share(chat.authored_by(player_id), chat.newcomers_so_far(), newcomer)
            chat.post(
                player_id=player_id, name=name, seat=seat, text=text, at=now, newcomer=newcomer
            )
            try:
                store.save(chat)
            except IntegrityError:
                continue  # another gateway appended first: re-read and check again
            if chat.count % SNAPSHOT_EVERY == 0:
                store.take_snapshot(chat.id, version=chat.version)
            return Message(
                n=chat.count, channel=channel, player_id=player_id, name=name, seat=seat,
                text=text, at=chat.modified_on.isoformat(),
            )  # fmt: skip
    raise Unavailable("the chat is busy; try again", code="chat_busy")


def read(
    store: EventStore, table_id: str, channel: Channel, after: int, limit: int
) -> list[Message]:
    """The channel's messages numbered after `after`, oldest first, at most `limit`."""
    stored = store.recorder.select_events(channel_id(table_id, channel), gt=after + 1, limit=limit)
    messages: list[Message] = []
    for record in stored:
        posted: Any = store.mapper.to_domain_event(record)
        if not isinstance(posted, ChatChannel.Posted):  # type: ignore[attr-defined]
            continue
        message = Message(
            n=posted.originator_version - 1, channel=channel, player_id=posted.player_id,
            name=posted.name, seat=posted.seat, text=posted.text,
            at=posted.timestamp.isoformat(),
        )  # fmt: skip
        messages.append(message)
    return messages


def last_number(store: EventStore, table_id: str, channel: Channel) -> int:
    """The number of the channel's newest message (0: none)."""
    newest = store.recorder.select_events(channel_id(table_id, channel), desc=True, limit=1)
    return max(0, newest[0].originator_version - 1) if newest else 0


def muted_by(store: EventStore, player_id: str) -> list[str]:
    """Whom a player muted."""
    mutes = _get(store, ChatMutes.create_id(player_id))
    return list(mutes.muted) if isinstance(mutes, ChatMutes) else []


def set_muted(store: EventStore, player_id: str, other: str, muted: bool) -> list[str]:
    """Mute or unmute `other` for `player_id` (idempotent); 409 `too_many_mutes` past
    MAX_MUTES; returns the muted players."""
    for _ in range(ATTEMPTS):
        mutes = _get(store, ChatMutes.create_id(player_id)) or ChatMutes(player_id)
        assert isinstance(mutes, ChatMutes)
        if muted and other not in mutes.muted:
            if len(mutes.muted) >= MAX_MUTES:
                raise Conflict(f"at most {MAX_MUTES} muted players", code="too_many_mutes")
            mutes.mute(other)
        elif not muted and other in mutes.muted:
            mutes.unmute(other)
        try:
            store.save(mutes)
        except IntegrityError:
            continue  # changed at the same time elsewhere: re-read
        return list(mutes.muted)
    raise Unavailable("the mutes are busy; try again", code="chat_busy")


def visible(messages: Sequence[Message], muted: Sequence[str]) -> list[Message]:
    """The messages whose authors the reader has not muted."""
    hidden = set(muted)
    return [m for m in messages if m.player_id not in hidden]


def _created(store: EventStore, player_id: str, now: float) -> float:
    """When a player registered (epoch seconds); `now` if unknown (counted as new)."""
    player = _get(store, UUID(player_id))
    return player.created_on.timestamp() if player is not None else now


def _get(store: EventStore, aggregate_id: UUID) -> Aggregate | None:
    try:
        found: Aggregate = store.repository.get(aggregate_id)
    except AggregateNotFoundError:
        return None
    return found
