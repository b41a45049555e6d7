"""The table's own events (lobby and fairness); the game's events follow TableStarted."""

from __future__ import annotations

from typing import Literal

import msgspec

from shared.contracts.envelopes import Spectators, TimeoutPolicy, Visibility

CancelReason = Literal["creator", "inactive"]


class TableEvent(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """Base of the table-level events; the class name is the event's name."""


class TableCreated(TableEvent, frozen=True, kw_only=True):
    """A table was opened. `seed` is secret until SeedRevealed; `commitment` is public."""

    game: str
    seats: int
    options: dict[str, object]
    rules_version: int
    creator: str
    commitment: str
    seed: str = ""
    spectators: Spectators = "players"  # who may watch without a seat (tables before: players)
    visibility: Visibility = "public"  # private: not in the lobby, joined by invitation
    rematch_of: str = ""  # the finished table whose players agreed on this one
    takebacks: bool = False  # a move may be taken back when all the others agree
    tournament: str = ""  # the tournament whose match this table is (docs/tournaments.md)
    start_when_full: bool = False  # the game starts when the last seat is taken (no StartTable)


class SeatTaken(TableEvent, frozen=True, kw_only=True):
    """A player sat down."""

    seat: int
    player_id: str
    player_name: str


class TableStarted(TableEvent, frozen=True, kw_only=True):
    """All seats were taken and the game began; the commitment is repeated for the players."""

    players: list[str]
    commitment: str


class SeedRevealed(TableEvent, frozen=True, kw_only=True):
    """The game is over: the secret seed is published so anyone can check every draw."""

    seed: str
    commitment: str


class TurnTimedOut(TableEvent, frozen=True, kw_only=True):
    """A seat's turn passed its deadline (notify's TimeOutTurn); a bot moves for it.

    The bot's move is drawn from `Rng.for_step(seed, table_id + "/timeout", version)` at the
    version before this event and stored as the command's move (on this event's record, not
    in its public payload: a move may show hidden cards); the game's events that follow are
    what that move causes at that version (`play_events`), so replay re-decides them.
    """

    seat: int
    player_id: str
    policy: TimeoutPolicy
    turn: int  # the version at which the seat's turn began (as notify saw it)
    # "kind:level": the turn is handed to that bot, which the bots role plays through the
    # command path as an ordinary move; "" (every older event): the random stand-in moved
    # within the same command, as described above
    stand_in: str = ""


class SeatForfeited(TableEvent, frozen=True, kw_only=True):
    """The seat's player forfeited on timeout: a bot plays the seat from now on."""

    seat: int
    player_id: str
    # "kind:level": that bot plays the seat from now on, through the bots role, and only it
    # may move for it; "" (every older event): the table's random stand-in moves for it
    stand_in: str = ""


class SeatResigned(TableEvent, frozen=True, kw_only=True):
    """The seat's player resigned: ranked behind everyone still playing (and behind those who
    resigned later). With one seat left playing the table is over; otherwise the others play
    on and a bot plays the seat's turns: the stand-in named (through the bots role, as for a
    forfeit), or with none (every older event) the table decider's random stand-in, within
    the commands that reach the seat."""

    seat: int
    player_id: str
    stand_in: str = ""  # "kind:level" of the bot that plays the seat ("": the random one)


class InvitationChanged(TableEvent, frozen=True, kw_only=True):
    """The creator renewed the invitation (the SHA-256 of its code; the code itself is known
    only to whom the creator gives the link) or revoked it (`code_hash` empty)."""

    code_hash: str


class PlayerLeft(TableEvent, frozen=True, kw_only=True):
    """A seated player left a table that had not started; the seat is free again."""

    seat: int
    player_id: str


class PlayerRemoved(TableEvent, frozen=True, kw_only=True):
    """The creator removed a seated player before the start; the seat is free again."""

    seat: int
    player_id: str  # the player removed
    by: str  # the creator


class TableCancelled(TableEvent, frozen=True, kw_only=True):
    """An open table was cancelled: by its creator, or after `SENET_OPEN_TABLE_TTL` without
    activity (`inactive`, `by` empty). Every seat is freed; the table takes no more commands."""

    reason: CancelReason
    by: str = ""


class PlayerInvited(TableEvent, frozen=True, kw_only=True):
    """The creator invited a player by name (notified; may join a private table without the
    link, or decline)."""

    player_id: str
    name: str


class InvitationDeclined(TableEvent, frozen=True, kw_only=True):
    """The invitee declined."""

    player_id: str


class InvitationWithdrawn(TableEvent, frozen=True, kw_only=True):
    """The creator withdrew the invitation."""

    player_id: str


class RematchOffered(TableEvent, frozen=True, kw_only=True):
    """After the game a seated player offered a rematch (and so accepted it)."""

    seat: int
    player_id: str


class RematchAccepted(TableEvent, frozen=True, kw_only=True):
    """A seated player accepted the rematch offered."""

    seat: int
    player_id: str


class RematchDeclined(TableEvent, frozen=True, kw_only=True):
    """A seated player declined the rematch: the offer is off (another may be made)."""

    seat: int
    player_id: str


class RematchAgreed(TableEvent, frozen=True, kw_only=True):
    """Every seat accepted: the rematch is table `table_id`, with these players in its seat
    order (the game's order, by default everyone one seat on)."""

    table_id: str
    players: list[str]
    names: list[str]


class MoveBegan(TableEvent, frozen=True, kw_only=True):
    """At a table with take-backs, the first event of each move: the seat that moves, and
    whether the move may be taken back (it drew nothing at random, revealed nothing the
    game hides, did not end the game and no bot moved after it in the same command)."""

    seat: int
    undoable: bool


class UndoRequested(TableEvent, frozen=True, kw_only=True):
    """The player who made the last move asked to take it back."""

    seat: int
    player_id: str


class UndoAccepted(TableEvent, frozen=True, kw_only=True):
    """Another player agreed to the take-back."""

    seat: int
    player_id: str


class UndoDeclined(TableEvent, frozen=True, kw_only=True):
    """Another player refused the take-back: the move stands and cannot be asked back."""

    seat: int
    player_id: str


class MoveUndone(TableEvent, frozen=True, kw_only=True):
    """Everyone agreed: the last move of `seat` is taken back; the game is again as it was
    at table version `version` (the version before that move's MoveBegan). The table's own
    version still counts on: nothing is deleted from the log."""

    seat: int
    version: int


class TimingChosen(TableEvent, frozen=True, kw_only=True):
    """The table's reminders, deadline and timeout policy (hours): chosen by its creator
    before the start, or with a tournament's match table when it opens; the last one is the
    table's timing (`TableState.timing`, rules in `shared.tables.timing`), which the notify
    service applies."""

    first_reminder: float
    repeat_every: float
    last_warning: float
    deadline: float
    policy: str


TABLE_EVENTS: dict[str, type[TableEvent]] = {
    cls.__name__: cls
    for cls in (
        TableCreated,
        SeatTaken,
        TableStarted,
        SeedRevealed,
        TurnTimedOut,
        SeatForfeited,
        SeatResigned,
        InvitationChanged,
        PlayerLeft,
        PlayerRemoved,
        TableCancelled,
        PlayerInvited,
        InvitationDeclined,
        InvitationWithdrawn,
        RematchOffered,
        RematchAccepted,
        RematchDeclined,
        RematchAgreed,
        MoveBegan,
        UndoRequested,
        UndoAccepted,
        UndoDeclined,
        MoveUndone,
        TimingChosen,
    )
}
