"""Ratings made for ranked outcomes of several players: Plackett-Luce (Weng-Lin, `openskill`).

Pairwise Elo (`board.elo`) turns a game of n players into n(n-1)/2 duels, which overcounts a
single result and says nothing about how sure it is. The Plackett-Luce model rates the whole
ranking at once and keeps each player's uncertainty: a rating is a mean `mu` and a standard
deviation `sigma`; leaderboards sort by the conservative estimate `mu - 3 sigma` (openskill's
`ordinal`), so a newcomer with one lucky win does not top a regular. Equal ranks are ties.
The model is openskill's default Plackett-Luce (mu 25, sigma 25/3, beta 25/6, tau 25/300),
deterministic: a rebuild folding the same results in the same order gives the same numbers.
"""

from __future__ import annotations

import functools

import msgspec
from openskill.models import PlackettLuce

CONSERVATIVE_SIGMAS = 3.0


class Skill(msgspec.Struct, frozen=True, kw_only=True):
    """A player's skill in one game: mean and uncertainty."""

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """The estimate a leaderboard shows: mu - 3 sigma (openskill's ordinal)."""
        return self.mu - CONSERVATIVE_SIGMAS * self.sigma


@functools.cache
def model() -> PlackettLuce:
    """The rating model (openskill's defaults)."""
    return PlackettLuce()


def initial() -> Skill:
    """A new player's skill."""
    rating = model().rating()
    return Skill(mu=rating.mu, sigma=rating.sigma)


def rate_teams(teams: list[list[Skill]], ranks: list[int]) -> list[list[Skill]]:
    """Skills after a game between teams, ranked (1 best, equal ranks tie)."""
    m = model()
    rated = m.rate(
        [[m.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams],
        ranks=[float(r) for r in ranks],
    )
    return [[Skill(mu=r.mu, sigma=r.sigma) for r in team] for team in rated]


def rate(before: list[Skill], ranks: list[int]) -> list[Skill]:
    """Each seat's skill after a game of several players, each on its own."""
    return [team[0] for team in rate_teams([[s] for s in before], ranks)]
