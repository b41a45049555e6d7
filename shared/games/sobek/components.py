"""Sobek's component data, loaded once from data.toml into frozen values."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

import msgspec

BEIGE = "beige"
GREEN = "green"
ORANGE = "orange"
AMULET = "amulet"


class Card(msgspec.Struct, frozen=True, kw_only=True):
    """One card: its id, back colour, goods type (None for amulets) and character name."""

    id: int
    back: str
    goods: str | None
    scarabs: int
    character: str | None = None

    @property
    def face(self) -> str:
        """A key equal for cards that cannot be told apart by their face."""
        if self.character is not None:
            return f"{self.character}:{self.goods}"
        if self.goods is None:
            return AMULET
        return f"{self.goods}:{self.scarabs}"


ChipKind = Literal["curse", "embalming", "flood", "kollegium", "prosperity", "villainy"]
"""The event chips' kinds (validated when data.toml is read)."""


class Chip(msgspec.Struct, frozen=True, kw_only=True):
    """One event chip: its id, kind and (Kollegium only) the track symbol it shows."""

    id: int
    kind: ChipKind
    symbol: str | None = None


class Rules(msgspec.Struct, frozen=True, kw_only=True):
    """The game's numbers."""

    rounds: int
    early_end_round: int
    early_end_above: int
    green_per_player: int
    quay_size: int
    available: int
    removed_two_players: int
    chips_per_round: int
    min_set: int
    queen_draws: int
    scribe_limit: int
    courtesan_max: int
    prosperity_scarabs: int
    prosperity_goods: tuple[str, ...]
    curse_bribes: int
    penalty_per: int
    track_length: int


def _load() -> tuple[tuple[Card, ...], tuple[str, ...], tuple[Chip, ...], Rules, tuple[str, ...]]:
    data = tomllib.loads((Path(__file__).parent / "data.toml").read_text(encoding="utf-8"))
    cards: list[Card] = []
    goods_types = tuple(data["goods"])
    for goods, spec in data["goods"].items():
        for i in range(spec["without_value"]):
            back = GREEN if i < spec["green_back"] else BEIGE
            cards.append(Card(id=len(cards), back=back, goods=goods, scarabs=0))
        for _ in range(spec["with_value"]):
            cards.append(Card(id=len(cards), back=BEIGE, goods=goods, scarabs=spec["scarabs"]))
    amulets = data["amulets"]
    for i in range(amulets["count"]):
        back = GREEN if i < amulets["green_back"] else BEIGE
        cards.append(Card(id=len(cards), back=back, goods=None, scarabs=0))
    for spec in data["characters"]:
        cards.append(
            Card(id=len(cards), back=ORANGE, goods=spec["goods"], scarabs=0, character=spec["name"])
        )
    chips = tuple(
        msgspec.convert({"id": i, "kind": spec["kind"], "symbol": spec.get("symbol")}, Chip)
        for i, spec in enumerate(data["chips"])
    )
    rules = msgspec.convert(data["rules"], Rules)
    return tuple(cards), goods_types, chips, rules, tuple(data["track"]["symbols"])


CARDS, GOODS, CHIPS, RULES, TRACK = _load()
"""All cards by id, the goods types, all chips by id, the rule numbers, the track symbols."""

CARD_COUNT = len(CARDS)
GREEN_CARDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.back == GREEN)
PILE_CARDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.back != GREEN)
CHARACTERS: tuple[str, ...] = tuple(dict.fromkeys(c.character for c in CARDS if c.character))


def card(card_id: int) -> Card:
    """The card with that id."""
    return CARDS[card_id]


def back(card_id: int) -> str:
    """The back colour of a card."""
    return CARDS[card_id].back


def symbol_at(field: int) -> str:
    """The symbol of a score field; above 100 the track wraps (Rules, Hinweise)."""
    return TRACK[field % RULES.track_length]
