"""Hera und Zeus events: the facts of a game; `redact` hides what a seat may not see.

Card ids are None (or lists empty, with their `count` kept) only in redacted copies.
"""

from __future__ import annotations

from shared.games.contract import GameEvent


class HandDealt(GameEvent, frozen=True, kw_only=True):
    """The top cards of a seat's deck became its starting hand."""

    seat: int
    count: int
    cards: tuple[int, ...] = ()


class DeckShuffled(GameEvent, frozen=True, kw_only=True):
    """A seat's deck was shuffled into `order` (top first); nobody sees the order."""

    seat: int
    count: int
    order: tuple[int, ...] = ()


class HostageShown(GameEvent, frozen=True, kw_only=True):
    """The hostage was among the first 9 cards: shown, and put back into the deck."""

    seat: int
    card: int


class CardDrawn(GameEvent, frozen=True, kw_only=True):
    """The top card of a seat's deck went to its hand."""

    seat: int
    card: int | None = None


class OpeningPlaced(GameEvent, frozen=True, kw_only=True):
    """A seat laid its first row face down, columns 1..3 in order."""

    seat: int
    count: int
    cards: tuple[int, ...] = ()


class TurnBegan(GameEvent, frozen=True, kw_only=True):
    """A seat's turn began with `ap` action points (its `turn`-th turn)."""

    seat: int
    turn: int
    ap: int


class ActionTaken(GameEvent, frozen=True, kw_only=True):
    """An action was announced; the turn now has `ap_total` points, `ap_left` still to spend."""

    seat: int
    action: str
    ap_total: int
    ap_left: int


class CardPlayed(GameEvent, frozen=True, kw_only=True):
    """A card went face down into a column at `position`; the cards behind shifted back."""

    seat: int
    column: int
    position: int
    card: int | None = None


class Challenged(GameEvent, frozen=True, kw_only=True):
    """Row-1 `attacker` of `seat` challenged the opponent's row-1 `defender`: both face up."""

    seat: int
    column: int
    attacker: int
    defender: int


class FieldCardLost(GameEvent, frozen=True, kw_only=True):
    """A field card went face up onto its owner's discard pile; the column closed up."""

    seat: int
    column: int
    position: int
    card: int


class FigurePlaced(GameEvent, frozen=True, kw_only=True):
    """A seat's figure took row 1 of a column; the column's cards shifted back."""

    seat: int
    column: int


class FigureRemoved(GameEvent, frozen=True, kw_only=True):
    """A seat's figure left row 1 of a column; the cards behind moved forward."""

    seat: int
    column: int


class MythPlayed(GameEvent, frozen=True, kw_only=True):
    """A card was played from the hand for its power and went onto the discard pile."""

    seat: int
    card: int
    power: str


class CardPicked(GameEvent, frozen=True, kw_only=True):
    """Pegasus drew `card` at random from the victim's hand; everybody sees it."""

    seat: int
    victim: int
    card: int


class PickedCardLost(GameEvent, frozen=True, kw_only=True):
    """The picked card went onto its holder's discard pile."""

    seat: int
    card: int


class PickedCardPlaced(GameEvent, frozen=True, kw_only=True):
    """The picked card went face up into row 1 of one of its holder's columns."""

    seat: int
    column: int
    card: int


class HandLost(GameEvent, frozen=True, kw_only=True):
    """Pandora was picked: the rest of the hand is lost, face up, its owner orders the pile."""

    seat: int
    cards: tuple[int, ...]


class BoxOpened(GameEvent, frozen=True, kw_only=True):
    """Pandora: every card of a column, both sides, is lost face up (`lost[seat]`, front first);
    each owner then orders his own pile."""

    column: int
    lost: tuple[tuple[int, ...], ...]


class CardDiscarded(GameEvent, frozen=True, kw_only=True):
    """A lost card awaiting its place (after Pandora) went onto its owner's discard pile."""

    seat: int
    card: int


class HandShown(GameEvent, frozen=True, kw_only=True):
    """Pythia: `seat` showed its hand to `to` (only those two see the cards)."""

    seat: int
    to: int
    count: int
    cards: tuple[int, ...] = ()


class HandCardLost(GameEvent, frozen=True, kw_only=True):
    """A hand card (Poseidon or Nemesis found by Pythia) went onto the discard pile."""

    seat: int
    card: int


class CardsRevealed(GameEvent, frozen=True, kw_only=True):
    """Face-down cards of a column turned face up: (position, card) pairs."""

    seat: int
    column: int
    cards: tuple[tuple[int, int], ...]


class CardTaken(GameEvent, frozen=True, kw_only=True):
    """`card` went from the discard pile of `source` into the hand of `seat`."""

    seat: int
    source: int
    card: int


class CardMoved(GameEvent, frozen=True, kw_only=True):
    """Dionysus: a field card moved (the position after it is lifted out counts)."""

    seat: int
    column: int
    position: int
    to_column: int
    to_position: int


class GameWon(GameEvent, frozen=True, kw_only=True):
    """The game is over: `winner` won, for `reason`."""

    winner: int
    reason: str


HeraZeusEvent = (
    HandDealt
    | DeckShuffled
    | HostageShown
    | CardDrawn
    | OpeningPlaced
    | TurnBegan
    | ActionTaken
    | CardPlayed
    | Challenged
    | FieldCardLost
    | FigurePlaced
    | FigureRemoved
    | MythPlayed
    | CardPicked
    | PickedCardLost
    | PickedCardPlaced
    | HandLost
    | BoxOpened
    | CardDiscarded
    | HandShown
    | HandCardLost
    | CardsRevealed
    | CardTaken
    | CardMoved
    | GameWon
)
