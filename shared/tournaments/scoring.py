"""What a match is worth: each player's ranks after the forfeit policy, and match points.

Match points generalise chess scoring to tables of any size: a player scores 1 for each
opponent at the table ranked below, 0.5 for each ranked level, 0 for each above (a 2-player
game: win 1, draw 0.5, loss 0; a 4-player game: 3, 2, 1, 0 for places 1-4). A bye scores
as a win against everyone a full table would have held (`seats - 1`).

An arbiter's ruling (`MatchRescored`) overrides the table: a match `annulled` or `replayed`
counts for no one (no points, not played, no winner), a `forfeit` ranks the player it names
below everyone else at the table, whatever the forfeit policy.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from msgspec.structs import replace

from shared.tournaments.events import ForfeitPolicy
from shared.tournaments.state import MatchRecord


def effective_ranks(match: MatchRecord, policy: ForfeitPolicy) -> tuple[int, ...]:
    """The match's ranks per seat as the tournament counts them: with "last", every seat
    that forfeited is ranked below every seat that did not (their game order kept); a
    player an arbiter ruled out is ranked so whatever the policy."""
    assert match.ranks is not None
    out = set(match.ruled_out) | (set(match.forfeited) if policy == "last" else set())
    if not out:
        return match.ranks
    keys = [(match.players[seat] in out, match.ranks[seat]) for seat in range(len(match.players))]
    return tuple(1 + sum(1 for other in keys if other < key) for key in keys)


def pair_scores(match: MatchRecord, policy: ForfeitPolicy) -> Iterator[tuple[str, str, float]]:
    """(player, opponent, the player's score against that opponent) for every ordered pair
    of a finished match: 1 ranked above, 0.5 level, 0 below (none for a void match)."""
    if match.is_void:
        return
    ranks = effective_ranks(match, policy)
    for a, pa in enumerate(match.players):
        for b, pb in enumerate(match.players):
            if a != b:
                yield pa, pb, 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0


def match_points(match: MatchRecord, policy: ForfeitPolicy) -> dict[str, float]:
    """Each player's match points at a finished match."""
    points = dict.fromkeys(match.players, 0.0)
    for player, _, score in pair_scores(match, policy):
        points[player] += score
    return points


def winners(match: MatchRecord, policy: ForfeitPolicy) -> tuple[str, ...]:
    """The players ranked first at a finished match (none at a void one)."""
    if match.is_void:
        return ()
    ranks = effective_ranks(match, policy)
    best = min(ranks)
    return tuple(p for p, r in zip(match.players, ranks, strict=True) if r == best)


def advancer(match: MatchRecord, policy: ForfeitPolicy, seeding: Sequence[str]) -> str | None:
    """Who goes through from a knockout match: the best ranked, a tie going to the better
    seed (a forfeit always loses: "last" applies whatever the tournament's policy). A
    ruling decides it only if it came before the next round was paired (else the bracket
    stands as played); a void match sends no one through."""
    del policy  # a knockout cannot count a forfeit as played: someone must go through
    if match.ruling and not match.bracket_follows:
        match = replace(match, ruling="", ruled_out=())
    if match.is_void:
        return None
    ranks = effective_ranks(match, "last")
    order = {p: i for i, p in enumerate(seeding)}
    return min(zip(match.players, ranks, strict=True), key=lambda pr: (pr[1], order.get(pr[0], 0)))[
        0
    ]
