"""The rules of table chat, pure: who writes and reads which channel, the text, the limits.

A table has two channels. Seated players write in `players`; other signed-in people who
may watch the table (its `spectators` option) write in `spectators`. `players` is read by
the seated players only. `spectators` is read by those who may watch, and by the seated
players only once the game is over: during play, what spectators say could help a player
("kibitzing"), as on most game servers.
"""

from __future__ import annotations

import unicodedata
import uuid
from typing import Final, Literal

from shared.contracts.errors import BadRequest, Conflict, Forbidden, TooManyRequests
from shared.tables.access import watch_seat
from shared.tables.state import OVER, TableState

Channel = Literal["players", "spectators"]
CHANNELS: Final[tuple[Channel, ...]] = ("players", "spectators")

MAX_TEXT: Final = 500  # characters of one message, after trimming
BURST: Final = 5  # messages one author may post within WINDOW seconds in one channel
WINDOW: Final = 10.0
MAX_MESSAGES: Final = 2000  # messages a channel of one table keeps taking
MAX_MUTES: Final = 200  # players one player may mute
# A spectators' channel is open to anyone who may watch, so throwaway accounts could fill
# it for the table's life: one author may post at most AUTHOR_SHARE of its messages, and
# accounts younger than NEW_ACCOUNT seconds together at most NEWCOMERS_SHARE.
AUTHOR_SHARE: Final = 200
NEWCOMERS_SHARE: Final = 200
NEW_ACCOUNT: Final = 86400.0


class ChatRateLimited(TooManyRequests):
    """More than BURST messages within WINDOW seconds."""

    code = "chat_rate_limited"


def clean_text(raw: str) -> str:
    """The text as stored: NFC, trimmed, 1..MAX_TEXT characters, no control or format
    characters but newlines and tabs; 400 `bad_chat_text` otherwise."""
    text = unicodedata.normalize("NFC", raw).strip()
    if not text or len(text) > MAX_TEXT:
        raise BadRequest(f"a message has 1-{MAX_TEXT} characters", code="bad_chat_text")
    for char in text:
        if char in "\n\t":
            continue
        if unicodedata.category(char) in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}:
            raise BadRequest(
                f"a message may not hold the character U+{ord(char):04X}", code="bad_chat_text"
            )
    return text


def write_channel(seated: bool, spectators: str, status: str) -> Channel:
    """The channel a caller writes in: 403 `no_spectators` where strangers may not watch,
    409 `table_cancelled` on a cancelled table."""
    if status == "cancelled":
        raise Conflict("the table was cancelled", code="table_cancelled")
    if seated:
        return "players"
    if spectators == "none":
        raise Forbidden("this table has no spectators", code="no_spectators")
    return "spectators"


def check_read(
    channel: Channel, seated: bool, signed_in: bool, spectators: str, over: bool
) -> None:
    """403 unless this reader may read the channel (see the module's rules)."""
    if channel == "players":
        if not seated:
            raise Forbidden("the players' chat is for the seated players", code="not_seated")
        return
    if seated:
        if not over:
            raise Forbidden(
                "the spectators' chat opens to the players when the game is over",
                code="spectator_chat_closed",
            )
        return
    if spectators == "none" or (spectators == "players" and not signed_in):
        raise Forbidden("this table's spectators' chat is not open to you", code="no_spectators")


def check_channel(
    state: TableState, player_id: str | None, channel: Channel, code_hash: str = ""
) -> None:
    """401 or 403 unless `player_id` (None: no account) may read the channel of the table in
    this state: whoever may watch it (`shared.tables.access`), then `check_read`. Asked
    again for every message a socket delivers, at the table's current version."""
    seat = watch_seat(state, player_id, code_hash)
    check_read(channel, seat is not None, player_id is not None, state.spectators,
               state.status == OVER)  # fmt: skip


def check_rate(recent: list[float], now: float) -> None:
    """429 `chat_rate_limited` when the author posted BURST messages in the last WINDOW
    seconds (`recent`: the author's latest post times, oldest first)."""
    inside = [t for t in recent if now - t < WINDOW]
    if len(inside) >= BURST:
        wait = max(1, int(WINDOW - (now - inside[0])) + 1)
        error = ChatRateLimited(f"at most {BURST} messages in {WINDOW:g} seconds")
        error.retry_after = wait
        raise error


def check_room(count: int) -> None:
    """409 `chat_full` once a channel holds MAX_MESSAGES."""
    if count >= MAX_MESSAGES:
        raise Conflict(f"this channel holds its {MAX_MESSAGES} messages", code="chat_full")


def check_share(authored: int, newcomers: int, is_new: bool) -> None:
    """In a spectators' channel: 409 `chat_author_full` once the author posted AUTHOR_SHARE
    messages there, 409 `chat_newcomers_full` once accounts younger than NEW_ACCOUNT posted
    NEWCOMERS_SHARE together and the author's is one of them."""
    if authored >= AUTHOR_SHARE:
        raise Conflict(
            f"you posted your {AUTHOR_SHARE} messages in this channel", code="chat_author_full"
        )
    if is_new and newcomers >= NEWCOMERS_SHARE:
        raise Conflict(
            f"new accounts posted their {NEWCOMERS_SHARE} messages in this channel; "
            f"accounts older than {NEW_ACCOUNT / 3600:g} hours may still post",
            code="chat_newcomers_full",
        )


def is_new_account(created: float, now: float) -> bool:
    """True if an account created at `created` (epoch seconds) is younger than NEW_ACCOUNT."""
    return now - created < NEW_ACCOUNT


def mute_target(muter: str, raw: str) -> str:
    """The player id a player mutes or unmutes (a UUID, in its one spelling); 400
    `bad_player_id` for anything else or the player's own id."""
    try:
        target = str(uuid.UUID(raw))
    except ValueError as exc:
        raise BadRequest("not a player id", code="bad_player_id") from exc
    if target == muter:
        raise BadRequest("you cannot mute yourself", code="bad_player_id")
    return target
