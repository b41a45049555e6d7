"""The scoreboard: a fold of finished-game results into per-player results, standings, ratings.

Ratings are pairwise Elo: a game of n players counts as n(n-1)/2 duels decided by the final
ranking (a better rank wins, equal ranks draw). With R the ratings before the game,
E(i, j) = 1 / (1 + 10 ** ((R_j - R_i) / 400)) and S(i, j) in {1, 0.5, 0}, seat i moves by
K / (n - 1) * sum over j != i of (S(i, j) - E(i, j)), with K = 32 and 1500 to start.
Dividing by n - 1 keeps a multiplayer game worth one two-player game. Results are applied in
the order the games ended (their position in the event log), so a rebuild gives the same
ratings as live consumption. Beside Elo, each game keeps Plackett-Luce skills made for
ranked outcomes of several players, with their uncertainty (`shared.standings.skill`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from shared.bots.seats import bot_of
from shared.standings import skill
from shared.standings.skill import Skill

INITIAL_RATING = 1500.0
K_FACTOR = 32.0


class Result(msgspec.Struct, frozen=True, kw_only=True):
    """The result of one finished game: who sat where, scores, ranks, winners, forfeits."""

    table_id: str
    game: str
    position: int  # the event-log position of the game's last event
    players: list[str]
    names: list[str]
    scores: list[int]
    ranks: list[int]
    winners: list[int]
    forfeited: list[int] = []
    # a private table's game: in its players' results only, never in standings or ratings
    private: bool = False


class PlayerResult(msgspec.Struct, frozen=True, kw_only=True):
    """One finished game as one player sees it in their history."""

    table_id: str
    game: str
    seat: int
    score: int
    rank: int
    won: bool
    forfeited: bool
    players: int


class Standing(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A player's record in one game: games, wins, average score."""

    player_id: str
    name: str
    games: int
    wins: int
    average_score: float
    bot: bool = False  # a bot account (docs/bots.md); left out when False


class Rating(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A player's pairwise-Elo rating in one game."""

    player_id: str
    name: str
    rating: float
    games: int
    bot: bool = False  # a bot account (docs/bots.md); left out when False


class SkillRating(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A player's Plackett-Luce skill in one game: the conservative estimate (mu - 3 sigma)
    that the leaderboard sorts by, its mean and uncertainty."""

    player_id: str
    name: str
    conservative: float
    mu: float
    sigma: float
    games: int
    bot: bool = False  # a bot account (docs/bots.md); left out when False


@dataclass
class _Tally:
    name: str
    games: int = 0
    wins: int = 0
    total: int = 0


@dataclass
class Scoreboard:
    """Every result, and the standings and ratings they add up to."""

    results: dict[str, Result] = field(default_factory=dict)
    by_player: dict[str, list[PlayerResult]] = field(default_factory=dict)
    tallies: dict[str, dict[str, _Tally]] = field(default_factory=dict)
    ratings: dict[str, dict[str, float]] = field(default_factory=dict)
    rated_games: dict[str, dict[str, int]] = field(default_factory=dict)
    skills: dict[str, dict[str, Skill]] = field(default_factory=dict)  # Plackett-Luce

    def add(self, result: Result) -> bool:
        """Count a finished game once (a repeat is ignored); True when it was new."""
        if result.table_id in self.results:
            return False
        self.results[result.table_id] = result
        tallies = self.tallies.setdefault(result.game, {})
        for seat, player in enumerate(result.players):
            won = seat in result.winners
            self.by_player.setdefault(player, []).append(
                PlayerResult(
                    table_id=result.table_id,
                    game=result.game,
                    seat=seat,
                    score=result.scores[seat],
                    rank=result.ranks[seat],
                    won=won,
                    forfeited=seat in result.forfeited,
                    players=len(result.players),
                )
            )
            if result.private:
                continue
            tally = tallies.setdefault(player, _Tally(name=result.names[seat]))
            tally.name = result.names[seat]
            tally.games += 1
            tally.wins += int(won)
            tally.total += result.scores[seat]
        self._rate(result)
        return True

    def _rate(self, result: Result) -> None:
        if len(result.players) < 2 or result.private:
            return
        table = self.ratings.setdefault(result.game, {})
        counts = self.rated_games.setdefault(result.game, {})
        before = [table.get(p, INITIAL_RATING) for p in result.players]
        for player, rating in zip(result.players, elo(before, result.ranks), strict=True):
            table[player] = rating
            counts[player] = counts.get(player, 0) + 1
        skills = self.skills.setdefault(result.game, {})
        prior = [skills.get(p) or skill.initial() for p in result.players]
        for player, rated in zip(result.players, skill.rate(prior, result.ranks), strict=True):
            skills[player] = rated

    def player_results(self, player_id: str) -> list[PlayerResult]:
        """A player's finished games, oldest first."""
        return list(self.by_player.get(player_id, []))

    def standings(self, game: str) -> list[Standing]:
        """The players of a game by wins, then average score, then name."""
        rows = [
            Standing(
                player_id=player,
                name=t.name,
                games=t.games,
                wins=t.wins,
                average_score=round(t.total / t.games, 3),
                bot=bot_of(player) is not None,
            )
            for player, t in self.tallies.get(game, {}).items()
        ]
        return sorted(rows, key=lambda s: (-s.wins, -s.average_score, s.name, s.player_id))

    def rating_table(self, game: str) -> list[Rating]:
        """The players of a game by rating, best first."""
        names = {p: t.name for p, t in self.tallies.get(game, {}).items()}
        counts = self.rated_games.get(game, {})
        rows = [
            Rating(
                player_id=p,
                name=names.get(p, ""),
                rating=round(r, 2),
                games=counts.get(p, 0),
                bot=bot_of(p) is not None,
            )
            for p, r in self.ratings.get(game, {}).items()
        ]
        return sorted(rows, key=lambda r: (-r.rating, r.name, r.player_id))


def leaderboard_of(board: Scoreboard, game: str) -> list[SkillRating]:
    """The players of a game by conservative skill estimate, best first."""
    names = {p: t.name for p, t in board.tallies.get(game, {}).items()}
    counts = board.rated_games.get(game, {})
    rows = [
        SkillRating(
            player_id=p,
            name=names.get(p, ""),
            mu=round(s.mu, 4),
            sigma=round(s.sigma, 4),
            conservative=round(s.conservative, 4),
            games=counts.get(p, 0),
            bot=bot_of(p) is not None,
        )
        for p, s in board.skills.get(game, {}).items()
    ]
    return sorted(rows, key=lambda r: (-r.conservative, r.name, r.player_id))


def elo(before: list[float], ranks: list[int]) -> list[float]:
    """The seats' ratings after a game of two or more seats (see the module docstring)."""
    n = len(before)
    after = []
    for i in range(n):
        total = 0.0
        for j in range(n):
            if i == j:
                continue
            expected = 1.0 / (1.0 + 10 ** ((before[j] - before[i]) / 400.0))
            total += _duel(ranks[i], ranks[j]) - expected
        after.append(before[i] + K_FACTOR / (n - 1) * total)
    return after


def _duel(rank: int, other: int) -> float:
    if rank < other:
        return 1.0
    if rank == other:
        return 0.5
    return 0.0


def board_of(results: list[Result]) -> Scoreboard:
    """A scoreboard built from results in the order the games ended."""
    board = Scoreboard()
    for result in sorted(results, key=lambda r: (r.position, r.table_id)):
        board.add(result)
    return board
