"""The moves a Sobek player can submit (imperative, in the rulebook's words)."""

from __future__ import annotations

from typing import Literal

import msgspec

from shared.games.contract import GameMove


class SobekOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options: the original rules (hidden hands and pots) or the async variant."""

    variant: Literal["original", "async"] = "original"


class ChooseStartPlayer(GameMove, frozen=True, kw_only=True):
    """The player furthest behind names the start player of the round (may be themself)."""

    seat: int


class TakeCard(GameMove, frozen=True, kw_only=True):
    """Take one of the 4 available quay cards (0 = nearest field zero); skipped cards are bribes."""

    position: int


class LaySet(GameMove, frozen=True, kw_only=True):
    """Lay at least 3 cards of one goods type, as a new set or (`onto`) added to a laid set."""

    cards: tuple[int, ...]
    onto: int | None = None


class PlayQueen(GameMove, frozen=True, kw_only=True):
    """Queen Sobek-Neferu: draw 3 cards face down from the draw pile."""

    card: int


class PlayHighPriest(GameMove, frozen=True, kw_only=True):
    """High Priest or High Priestess: remove one goods type from one's own bribery pot."""

    card: int
    goods: str


class PlayVizier(GameMove, frozen=True, kw_only=True):
    """Vizier: look through an opponent's pot to take one card (None: no pot holds a card)."""

    card: int
    victim: int | None = None


class PlayScribe(GameMove, frozen=True, kw_only=True):
    """Scribe: every other player reduces their hand to 6 cards."""

    card: int


class PlayThief(GameMove, frozen=True, kw_only=True):
    """Thief: take a card of that back from an opponent's hand (None: all hands are empty)."""

    card: int
    victim: int | None = None
    back: str | None = None


class PlayCourtesan(GameMove, frozen=True, kw_only=True):
    """Courtesan: add 1 or 2 hand cards to one's laid set `onto` (None: nothing fits)."""

    card: int
    onto: int | None = None
    cards: tuple[int, ...] = ()


class PlayMerchant(GameMove, frozen=True, kw_only=True):
    """Merchant: take any quay card without bribery (None: the quays are empty)."""

    card: int
    position: int | None = None


class ChooseEvent(GameMove, frozen=True, kw_only=True):
    """Pick one of the round's remaining event chips after laying a set, with its target.

    `target` is the opponent for Kollegium and Curse; `onto` is one's set for Prosperity.
    """

    chip: int
    target: int | None = None
    onto: int | None = None


class TakeBribe(GameMove, frozen=True, kw_only=True):
    """Vizier, second step: the card taken from the opponent's pot after looking through it."""

    card: int


class DiscardCard(GameMove, frozen=True, kw_only=True):
    """Scribe: put one hand card face down under one's own pot (until 6 are left)."""

    card: int


class LaySidewaysSet(GameMove, frozen=True, kw_only=True):
    """Round end: lay a set of at least 3 hand cards sideways (scores its scarabs only)."""

    cards: tuple[int, ...]


class FinishLaying(GameMove, frozen=True, kw_only=True):
    """Round end: lay no more sideways sets; the rest of the hand goes to the pot."""


SobekMove = (
    ChooseStartPlayer
    | TakeCard
    | LaySet
    | PlayQueen
    | PlayHighPriest
    | PlayVizier
    | PlayScribe
    | PlayThief
    | PlayCourtesan
    | PlayMerchant
    | ChooseEvent
    | TakeBribe
    | DiscardCard
    | LaySidewaysSet
    | FinishLaying
)
"""Every Sobek move."""
