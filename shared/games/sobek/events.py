"""Sobek's domain events (past tense). Cards some seats may not see are `CardRef`s.

A `CardRef` always carries the card's back; `redact` blanks its `id` for seats that may not
see the face, so the feed shows counts and backs only.
"""

from __future__ import annotations

import msgspec

from shared.games.contract import GameEvent


class CardRef(msgspec.Struct, frozen=True, kw_only=True, array_like=True):
    """A card that may be hidden: its back colour, and its id unless redacted."""

    back: str
    id: int | None = None


def ids(refs: tuple[CardRef, ...]) -> tuple[int, ...]:
    """The ids of full (unredacted) card references."""
    return tuple(r.id for r in refs if r.id is not None)


class RoundPrepared(GameEvent, frozen=True, kw_only=True):
    """A round is set up: green hands dealt, cards set aside, draw pile and 5 chips drawn.

    Round 1 names its random start player; later rounds name the player furthest behind,
    who chooses the start player (random among tied last players, online clarification).
    """

    round: int
    hands: tuple[tuple[CardRef, ...], ...]
    set_aside: tuple[CardRef, ...]
    pile: tuple[CardRef, ...]
    pile_size: int
    chips: tuple[int | None, ...]
    start_player: int | None = None
    chooser: int | None = None


class GoodsDelivered(GameEvent, frozen=True, kw_only=True):
    """Cards laid on the quays from the temple end; `row` lists them nearest field zero first."""

    delivery: int
    row: tuple[CardRef, ...]


class StartPlayerChosen(GameEvent, frozen=True, kw_only=True):
    """The player furthest behind chose who starts the round."""

    seat: int
    start: int


class TurnBegan(GameEvent, frozen=True, kw_only=True):
    """It is now this seat's turn (`flood`: an extra turn from the Flood chip)."""

    seat: int
    flood: bool = False


class CardTaken(GameEvent, frozen=True, kw_only=True):
    """A quay card went to a hand; the skipped cards before it went under the taker's pot."""

    seat: int
    position: int
    card: CardRef
    skipped: tuple[CardRef, ...] = ()
    merchant: bool = False
    shown: bool = False
    """Async variant: cards taken face up stay shown to everybody."""


class SetLaid(GameEvent, frozen=True, kw_only=True):
    """Cards laid face up as a new set (`onto` None) or added to the laid set `onto`."""

    seat: int
    cards: tuple[int, ...]
    onto: int | None
    goods: str | None


class CharacterPlayed(GameEvent, frozen=True, kw_only=True):
    """A character was played face up for its power (on `target`, if it has one)."""

    seat: int
    card: int
    character: str
    target: int | None = None


class CardsDrawn(GameEvent, frozen=True, kw_only=True):
    """Queen Sobek-Neferu: cards drawn face down from the draw pile."""

    seat: int
    cards: tuple[CardRef, ...]


class BribesRemoved(GameEvent, frozen=True, kw_only=True):
    """High Priest/Priestess: every card of one goods type left the player's own pot."""

    seat: int
    goods: str
    cards: tuple[CardRef, ...]
    shown: bool = False
    """Async variant: the removed cards are shown to everybody."""


class BribeTaken(GameEvent, frozen=True, kw_only=True):
    """Vizier: a card of the victim's pot went to the player's hand."""

    seat: int
    victim: int
    card: CardRef


class CardStolen(GameEvent, frozen=True, kw_only=True):
    """Thief: a card picked by its back went from the victim's hand to the thief's hand."""

    seat: int
    victim: int
    card: CardRef


class CardDiscarded(GameEvent, frozen=True, kw_only=True):
    """Scribe: a hand card went face down under the player's own pot."""

    seat: int
    card: CardRef


class CardsAdded(GameEvent, frozen=True, kw_only=True):
    """Courtesan: 1 or 2 hand cards added to one's laid set."""

    seat: int
    onto: int
    cards: tuple[int, ...]


class KollegiumMoved(GameEvent, frozen=True, kw_only=True):
    """Kollegium: the player moved to the next field of the symbol, the target back to one."""

    seat: int
    chip: int
    symbol: str
    score_from: int
    score_to: int
    target: int | None = None
    target_from: int | None = None
    target_to: int | None = None


class FloodChosen(GameEvent, frozen=True, kw_only=True):
    """Flood: the player takes another full turn at once."""

    seat: int
    chip: int


class CurseLaid(GameEvent, frozen=True, kw_only=True):
    """Curse: the chip lies before the target and counts as 2 bribery cards this round."""

    seat: int
    chip: int
    target: int


class ProsperityPlaced(GameEvent, frozen=True, kw_only=True):
    """Prosperity: the chip lies on the player's set `onto` (+2 scarabs), or is set aside."""

    seat: int
    chip: int
    onto: int | None = None


class PotEmbalmed(GameEvent, frozen=True, kw_only=True):
    """Embalming: the player's whole pot went to their hand."""

    seat: int
    chip: int
    cards: tuple[CardRef, ...]


class VillainyScored(GameEvent, frozen=True, kw_only=True):
    """Villainy: one point per card under the player's pot; the cards stay."""

    seat: int
    chip: int
    points: int
    score_from: int
    score_to: int


class RoundEnded(GameEvent, frozen=True, kw_only=True):
    """The last card of the last delivery was taken: sets may now be laid sideways."""

    round: int


class SidewaysSetLaid(GameEvent, frozen=True, kw_only=True):
    """Round end: a set laid sideways (scores its scarabs only)."""

    seat: int
    cards: tuple[int, ...]
    goods: str | None


class LayingFinished(GameEvent, frozen=True, kw_only=True):
    """Round end: the player lays no more sideways sets."""

    seat: int


class HandsBribed(GameEvent, frozen=True, kw_only=True):
    """Round end: every card left in a hand went under its owner's pot."""

    hands: tuple[tuple[CardRef, ...], ...]


class RoundScored(GameEvent, frozen=True, kw_only=True):
    """Each player's set points this round, new scores, bribery counts (curses included)."""

    round: int
    points: tuple[int, ...]
    scores: tuple[int, ...]
    bribes: tuple[int, ...]
    bribe_scarabs: tuple[int, ...]


class BriberyPenalty(GameEvent, frozen=True, kw_only=True):
    """The most corrupt player moved back one field of the landing symbol per full 10 points."""

    seat: int
    round_points: int
    tens: int
    symbol: str
    score_from: int
    score_to: int


class GameEnded(GameEvent, frozen=True, kw_only=True):
    """The game is over; the leaders share the win."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


SobekEvent = (
    RoundPrepared
    | GoodsDelivered
    | StartPlayerChosen
    | TurnBegan
    | CardTaken
    | SetLaid
    | CharacterPlayed
    | CardsDrawn
    | BribesRemoved
    | BribeTaken
    | CardStolen
    | CardDiscarded
    | CardsAdded
    | KollegiumMoved
    | FloodChosen
    | CurseLaid
    | ProsperityPlaced
    | PotEmbalmed
    | VillainyScored
    | RoundEnded
    | SidewaysSetLaid
    | LayingFinished
    | HandsBribed
    | RoundScored
    | BriberyPenalty
    | GameEnded
)
"""Every Sobek event."""
