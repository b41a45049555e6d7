"""What the API shows of a tournament: its summary (lists), its detail (rounds, tables)."""

from __future__ import annotations

from typing import Any

import msgspec

from shared.tournaments import scoring
from shared.tournaments.events import ForfeitPolicy, Format
from shared.tournaments.standings import TournamentStanding, standings
from shared.tournaments.state import Status, TournamentState


class TournamentSummary(msgspec.Struct, frozen=True, kw_only=True):
    """A tournament in a list."""

    tournament_id: str
    name: str
    format: Format
    game: str
    seats: int
    status: Status
    creator: str
    players: int
    min_players: int
    max_players: int
    rounds: int  # 0 until the start fixes it (Swiss: as asked)
    round: int
    visibility: str
    signup_deadline: str
    version: int


class MatchView(msgspec.Struct, frozen=True, kw_only=True):
    """A match table of a round: its players (seat order) and, once over, their ranks and
    match points; an arbiter's ruling on it (`annulled`, `replayed`: it counts for no one;
    `forfeit`: `ruled_out` lost it), "" none."""

    table_id: str
    players: list[str]
    names: list[str]
    opened: bool
    ranks: list[int] | None
    points: list[float] | None
    forfeited: list[str]
    ruling: str = ""
    ruled_out: list[str] = []


class RoundView(msgspec.Struct, frozen=True, kw_only=True):
    """One round: its tables and byes."""

    round: int
    matches: list[MatchView]
    byes: list[str]


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    """A player signed up."""

    player_id: str
    name: str
    rating: float
    withdrawn: bool


class TournamentView(msgspec.Struct, frozen=True, kw_only=True):
    """A tournament in full: settings, players, rounds, the final ranking."""

    summary: TournamentSummary
    options: dict[str, Any]
    forfeits: ForfeitPolicy
    timeout_policy: str
    move_deadline: int
    seed: str  # public: every pairing derives from it and the results
    players: list[Entry]
    seeding: list[str]
    rounds: list[RoundView]
    ranking: list[str]
    standings: list[TournamentStanding]


def summary_of(state: TournamentState) -> TournamentSummary:
    """The list row of a tournament."""
    c = state.created
    return TournamentSummary(
        tournament_id=state.tournament_id, name=c.name, format=c.format, game=c.game,
        seats=c.seats, status=state.status, creator=c.creator, players=len(state.entrants),
        min_players=c.min_players, max_players=c.max_players,
        rounds=state.rounds or c.rounds, round=state.round, visibility=c.visibility,
        signup_deadline=c.signup_deadline, version=state.version,
    )  # fmt: skip


def view_of(state: TournamentState) -> TournamentView:
    """The whole tournament as the API shows it."""
    c = state.created
    names = {e.player_id: e.name for e in state.entrants}
    rounds = []
    for number in range(1, state.round + 1):
        matches = []
        for m in state.round_matches(number):
            points = scoring.match_points(m, c.forfeits) if m.is_over else None
            matches.append(
                MatchView(
                    table_id=m.table_id,
                    players=list(m.players),
                    names=[names.get(p, "") for p in m.players],
                    opened=number in state.opened,
                    ranks=list(m.ranks) if m.ranks is not None else None,
                    points=[points[p] for p in m.players] if points is not None else None,
                    forfeited=list(m.forfeited),
                    ruling=m.ruling,
                    ruled_out=list(m.ruled_out),
                )
            )
        byes = [p for r, p in state.byes if r == number]
        rounds.append(RoundView(round=number, matches=matches, byes=byes))
    return TournamentView(
        summary=summary_of(state), options=dict(c.options), forfeits=c.forfeits,
        timeout_policy=c.timeout_policy, move_deadline=c.move_deadline, seed=c.seed,
        players=[
            Entry(player_id=e.player_id, name=e.name, rating=e.rating,
                  withdrawn=e.player_id in state.withdrawn)
            for e in state.entrants
        ],
        seeding=list(state.seeding), rounds=rounds, ranking=list(state.ranking),
        standings=standings(state),
    )  # fmt: skip
