"""Messages that cross service boundaries: commands, their outcomes, events, errors."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

# The values a few string fields may take (msgspec rejects any other on decode).
TableStatus = Literal["open", "playing", "over", "cancelled"]
TimeoutPolicy = Literal["bot", "forfeit"]


class ErrorBody(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An error as the API and the reply queue carry it: a stable code and a message."""

    code: str
    message: str
    status: int = 400  # the HTTP status the gateway answers with
    details: dict[str, Any] | None = None  # JSON values: numbers stay numbers


# Who may watch a table without a seat: nobody, signed-in players (the default), or anyone
# (no account needed, over HTTP and WebSocket). Spectators see only what no seat hides.
Spectators = Literal["none", "players", "anyone"]
# A private table is not listed in the lobby; it is joined through its invitation link.
Visibility = Literal["public", "private"]


class CreateTable(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Open a new table for a game; the creator takes the first seat."""

    game: str
    seats: int
    options: msgspec.Raw = msgspec.Raw(b"{}")
    player_name: str
    # A seed the gateway let the client choose (self-play and benches only, `client_seeds`);
    # None: the table worker draws a secret random one.
    seed: str | None = None
    spectators: Spectators = "players"
    visibility: Visibility = "public"
    takebacks: bool = False  # players may take back a move when all the others agree
    start_when_full: bool = False  # the game starts when the last seat is taken


class SetInvitation(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """The creator renews the table's invitation (the SHA-256 of a new code, which only the
    creator was shown) or revokes it (`code_hash` empty)."""

    code_hash: str


class JoinTable(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True,
    omit_defaults=True,
):  # fmt: skip
    """Take the next free seat at a table; at a private one, name the SHA-256 of its current
    invitation code (`invitation_hash`) unless invited by name: the table decider checks it
    against the table's state, so a revoke and a join are ordered by the table. (Defaults
    are left out of the encoding, so older commands keep their fingerprints.)"""

    player_name: str
    invitation_hash: str = ""


class StartTable(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Start the game once every seat is taken."""


class PlayMove(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True,
    omit_defaults=True,
):  # fmt: skip
    """Make a move in the game; `move` is the game's own move JSON. `seat`, if given, is the
    seat the client means to act for: the table decider refuses it (403 `not_your_seat`)
    unless it is the caller's. (Defaults are left out of the encoding, so older commands
    keep their fingerprints.)"""

    move: msgspec.Raw
    seat: int | None = None


class TimeOutTurn(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True,
    omit_defaults=True,
):  # fmt: skip
    """The notify service: a seat's turn passed its deadline; apply the table's policy.

    `policy` is "bot" (a bot plays the turn) or "forfeit" (a bot takes the seat for good);
    `turn` is the table version at which the seat's turn began (recorded in the event).
    `stand_in` ("kind:level", e.g. "strong:2") hands the turn to that bot, which the bots
    role plays through the command path (under `forfeit`, the seat too, for good); without
    it (older commands) the table's random stand-in moves within this command. (Defaults
    are left out of the encoding, so older commands keep their fingerprints.)
    """

    seat: int
    policy: TimeoutPolicy
    turn: int
    stand_in: str = ""


class SeatBot(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The creator seats a bot (`kind` and `level`, `shared.bots.seats`) in the next free
    seat of an open table; the bots role plays its turns."""

    kind: str
    level: int


class LeaveTable(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Give up one's seat at a table that has not started (not the creator: it cancels)."""


class CancelTable(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The creator cancels a table that has not started; every seat is freed."""


class RemovePlayer(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The creator removes a seated player before the start, named by seat or player id."""

    seat: int | None = None
    player_id: str | None = None


class Resign(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True,
    omit_defaults=True,
):  # fmt: skip
    """A seated player gives up a game under way: ranked last; with one other player left
    the game ends there, with more the others play on (a bot takes the seat's turns).

    `stand_in` ("kind:level", set by the gateway, e.g. "strong:2") hands the seat to that
    bot, which the bots role plays through the command path; without it (older commands)
    the table's random stand-in moves for the seat within the commands that reach it.
    (Defaults are left out of the encoding, so older commands keep their fingerprints.)
    """

    stand_in: str = ""


class ExpireTable(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The table service's sweep: the open table saw no command since version `version` for
    longer than the open-table TTL; it is cancelled unless something happened since."""

    version: int


class InvitePlayer(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The creator invites a registered player by name to the open table (the gateway
    found `player_id` by the name); the invitee may then join, or decline."""

    player_id: str
    player_name: str


class DeclineInvitation(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """The invitee declines the invitation."""


class WithdrawInvitation(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """The creator withdraws an invitation to a player."""

    player_id: str


class Rematch(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True,
    omit_defaults=True,
):  # fmt: skip
    """After the game: offer a rematch or accept the one offered (`accept`), or decline it.
    When every seat has accepted, the table names the new table (`RematchAgreed`): its id
    is `new_table`, drawn at random by the table worker (not by the client; the audit
    passes the recorded one), so no one derives a rematch's id from the old table's."""

    accept: bool = True
    new_table: str = ""


class RequestUndo(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """At a table with take-backs: ask the others to take back one's last move (allowed
    while it revealed nothing and drew nothing, and nobody else has moved since)."""


class AnswerUndo(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Accept or decline the take-back another player asked for; when every other playing
    seat has accepted, the move is taken back (`MoveUndone`)."""

    accept: bool


class ChooseTiming(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The creator chooses the table's reminders, deadline and timeout policy before the
    start (hours; the table decides who, when and within which bounds,
    `shared.tables.timing`)."""

    first_reminder: float
    repeat_every: float
    last_warning: float
    deadline: float
    policy: str


class OpenRematch(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """Open the table a finished table agreed on as its rematch (sent to the new table's id,
    by the gateway, after the agreement): everyone seated, the game started."""

    from_table: str


class OpenMatch(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The tournament manager: open the match table the tournament's pairing put at this
    table's id (everyone seated in the pairing's order, the game started, the tournament's
    turn timing chosen). The table worker reads the pairing from the tournament."""

    tournament: str


Action = (
    CreateTable
    | OpenRematch
    | OpenMatch
    | Rematch
    | RequestUndo
    | AnswerUndo
    | InvitePlayer
    | DeclineInvitation
    | WithdrawInvitation
    | JoinTable
    | SeatBot
    | StartTable
    | PlayMove
    | TimeOutTurn
    | Resign
    | SetInvitation
    | LeaveTable
    | CancelTable
    | RemovePlayer
    | ExpireTable
    | ChooseTiming
)


class Command(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The command envelope: who asks what of which table, identified for idempotency."""

    command_id: str
    table_id: str
    player_id: str
    action: Action
    expected_version: int | None = None
    correlation_id: str = ""


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """The table service's answer to a command: accepted (with the new version) or an error."""

    command_id: str
    table_id: str
    accepted: bool
    version: int = 0
    events: list[str] = []
    seat: int | None = None
    status: TableStatus | Literal[""] = ""  # the table's status after the command
    to_act: list[int] = []  # the seats that must decide next
    replayed: bool = False
    error: ErrorBody | None = None
    # The store position of the command's last event (0: nothing stored, or not known):
    # a read after the command waits for the read models to reach it.
    position: int = 0


class Committed(msgspec.Struct, frozen=True, kw_only=True):
    """One event a command stored, as the table worker's reply carries it to the gateway,
    which folds it into its cached table at once instead of waiting for the relay.
    Internal: it may hold what a seat must not see, so it never goes to a client."""

    version: int  # the table's version after this event
    name: str
    time: str  # ISO 8601, as the stored event's timestamp
    payload: msgspec.Raw
    seat: int | None = None


class Reply(Outcome, frozen=True, kw_only=True):
    """The table worker's answer on the wire: the Outcome and the events the command
    stored (none for a refused or repeated command). Clients get the Outcome alone."""

    committed: list[Committed] = []


class EventEnvelope(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A stored event as it travels to projectors: its place in the log and its payload."""

    position: int  # the event's notification id in the store: global order
    table_id: str
    game: str
    version: int  # the table's version after this event (1 = TableCreated)
    name: str
    time: str
    payload: msgspec.Raw
    seat: int | None = None
    command_id: str | None = None
    correlation_id: str = ""  # of the request that caused it; "" for older events

    @property
    def event_id(self) -> str:
        """A stable id: the table and the version."""
        return f"{self.table_id}:{self.version}"


class EventBatch(msgspec.Struct, frozen=True, kw_only=True):
    """One message on the events exchange: the events the relay read in one go (one or
    more commits), in store order. Consumers take it whole and skip what they applied."""

    events: list[EventEnvelope]
