"""What the read models serve: a table summary, a page, and the rows of each list."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import msgspec

from shared.games.contract import GameResult

T = TypeVar("T")


class SeatInfo(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One seat as everybody sees it."""

    seat: int
    player_id: str | None
    name: str
    bot: bool = False  # a bot account sits here (docs/bots.md); left out when False


class Invitee(msgspec.Struct, frozen=True, kw_only=True):
    """A player invited by name who has not answered yet."""

    player_id: str
    name: str


class TableSummary(msgspec.Struct, frozen=True, kw_only=True):
    """A table as the lobby and a player's page list it."""

    table_id: str
    game: str
    status: str  # open, playing, over, cancelled
    version: int
    seats: list[SeatInfo]
    options: Any
    commitment: str
    rules_version: int
    to_act: list[int] = []  # the seats that must act now
    creator: str = ""  # the player who opened it (starts, kicks, cancels); "" in older rows
    resigned: list[int] = []  # seats whose players resigned, in that order
    spectators: str = "players"  # who may watch without a seat: none, players, anyone
    visibility: str = "public"  # private: not listed in the lobby
    created_at: str = ""  # ISO 8601, UTC
    updated_at: str = ""
    result: GameResult | None = None  # once the game is over
    invited: list[Invitee] = []  # invited by name, not answered (open tables)
    rematch_accepted: list[int] = []  # after the game: seats that accepted the open offer
    rematch_table: str = ""  # the agreed rematch (everyone seated there, its game started)
    rematch_of: str = ""  # the finished table this one is the rematch of
    takebacks: bool = False  # a move may be taken back when all the others agree
    start_when_full: bool = False  # the seat that fills the table starts the game
    undo_seat: int = -1  # the seat that may ask to take back its last move (-1: none)
    undo_asked: list[int] | None = None  # a take-back is asked: the seats that accepted
    undo_voters: list[int] = []  # while asked: the seats whose consent it needs
    tournament: str = ""  # the tournament whose match this table is ("": none)


class Page(msgspec.Struct, Generic[T], frozen=True, kw_only=True):
    """One page of a list; `next` is the cursor of the following page (null: the last)."""

    items: list[T]
    next: str | None
