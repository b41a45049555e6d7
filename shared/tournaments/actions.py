"""Commands to a tournament, and the envelope that carries them to its shard."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from shared.contracts.envelopes import ErrorBody, TimeoutPolicy, Visibility
from shared.tournaments.events import ForfeitPolicy, Format

# The header that tells a shard consumer a message is for a tournament, not a table.
KIND_HEADER = "x-senet-kind"
TOURNAMENT_KIND = "tournament"
# The command id of the manager's RescoreMatch is this prefix and the dispute's id.
VERDICT_PREFIX = "verdict:"
# The command id that opens a match table (`OpenMatch`, a table command) is this prefix and
# the table id (one per table).
MATCH_OPENING = "open-match:"
# A tournament's name as typed (checked and normalised by the decider: `shared.names`).
Name = Annotated[str, msgspec.Meta(max_length=240)]


class CreateTournament(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """Announce a tournament; the creator does not join by creating it."""

    name: Name
    format: Format
    game: str
    options: msgspec.Raw = msgspec.Raw(b"{}")
    seats: int = 2
    rounds: int = 0  # Swiss: 0 picks ceil(log2(players)) at the start
    min_players: int = 2
    max_players: int = 64
    signup_deadline: str = ""
    move_deadline: int = 0
    timeout_policy: TimeoutPolicy = "bot"
    forfeits: ForfeitPolicy = "last"
    visibility: Visibility = "public"
    invitation: str = ""  # SHA-256 of the invitation code (a private tournament)
    seed: str = ""  # 64 hex digits, chosen by self-play (`client_seeds`); "" draws one


class JoinTournament(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """Sign up (a private tournament's with its invitation code's hash)."""

    player_name: str
    rating: float = 0.0
    invitation: str = ""


class WithdrawFromTournament(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """Leave the tournament (after the start: forfeit what is left)."""


class StartTournament(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """The creator closes sign-up and the first round is paired (or anyone, once the
    sign-up deadline `now` is past)."""

    now: str = ""  # ISO 8601, the gateway's clock (the decider has none)


class CancelTournament(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """The creator cancels the tournament before its start."""


class NoteTablesOpened(
    msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True
):
    """The process manager: every table of the round is open."""

    round: int


class RecordResult(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The process manager: a match table is over, with these ranks and forfeits."""

    table_id: str
    ranks: list[int]
    forfeited: list[int] = []


class RescoreMatch(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True):
    """The process manager: an arbiter's verdict on a dispute about a match table changes
    how the match counts (`annulled`, `replayed`: for no one; `forfeit`: `seat` loses)."""

    table_id: str
    dispute_id: str
    verdict: str
    seat: int | None = None


TournamentAction = (
    CreateTournament
    | JoinTournament
    | WithdrawFromTournament
    | StartTournament
    | CancelTournament
    | NoteTablesOpened
    | RecordResult
    | RescoreMatch
)
# The process manager acts under this player id; no token maps to it.
MANAGER = "senet:tournament-manager"


class TournamentCommand(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The command envelope of a tournament, idempotent by `command_id`."""

    command_id: str
    tournament_id: str
    player_id: str
    action: TournamentAction
    correlation_id: str = ""


class TournamentOutcome(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The answer to a tournament command."""

    command_id: str
    tournament_id: str
    accepted: bool
    version: int = 0
    events: list[str] = []
    replayed: bool = False
    status: Literal["open", "running", "finished", "cancelled", ""] = ""
    error: ErrorBody | None = None
