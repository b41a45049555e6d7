"""Istanbul game state: a frozen value folded from the events."""

from __future__ import annotations

import msgspec

from shared.games.istanbul.components import NONE, Goods, N


class Player(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's pieces and wheelbarrow.

    `merchant`, `family` and `assistants` are place numbers; `stack` counts the assistants
    under the merchant; `reserve` the one beside the board (the blue tile brings it in).
    """

    money: int = 0
    goods: Goods = NONE
    extensions: int = 0
    rubies: int = 0
    merchant: int = 7
    stack: int = 0
    assistants: tuple[int, ...] = ()
    reserve: int = 1
    family: int = 12
    tiles: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()

    @property
    def capacity(self) -> int:
        """How many of each good the wheelbarrow holds."""
        return N.start_capacity + self.extensions


class IstanbulState(msgspec.Struct, frozen=True, kw_only=True):
    """Everything about a game; `phase` names the decision it waits for.

    Phases of the active seat's turn: move (phase 1), arrive (assistant step and payment),
    action (phase 3 at `place`), caravan (taking and discarding bonus cards), dice (the red
    tile may change a roll), encounter (phase 4), governor (paying him). Then over.
    Decks list the top card first; the discard pile lists its top last; demand stacks top first.
    """

    seats: int
    layout: str = "short"
    grid: tuple[int, ...] = ()
    start: int = 0
    active: int = 0
    round: int = 0
    phase: str = "setup"
    players: tuple[Player, ...] = ()
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    small: tuple[int, ...] = ()
    large: tuple[int, ...] = ()
    governor: int = 0
    smuggler: int = 0
    neutrals: tuple[int, ...] = ()
    mail: int = 0
    sultan_taken: int = 0
    gem_taken: int = 0
    wainwright_left: int = 0
    mosque_left: tuple[int, int] = (0, 0)
    stacks: tuple[tuple[int, ...], ...] = ((), (), (), ())
    # This turn.
    place: int = 0
    dice: tuple[int, ...] = ()
    call: int = 0
    caravan_taken: int = 0
    done: int = 0
    doubled: bool = False
    fresh: bool = False
    green_used: bool = False
    yellow_used: bool = False
    catches: tuple[int, ...] = ()
    used: tuple[str, ...] = ()
    ranks: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        """The game has ended."""
        return self.phase == "over"

    def me(self) -> Player:
        """The active seat's pieces."""
        return self.players[self.active]

    def position(self, place: int) -> int:
        """The grid position (0-15, row by row) of a place."""
        return self.grid.index(place)

    def distance(self, a: int, b: int) -> int:
        """Orthogonal steps between two places (L06: taxicab distance on the grid)."""
        pa, pb = self.position(a), self.position(b)
        return abs(pa // 4 - pb // 4) + abs(pa % 4 - pb % 4)

    def others_at(self, place: int, seat: int) -> list[int]:
        """The other seats whose merchant stands at the place."""
        return [s for s, p in enumerate(self.players) if s != seat and p.merchant == place]

    def neutrals_at(self, place: int) -> list[int]:
        """The neutral merchants (2 players) at the place."""
        return [i for i, p in enumerate(self.neutrals) if p == place]


def initial_state(seats: int, options: object) -> IstanbulState:
    """The empty state before setup."""
    return IstanbulState(seats=seats, layout=str(getattr(options, "layout", "short")))


def at(items: tuple, index: int, value: object) -> tuple:
    """A copy of the tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1 :])


def without(items: tuple, item: object) -> tuple:
    """The tuple without one occurrence of the item."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]
