"""Hera und Zeus game state: a frozen value folded from the events."""

from __future__ import annotations

import msgspec

from shared.games.herazeus.components import FIGURE, N

Slot = tuple[int, bool]
"""A field place: (card id or FIGURE, face up)."""
Column = tuple[Slot, ...]
"""A column, row 1 (facing the opponent) first."""


class HeraZeusState(msgspec.Struct, frozen=True, kw_only=True):
    """Everything about a game; `phase` names the decision the game waits for.

    Phases: setup, opening (both seats place their first row), turn, place (a Pegasus
    player puts the card he picked into the opponent's row 1), order (after Pandora, each
    player puts his lost cards, `pending`, onto his pile in the order he wants), over.
    Seat 0 is Hera, seat 1 Zeus. Decks list the top card first; discard piles the top last.
    """

    first: int = 0
    figure_removal: str = "action"
    phase: str = "setup"
    active: int = 0
    decks: tuple[tuple[int, ...], ...] = ((), ())
    hands: tuple[tuple[int, ...], ...] = ((), ())
    fields: tuple[tuple[Column, ...], ...] = (((), (), ()), ((), (), ()))
    discards: tuple[tuple[int, ...], ...] = ((), ())
    pending: tuple[tuple[int, ...], ...] = ((), ())
    opened: tuple[bool, ...] = (False, False)
    turns: tuple[int, ...] = (0, 0)
    ap_total: int = 0
    ap_left: int = 0
    placing: int | None = None
    winner: int | None = None
    reason: str = ""

    def column(self, seat: int, col: int) -> Column:
        """One column of a seat's field."""
        return self.fields[seat][col]

    def front(self, seat: int, col: int) -> int | None:
        """The card (or FIGURE) in a seat's row 1 of that column, None if the column is empty."""
        column = self.fields[seat][col]
        return column[0][0] if column else None

    def has_figure(self, seat: int) -> bool:
        """The seat's figure stands in its row 1."""
        return any(self.front(seat, c) == FIGURE for c in range(N.columns))

    def field_cards(self, seat: int) -> list[int]:
        """Every card (not the figure) on a seat's field."""
        return [s[0] for col in self.fields[seat] for s in col if s[0] != FIGURE]

    def columns_in_use(self, seat: int) -> int:
        """Columns holding at least one card or the figure."""
        return sum(1 for col in self.fields[seat] if col)


def initial_state(seats: int, options: object) -> HeraZeusState:
    """The empty state before setup."""
    first = 1 if getattr(options, "first", "hera") == "zeus" else 0
    return HeraZeusState(
        first=first, figure_removal=getattr(options, "figure_removal", "action"), active=first
    )


def at(items: tuple, index: int, value: object) -> tuple:
    """A copy of the tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1 :])


def without(items: tuple[int, ...], card_id: int) -> tuple[int, ...]:
    """The tuple without one occurrence of the card."""
    i = items.index(card_id)
    return items[:i] + items[i + 1 :]
