"""Istanbul events: the facts of a game; `redact` hides what a seat may not see.

Hidden parts are emptied only in redacted copies: a shuffled order (`order`), and the kind
of a bonus card drawn from the face-down deck (`card` None) for everyone but its drawer.
Goods are (fabric, spice, fruit, jewelry) counts; money and goods changes are signed.
"""

from __future__ import annotations

from shared.games.contract import GameEvent


class LayoutChosen(GameEvent, frozen=True, kw_only=True):
    """The places were laid out: `grid` holds the place number at each position, row by row."""

    layout: str
    grid: tuple[int, ...]


class StartPlayerChosen(GameEvent, frozen=True, kw_only=True):
    """The start player was drawn; `money` is each seat's starting Lira."""

    seat: int
    money: tuple[int, ...]


class DemandShuffled(GameEvent, frozen=True, kw_only=True):
    """A market's demand tiles were shuffled (`order`, top first, hidden); `top` is shown."""

    market: str
    top: int
    count: int
    order: tuple[int, ...] = ()


class DemandRotated(GameEvent, frozen=True, kw_only=True):
    """After a sale the market's top demand tile went under its stack; `top` is shown now."""

    market: str
    top: int


class DeckShuffled(GameEvent, frozen=True, kw_only=True):
    """The bonus cards (at setup; later the discard pile) became the deck (`order` hidden)."""

    count: int
    order: tuple[str, ...] = ()


class CardDrawn(GameEvent, frozen=True, kw_only=True):
    """A seat took a bonus card from the deck (kind seen by the drawer only) or the discard
    pile's top (seen by all)."""

    seat: int
    source: str
    card: str | None = None


class CardDiscarded(GameEvent, frozen=True, kw_only=True):
    """A bonus card left a hand face up onto the discard pile (`played`: for its effect)."""

    seat: int
    card: str
    played: bool


class FigurePlaced(GameEvent, frozen=True, kw_only=True):
    """Governor, smuggler or a neutral merchant (`index`) went to the place the dice showed."""

    figure: str
    index: int
    place: int
    dice: tuple[int, int]


class TurnBegan(GameEvent, frozen=True, kw_only=True):
    """A seat's turn began (`round` counts from 1)."""

    seat: int
    round: int


class MerchantMoved(GameEvent, frozen=True, kw_only=True):
    """The seat's merchant stack moved to `to` (`card`: the bonus card used, if any)."""

    seat: int
    to: int
    card: str | None = None


class AssistantLeft(GameEvent, frozen=True, kw_only=True):
    """An assistant from the bottom of the stack stayed at the place."""

    seat: int
    place: int


class AssistantsReturned(GameEvent, frozen=True, kw_only=True):
    """Own assistants at these places went back under the merchant (`why`: collect,
    fountain, card, yellow)."""

    seat: int
    places: tuple[int, ...]
    why: str


class MerchantPaid(GameEvent, frozen=True, kw_only=True):
    """The seat paid `lira` to another merchant's owner (`to`), or to the bank (None) for
    a neutral merchant."""

    seat: int
    lira: int
    to: int | None = None


class Changed(GameEvent, frozen=True, kw_only=True):
    """A seat's Lira and goods changed by these amounts (`why` names the cause)."""

    seat: int
    why: str
    lira: int = 0
    goods: tuple[int, int, int, int] = (0, 0, 0, 0)


class PhaseChanged(GameEvent, frozen=True, kw_only=True):
    """The turn moved on: `phase` (arrive, action, caravan, dice, encounter, governor) at
    `place` (the place whose action is open)."""

    phase: str
    place: int = 0


class ActionDone(GameEvent, frozen=True, kw_only=True):
    """The place action at `place` was carried out (a double card may repeat it now)."""

    place: int


class FamilyMoved(GameEvent, frozen=True, kw_only=True):
    """A seat's family member went to `to` (`why`: police, caught, card)."""

    seat: int
    to: int
    why: str
    by: int | None = None


class ExtensionBought(GameEvent, frozen=True, kw_only=True):
    """The seat's wheelbarrow grew by one for every good."""

    seat: int


class RubyTaken(GameEvent, frozen=True, kw_only=True):
    """The seat took a ruby from `source` (wainwright, sultan, gemstone, small_mosque,
    great_mosque)."""

    seat: int
    source: str


class MailMoved(GameEvent, frozen=True, kw_only=True):
    """The Post Office: `down` mail indicators are now in the lower row."""

    down: int


class DiceThrown(GameEvent, frozen=True, kw_only=True):
    """Two dice at the Black Market or Tea House (`how`: roll, reroll, four)."""

    seat: int
    dice: tuple[int, int]
    how: str = "roll"
    call: int = 0


class TileTaken(GameEvent, frozen=True, kw_only=True):
    """The seat took the top mosque tile of the `good` stack (value `value`)."""

    seat: int
    good: str
    value: int


class FifthAssistant(GameEvent, frozen=True, kw_only=True):
    """The blue tile: the seat's fifth assistant joined its stack."""

    seat: int


class CatchesFound(GameEvent, frozen=True, kw_only=True):
    """Family members of these seats stand at the mover's place and are caught."""

    seats: tuple[int, ...]


class FigureUsed(GameEvent, frozen=True, kw_only=True):
    """The seat met the governor or smuggler and used him this turn."""

    seat: int
    figure: str


class TurnFinished(GameEvent, frozen=True, kw_only=True):
    """The seat's turn is over."""

    seat: int


class GameEnded(GameEvent, frozen=True, kw_only=True):
    """The round in which a player reached the ruby target is over: the final standings
    (`scores`: rubies; then the tie-breaks Lira, goods and bonus cards; T20)."""

    scores: tuple[int, ...]
    lira: tuple[int, ...]
    goods: tuple[int, ...]
    cards: tuple[int, ...]
    ranks: tuple[int, ...]


IstanbulEvent = (
    LayoutChosen | StartPlayerChosen | DemandShuffled | DemandRotated | DeckShuffled
    | CardDrawn | CardDiscarded | FigurePlaced | TurnBegan | MerchantMoved | AssistantLeft
    | AssistantsReturned | MerchantPaid | Changed | PhaseChanged | ActionDone | FamilyMoved
    | ExtensionBought | RubyTaken | MailMoved | DiceThrown | TileTaken | FifthAssistant
    | CatchesFound | FigureUsed | TurnFinished | GameEnded
)  # fmt: skip
