"""Hera und Zeus component data, loaded once from data.toml into frozen values."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec

HERA = 0
ZEUS = 1
ROLES = ("hera", "zeus")
FIGURE = -1
"""The slot value of a god's figure on the field (it is not a card)."""

MYTH = "myth"
HOSTAGE = "hostage"


class Card(msgspec.Struct, frozen=True, kw_only=True):
    """One card: id, the deck it belongs to (0 Hera, 1 Zeus), type, name, kind, strength.

    `strength` is None for mythology-only cards, which never go to the field.
    """

    id: int
    deck: int
    type: str
    name: str
    kind: str
    strength: int | None

    @property
    def on_field(self) -> bool:
        """The card may be played to the field (it has a strength)."""
        return self.strength is not None


class Numbers(msgspec.Struct, frozen=True, kw_only=True):
    """The game's numbers (data.toml [game])."""

    hand_size: int
    opening_row: int
    columns: int
    column_depth: int
    hand_limit: int
    figure_ap: int
    first_challenge_turn: int
    persephone_takes: int
    sirens_min: int
    sirens_max: int
    picked_to_field_min: int


DECK_SIZE = 43


def _load() -> tuple[tuple[Card, ...], Numbers]:
    data = tomllib.loads((Path(__file__).parent / "data.toml").read_text(encoding="utf-8"))
    cards: list[Card] = []
    for deck in (HERA, ZEUS):
        for type_, spec in data["cards"].items():
            for _ in range(spec["count"]):
                strength = spec.get("strength") if spec["kind"] != MYTH else None
                cards.append(
                    Card(
                        id=len(cards),
                        deck=deck,
                        type=type_,
                        name=spec["names"][deck],
                        kind=spec["kind"],
                        strength=strength,
                    )
                )
        plain = data["numbers"]
        for strength, count in plain["counts"].items():
            for _ in range(count):
                cards.append(
                    Card(
                        id=len(cards),
                        deck=deck,
                        type="number",
                        name=f"{plain['names'][deck]} {strength}",
                        kind="number",
                        strength=int(strength),
                    )
                )
        if len(cards) != DECK_SIZE * (deck + 1):
            raise ValueError(f"deck {deck} holds {len(cards) - DECK_SIZE * deck} cards, not 43")
    return tuple(cards), msgspec.convert(data["game"], Numbers)


CARDS, N = _load()
"""All 86 cards by id (Hera's deck first), and the game's numbers."""

DECKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c.id for c in CARDS if c.deck == d) for d in (HERA, ZEUS)
)
HOSTAGES: tuple[int, int] = tuple(  # type: ignore[assignment]
    next(c.id for c in CARDS if c.deck == d and c.kind == HOSTAGE) for d in (HERA, ZEUS)
)
"""The hostage of each seat's own deck: Io (Hera) and Argus (Zeus)."""


def card(card_id: int) -> Card:
    """The card with that id."""
    return CARDS[card_id]


def is_type(card_id: int, type_: str) -> bool:
    """The card is of that type (pegasus, pythia, medusa, ...)."""
    return card_id != FIGURE and CARDS[card_id].type == type_
