"""The moves a Hera und Zeus player can submit; card ids name cards in the mover's hand."""

from __future__ import annotations

from typing import Literal

import msgspec

from shared.games.contract import GameMove


class HeraZeusOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Table options.

    `first`: who starts (Hera by the rules; the loser of the previous contest in a rematch).
    `figure_removal`: how a player removes his own figure: "action" (1 AP, the main rule)
    or "pegasus" (the authors' preferred optional rule: a Pegasus from the hand, 1 AP).
    """

    first: Literal["hera", "zeus"] = "hera"
    figure_removal: Literal["action", "pegasus"] = "action"


class PlaceOpening(GameMove, frozen=True, kw_only=True):
    """Setup: three cards from the hand face down as row 1, for columns 1, 2, 3 in order."""

    cards: tuple[int, ...]


class Draw(GameMove, frozen=True, kw_only=True):
    """1 AP: the top card of one's deck into the hand."""


class PlayCard(GameMove, frozen=True, kw_only=True):
    """1 AP: a card face down into a column at `position` (0 = row 1); the cards behind shift."""

    card: int
    column: int
    position: int


class Challenge(GameMove, frozen=True, kw_only=True):
    """1 AP: the own row-1 card of `column` challenges the opponent's row-1 card opposite."""

    column: int


class PlayHeraZeus(GameMove, frozen=True, kw_only=True):
    """0 AP: the Hera/Zeus card; the figure replaces row 1 of `column`, the column shifts back."""

    card: int
    column: int


class RemoveFigure(GameMove, frozen=True, kw_only=True):
    """1 AP: take one's own figure off the field (`pegasus`: the card used, optional rule)."""

    pegasus: int | None = None


class PegasusHand(GameMove, frozen=True, kw_only=True):
    """1 AP: Pegasus picks a random card from the opponent's hand."""

    card: int


class PegasusRow(GameMove, frozen=True, kw_only=True):
    """1 AP: Pegasus challenges the opponent's row-1 card or figure in `column`."""

    card: int
    column: int


class PythiaSpy(GameMove, frozen=True, kw_only=True):
    """1 AP: the opponent shows his hand; Poseidon and Nemesis found there are discarded."""

    card: int


class PythiaReveal(GameMove, frozen=True, kw_only=True):
    """1 AP: every face-down card of one opponent column is turned face up."""

    card: int
    column: int


class PlaySirens(GameMove, frozen=True, kw_only=True):
    """1 AP: take the top card of the opponent's discard pile (strength 1-7) into the hand."""

    card: int


class PlayHades(GameMove, frozen=True, kw_only=True):
    """1 AP: take any card of one's own discard pile (`take`) back into the hand."""

    card: int
    take: int


class PlayPersephone(GameMove, frozen=True, kw_only=True):
    """1 AP: take up to 3 Pegasus from one's own discard pile into the hand."""

    card: int


class PlayDionysus(GameMove, frozen=True, kw_only=True):
    """1 AP: move one own field card to `to_column` at `to_position` (counted after lifting it)."""

    card: int
    column: int
    position: int
    to_column: int
    to_position: int


class PlacePicked(GameMove, frozen=True, kw_only=True):
    """After a Pegasus pick of strength 2-7: the opponent column whose row 1 takes the card."""

    column: int


class DiscardNext(GameMove, frozen=True, kw_only=True):
    """After Pandora: the next of one's lost cards to go onto one's discard pile."""

    card: int


HeraZeusMove = (
    PlaceOpening
    | Draw
    | PlayCard
    | Challenge
    | PlayHeraZeus
    | RemoveFigure
    | PegasusHand
    | PegasusRow
    | PythiaSpy
    | PythiaReveal
    | PlaySirens
    | PlayHades
    | PlayPersephone
    | PlayDionysus
    | PlacePicked
    | DiscardNext
)
