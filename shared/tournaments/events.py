"""A tournament's events: sign-up, start, rounds paired, tables opened, results, an
arbiter's ruling on a match, the end."""

from __future__ import annotations

from typing import Literal

import msgspec

from shared.contracts.envelopes import TimeoutPolicy, Visibility

Format = Literal["round-robin", "swiss", "knockout"]
# How a seat that forfeited its match table (timeout forfeit, resignation, withdrawal) counts:
# "last": ranked below everyone at that match who did not forfeit; "as-played": the table's
# result stands as the game ended (the bot that took the seat over played it out).
ForfeitPolicy = Literal["last", "as-played"]


class TournamentEvent(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """Base of the tournament events; the class name is the event's name."""


class TournamentCreated(TournamentEvent, frozen=True, kw_only=True):
    """A tournament was announced. `seed` is public: every pairing derives from it and the
    results, so anyone holding the record can re-derive each round."""

    name: str
    creator: str
    format: Format
    game: str
    options: dict[str, object]
    seats: int  # players per match table
    rounds: int  # Swiss: rounds to play (round robin and knockout: as the format needs)
    min_players: int
    max_players: int
    signup_deadline: str = ""  # ISO 8601; "" none (the creator starts it)
    move_deadline: int = 0  # hours a match table's turn may take (0: the platform's default)
    timeout_policy: TimeoutPolicy = "bot"
    forfeits: ForfeitPolicy = "last"
    visibility: Visibility = "public"
    invitation: str = ""  # SHA-256 of the invitation code of a private tournament
    seed: str
    # The seed was the client's (self-play, `client_seeds`): the match tables' seeds derive
    # from it (`match_seed`) instead of being drawn secretly, so the games repeat too.
    chosen_seed: bool = False


class PlayerJoined(TournamentEvent, frozen=True, kw_only=True):
    """A player signed up."""

    player_id: str
    name: str
    rating: float = 0.0  # the rating the knockout seeds by (conservative estimate at sign-up)


class PlayerWithdrew(TournamentEvent, frozen=True, kw_only=True):
    """A player left: before the start the place is free; after it the player is paired no
    more and forfeits a match still being played."""

    player_id: str


class TournamentStarted(TournamentEvent, frozen=True, kw_only=True):
    """Sign-up closed; `seeding` lists the players, best seed first; `rounds` is how many
    rounds the format plays for that field (a knockout's, with no withdrawals)."""

    seeding: list[str]
    rounds: int


class Match(msgspec.Struct, frozen=True, kw_only=True):
    """One match table of a round: its id and its players in seat order."""

    table_id: str
    players: list[str]


class RoundPaired(TournamentEvent, frozen=True, kw_only=True):
    """A round's pairings: its match tables and the players with a bye (a bye scores as a
    win; in a knockout it advances)."""

    round: int
    matches: list[Match]
    byes: list[str] = []


class MatchTablesOpened(TournamentEvent, frozen=True, kw_only=True):
    """The process manager opened every table of the round (everyone seated, started)."""

    round: int


class ResultRecorded(TournamentEvent, frozen=True, kw_only=True):
    """A match table finished: each seat's rank (1 best; ties share a rank) and the seats
    that forfeited there."""

    table_id: str
    ranks: list[int]
    forfeited: list[int] = []


class MatchForfeited(TournamentEvent, frozen=True, kw_only=True):
    """A player forfeits a match not yet over (withdrawal): counted by the forfeit policy
    when its result comes."""

    table_id: str
    player_id: str


class MatchRescored(TournamentEvent, frozen=True, kw_only=True):
    """An arbiter's verdict on a dispute about a match table changed how the match counts:
    `annulled` or `replayed`, it counts for no one; `forfeit`, the player at `seat` loses
    it. The latest ruling on a match wins; `ranking` is the final order after it when the
    tournament is over already (else empty)."""

    table_id: str
    dispute_id: str
    verdict: Literal["annulled", "replayed", "forfeit"]
    seat: int | None = None
    ranking: list[str] = []


class TournamentFinished(TournamentEvent, frozen=True, kw_only=True):
    """The last round is over; `ranking` is the final order (standings with tie-breaks)."""

    ranking: list[str]


class TournamentCancelled(TournamentEvent, frozen=True, kw_only=True):
    """The creator cancelled the tournament before its start."""


TOURNAMENT_EVENTS: dict[str, type[TournamentEvent]] = {
    cls.__name__: cls
    for cls in (
        TournamentCreated,
        PlayerJoined,
        PlayerWithdrew,
        TournamentStarted,
        RoundPaired,
        MatchTablesOpened,
        ResultRecorded,
        MatchForfeited,
        MatchRescored,
        TournamentFinished,
        TournamentCancelled,
    )
}
