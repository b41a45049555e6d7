"""Sobek's game state: a frozen value folded from the events."""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from shared.games.sobek.components import CARD_COUNT, RULES

Phase = Literal[
    "setup",
    "choose_start",
    "turn",
    "choose_event",
    "vizier",
    "scribe",
    "sideways",
    "scoring",
    "over",
]

Entry = tuple[str | None, str, bool]
"""Async variant: one remembered card, (face or None if never seen, back, uncertain)."""

HAND = 0
POT = 1


class LaidSet(msgspec.Struct, frozen=True, kw_only=True):
    """A set laid face up: its cards, goods type (None: amulets only), Prosperity chips."""

    cards: tuple[int, ...]
    goods: str | None
    prosperity: int = 0
    sideways: bool = False


class SobekState(msgspec.Struct, frozen=True, kw_only=True):
    """Everything about a Sobek game; `phase` names the decision the game waits for.

    Phases: setup, choose_start, turn, choose_event, vizier, scribe, sideways, over.
    `row` lists the quay cards nearest field zero first. Zones: pile, row, hands, pots,
    sets, played (characters used for their power), out (not in this round's play).
    """

    seats: int
    variant: str
    round: int = 0
    phase: Phase = "setup"
    active: int = 0
    chooser: int | None = None
    scores: tuple[int, ...] = ()
    pile: tuple[int, ...] = ()
    row: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    pots: tuple[tuple[int, ...], ...] = ()
    sets: tuple[tuple[LaidSet, ...], ...] = ()
    played: tuple[int, ...] = ()
    out: tuple[int, ...] = tuple(range(CARD_COUNT))
    chips: tuple[int, ...] = ()
    chips_used: tuple[int, ...] = ()
    curses: tuple[int, ...] = ()
    deliveries: int = 0
    delivered: tuple[int, ...] = ()
    vizier_victim: int | None = None
    laying_done: tuple[bool, ...] = ()
    chips_seen: tuple[bool, ...] = ()
    knowledge: tuple[tuple[tuple[Entry, ...], ...], ...] = ()
    last_points: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()

    @property
    def is_async(self) -> bool:
        """True in the async variant (remembered cards are shown)."""
        return self.variant == "async"

    def next_seat(self, seat: int) -> int:
        """The player to the left (table order)."""
        return (seat + 1) % self.seats

    def bribes(self, seat: int) -> int:
        """Bribery cards of a seat, a Curse counting as 2 more (Rules, Fluch)."""
        return len(self.pots[seat]) + RULES.curse_bribes * self.curses[seat]


def zone(seat: int, kind: int) -> int:
    """Index of a seat's hand (kind HAND) or pot (kind POT) in a knowledge table."""
    return 2 * seat + kind


def initial_state(seats: int, options: object) -> SobekState:
    """The empty state before the first round is prepared: every seat already has its
    (empty) hand, pot, sets and counters, so a view of it is well formed."""
    variant = getattr(options, "variant", "original")
    return SobekState(
        seats=seats, variant=variant, scores=(0,) * seats, hands=((),) * seats,
        pots=((),) * seats, sets=((),) * seats, curses=(0,) * seats,
        laying_done=(False,) * seats, chips_seen=(False,) * seats,
    )  # fmt: skip


def at(items: tuple, index: int, value: Any) -> tuple:
    """A copy of the tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1 :])


def without(items: tuple[int, ...], gone: tuple[int, ...] | set[int]) -> tuple[int, ...]:
    """The tuple without the given card ids."""
    gone = set(gone)
    return tuple(c for c in items if c not in gone)
