"""The fixed lists and the bounds of a dispute: what a player and an arbiter may send."""

from __future__ import annotations

from typing import Final, Literal

Reason = Literal["wrong_rule", "wrong_score", "timing", "abuse", "other"]
REASONS: Final = ("wrong_rule", "wrong_score", "timing", "abuse", "other")
Ruling = Literal["stands", "replayed", "annulled", "forfeit"]
RULINGS: Final = ("stands", "replayed", "annulled", "forfeit")
# Rulings that change a game's result: only once the game is over.
CHANGES_RESULT: Final = frozenset({"replayed", "annulled", "forfeit"})

MAX_TEXT: Final = 2000  # characters of a dispute's text or a statement
MAX_VERDICT_REASON: Final = 2000  # characters of a verdict's reason
PER_DAY: Final = 5  # disputes one player may open per UTC day
OPEN, SETTLED = "open", "settled"


def plain(text: str) -> str:
    """The text as kept: control characters but newline and tab dropped, ends trimmed.
    Clients show it escaped; it is never markup."""
    return "".join(c for c in text if c in "\n\t" or c.isprintable()).strip()
