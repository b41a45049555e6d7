"""The rating a player brings to a tournament: the conservative skill estimate of its game."""

from __future__ import annotations

from shared.readmodels.db import ReadModelDB
from shared.standings.skill import Skill


def rating_of(db: ReadModelDB, game: str, player_id: str) -> float:
    """mu - 3 sigma of the player's skill in the game (0.0 for a player never rated)."""
    rows = db.query(
        "SELECT mu, sigma FROM rm_skills WHERE game = ? AND player_id = ?", (game, player_id)
    )
    if not rows:
        return 0.0
    return round(Skill(mu=float(rows[0][0]), sigma=float(rows[0][1])).conservative, 4)
