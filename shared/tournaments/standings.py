"""Standings with the usual tie-breaks, a pure function of a tournament's state.

Order: match points first; then, by format,
- Swiss: Buchholz (the sum of the points of every opponent met), then Sonneborn-Berger
  (the sum over meetings of the score against that opponent times the opponent's points);
- round robin: head-to-head (the points scored against the other players on the same
  points), then Sonneborn-Berger;
- knockout: the round a player reached (the champion's is one beyond the final), then points;
and last the seeding, so the order is total and the same on every replay.
"""

from __future__ import annotations

from collections import defaultdict

import msgspec

from shared.tournaments import scoring
from shared.tournaments.state import TournamentState


class TournamentStanding(msgspec.Struct, frozen=True, kw_only=True):
    """One player's line in the standings."""

    rank: int
    player_id: str
    name: str
    points: float
    played: int
    wins: int
    byes: int
    buchholz: float
    sonneborn_berger: float
    head_to_head: float
    reached: int  # knockout: the round reached (0 for other formats)
    withdrawn: bool


def standings(state: TournamentState) -> list[TournamentStanding]:
    """Every player who started (or signed up, before the start), best first."""
    created = state.created
    policy = created.forfeits
    players = list(state.seeding) or [e.player_id for e in state.entrants]
    points: dict[str, float] = dict.fromkeys(players, 0.0)
    played: dict[str, int] = dict.fromkeys(players, 0)
    wins: dict[str, int] = dict.fromkeys(players, 0)
    byes: dict[str, int] = dict.fromkeys(players, 0)
    reached: dict[str, int] = dict.fromkeys(players, 0)
    against: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for round_number, player in state.byes:
        points[player] += created.seats - 1
        byes[player] += 1
        reached[player] = max(reached[player], round_number + 1)
    for match in state.matches:
        for player in match.players:
            reached[player] = max(reached[player], match.round)
        if not match.is_over:
            continue
        advancing = scoring.advancer(match, policy, players)
        if advancing is not None:
            reached[advancing] = match.round + 1
        if match.is_void:  # ruled to count for no one
            continue
        for player, value in scoring.match_points(match, policy).items():
            points[player] += value
            played[player] += 1
        for player in scoring.winners(match, policy):
            wins[player] += 1
        for player, opponent, score in scoring.pair_scores(match, policy):
            against[player].append((opponent, score))
    buchholz = {p: sum(points[o] for o, _ in against[p]) for p in players}
    sonneborn = {p: sum(s * points[o] for o, s in against[p]) for p in players}
    head = _head_to_head(players, points, against)
    seed_index = {p: i for i, p in enumerate(players)}
    fmt = created.format

    def key(p: str) -> tuple[float, ...]:
        if fmt == "swiss":
            return (-points[p], -buchholz[p], -sonneborn[p], seed_index[p])
        if fmt == "round-robin":
            return (-points[p], -head[p], -sonneborn[p], seed_index[p])
        return (-reached[p], -points[p], seed_index[p])

    names = {e.player_id: e.name for e in state.entrants}
    ordered = sorted(players, key=key)
    return [
        TournamentStanding(
            rank=i + 1,
            player_id=p,
            name=names.get(p, ""),
            points=points[p],
            played=played[p],
            wins=wins[p],
            byes=byes[p],
            buchholz=buchholz[p],
            sonneborn_berger=sonneborn[p],
            head_to_head=head[p],
            reached=reached[p] if fmt == "knockout" else 0,
            withdrawn=p in state.withdrawn,
        )
        for i, p in enumerate(ordered)
    ]


def _head_to_head(
    players: list[str], points: dict[str, float], against: dict[str, list[tuple[str, float]]]
) -> dict[str, float]:
    """Each player's score against the others on the same points."""
    level: dict[float, set[str]] = defaultdict(set)
    for p in players:
        level[points[p]].add(p)
    return {p: sum(s for o, s in against[p] if o in level[points[p]] and o != p) for p in players}
