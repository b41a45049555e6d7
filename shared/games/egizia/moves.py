"""Egizia moves: imperative, small, one decision each."""

from __future__ import annotations

from shared.games.contract import GameMove


class PlaceShip(GameMove, frozen=True, kw_only=True):
    """Phase 2: put a ship on a stop; at a site a free berth, or None for the reserve."""

    stop: int
    berth: int | None = None
    doubled: bool = False


class PlayNileCard(GameMove, frozen=True, kw_only=True):
    """Play an anytime card or a once-a-round permanent card, with what it needs."""

    card: int
    crew: int | None = None
    site: int | None = None
    field: int | None = None
    count: int | None = None


class EndTurn(GameMove, frozen=True, kw_only=True):
    """Finish the Nile turn without playing a further card."""


class AdvanceCrew(GameMove, frozen=True, kw_only=True):
    """Answer a crew choice: move this crew one field right."""

    crew: int


class MoveWaterRing(GameMove, frozen=True, kw_only=True):
    """Answer a ring choice: -1 left, +1 right, 0 leave it."""

    direction: int


class TakeLeftoverCard(GameMove, frozen=True, kw_only=True):
    """End of phase 2, "remaining card" card: take a field's card, or None to skip."""

    field: int | None = None


class TradeStonesForGrain(GameMove, frozen=True, kw_only=True):
    """Feeding with the stones-for-grain card: pay stones 1:1 for grain."""

    count: int


class AcceptFeeding(GameMove, frozen=True, kw_only=True):
    """Feeding: use no (further) card and take the penalty for the missing grain."""


class AssignCrew(GameMove, frozen=True, kw_only=True):
    """Building: add a crew (0-2 normal, 3 joker) to this build."""

    crew: int


class PassBuild(GameMove, frozen=True, kw_only=True):
    """Building: give up the place; the ship leaves the site."""


class DrawSphinxCards(GameMove, frozen=True, kw_only=True):
    """Sphinx: pay this many stones and draw (two more with the +2 card, at most 5)."""

    count: int


class KeepSphinxCards(GameMove, frozen=True, kw_only=True):
    """Sphinx: keep these drawn cards (0, 1, or 2 with the card); the rest go under the deck."""

    cards: tuple[int, ...] = ()


class BuildObelisk(GameMove, frozen=True, kw_only=True):
    """Obelisk/Tombs: a stone on the lowest free obelisk field."""


class TakeTomb(GameMove, frozen=True, kw_only=True):
    """Obelisk/Tombs: take the first open tomb tile."""


class BuildPyramid(GameMove, frozen=True, kw_only=True):
    """Pyramid/Temple: a stone on the leftmost free field of this pyramid row (0 = bottom)."""

    row: int


class BuildTemple(GameMove, frozen=True, kw_only=True):
    """Pyramid/Temple: a stone on this temple field (whose lower fields are built)."""

    field: int


class FinishBuild(GameMove, frozen=True, kw_only=True):
    """End the build; after Obelisk/Tombs move the stone-sale or grain-market marker down."""

    marker: str | None = None


EgiziaMove = (
    PlaceShip
    | PlayNileCard
    | EndTurn
    | AdvanceCrew
    | MoveWaterRing
    | TakeLeftoverCard
    | TradeStonesForGrain
    | AcceptFeeding
    | AssignCrew
    | PassBuild
    | DrawSphinxCards
    | KeepSphinxCards
    | BuildObelisk
    | TakeTomb
    | BuildPyramid
    | BuildTemple
    | FinishBuild
)
