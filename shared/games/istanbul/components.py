"""Istanbul component data, loaded once from data.toml into frozen values."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec

GOODS = ("fabric", "spice", "fruit", "jewelry")
"""The four goods, in the order every goods tuple uses."""
Goods = tuple[int, int, int, int]
NONE: Goods = (0, 0, 0, 0)

WAINWRIGHT, FABRIC_WH, SPICE_WH, FRUIT_WH, POST_OFFICE, CARAVANSARY, FOUNTAIN = 1, 2, 3, 4, 5, 6, 7
BLACK_MARKET, TEA_HOUSE, LARGE_MARKET, SMALL_MARKET, POLICE = 8, 9, 10, 11, 12
SULTAN, SMALL_MOSQUE, GREAT_MOSQUE, GEMSTONE = 13, 14, 15, 16
WAREHOUSES = {FABRIC_WH: 0, SPICE_WH: 1, FRUIT_WH: 2}
"""Warehouse place -> the good it fills."""
DICE_PLACES = (BLACK_MARKET, TEA_HOUSE)
"""The places with the dice symbol (the red mosque tile works there)."""
ROLLABLE = range(2, 13)
"""FAQ rulings 2 and 3: two dice give place numbers 2-12 only."""

CARD_KINDS = (
    "good", "lira5", "sultan2", "post2", "gemstone2",
    "family", "stay", "move34", "assistant", "small_market",
)  # fmt: skip
DOUBLES = {"sultan2": SULTAN, "post2": POST_OFFICE, "gemstone2": GEMSTONE}
"""The cards that repeat a place action right after it, and that place."""


def good_index(name: str) -> int:
    """The index of a good in a goods tuple."""
    return GOODS.index(name)


def add(a: Goods, b: Goods) -> Goods:
    """Two goods tuples added."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def one(good: str, count: int = 1) -> Goods:
    """A goods tuple holding `count` of one good."""
    out = [0, 0, 0, 0]
    out[good_index(good)] = count
    return (out[0], out[1], out[2], out[3])


class Place(msgspec.Struct, frozen=True, kw_only=True):
    """A place tile: its number (FAQ ruling 2), name and positions in the printed layouts."""

    number: int
    name: str
    short: int
    long: int


class Numbers(msgspec.Struct, frozen=True, kw_only=True):
    """The numbers of data.toml, flattened."""

    min_players: int
    max_players: int
    start_money_first: int
    start_money_step: int
    start_assistants: int
    assistants_total: int
    start_capacity: int
    extensions: int
    start_bonus_cards: int
    merchant_fee: int
    neutral_fee: int
    family_reward_lira: int
    governor_fee: int
    smuggler_fee_lira: int
    move_min: int
    move_max: int
    ruby_target: dict[int, int]
    wainwright_price: int
    ruby_at_extension: int
    rubies_per_mosque_5p: int
    tile_values: tuple[int, ...]
    removed_3p: tuple[int, ...]
    removed_2p: tuple[int, ...]
    green_price: int
    yellow_price: int
    red_fixed_face: int
    large_payout: tuple[int, ...]
    small_payout: tuple[int, ...]
    black_market_jewelry: dict[int, int]
    tea_lowest: int
    tea_highest: int
    tea_consolation: int
    sultan_spaces: tuple[str, ...]
    sultan_first_cost: dict[int, int]
    sultan_rubies: dict[int, int]
    gem_first_price: dict[int, int]
    gem_last_price: int
    gem_rubies: dict[int, int]
    post_top: tuple[str, ...]
    post_bottom: tuple[str, ...]
    fountain_inner: bool
    min_distance_8_9: int
    mosque_of: dict[str, int]
    small_demand: tuple[Goods, ...]
    large_demand: tuple[Goods, ...]
    card_counts: dict[str, int]
    lira5_amount: int
    family_card_lira: int


def _ints(table: dict[str, Any]) -> dict[int, int]:
    return {int(k): int(v) for k, v in table.items()}


def _load() -> tuple[tuple[Place, ...], Numbers]:
    data = tomllib.loads((Path(__file__).parent / "data.toml").read_text(encoding="utf-8"))
    g, cards = data["game"], data["bonus_cards"]
    places = tuple(
        sorted((msgspec.convert(p, Place) for p in data["places"]), key=lambda p: p.number)
    )
    numbers = Numbers(
        **{k: v for k, v in g.items() if k not in ("ruby_target", "start_player")},
        ruby_target=_ints(g["ruby_target"]),
        wainwright_price=data["wainwright"]["price"],
        ruby_at_extension=data["wainwright"]["ruby_at_extension"],
        rubies_per_mosque_5p=data["mosques"]["rubies_per_mosque_5p"],
        tile_values=tuple(data["mosques"]["tile_values"]),
        removed_3p=tuple(data["mosques"]["removed_3p"]),
        removed_2p=tuple(data["mosques"]["removed_2p"]),
        green_price=data["mosques"]["green_price"],
        yellow_price=data["mosques"]["yellow_price"],
        red_fixed_face=data["mosques"]["red_fixed_face"],
        large_payout=tuple(data["markets"]["large_payout"]),
        small_payout=tuple(data["markets"]["small_payout"]),
        black_market_jewelry=_ints(data["black_market"]["jewelry"]),
        tea_lowest=data["tea_house"]["lowest_call"],
        tea_highest=data["tea_house"]["highest_call"],
        tea_consolation=data["tea_house"]["consolation"],
        sultan_spaces=tuple(data["sultan"]["spaces"]),
        sultan_first_cost=_ints(data["sultan"]["first_cost"]),
        sultan_rubies=_ints(data["sultan"]["rubies"]),
        gem_first_price=_ints(data["gemstone"]["first_price"]),
        gem_last_price=data["gemstone"]["last_price"],
        gem_rubies=_ints(data["gemstone"]["rubies"]),
        post_top=tuple(data["post_office"]["top"]),
        post_bottom=tuple(data["post_office"]["bottom"]),
        fountain_inner=data["random_layout"]["fountain_inner"],
        min_distance_8_9=data["random_layout"]["black_market_tea_house_min_distance"],
        mosque_of=dict(data["mosque_stacks"]),
        small_demand=tuple(tuple(t) for t in data["demand"]["small"]),  # type: ignore[misc]
        large_demand=tuple(tuple(t) for t in data["demand"]["large"]),  # type: ignore[misc]
        card_counts={k: cards[k] for k in CARD_KINDS},
        lira5_amount=cards["lira5_amount"],
        family_card_lira=cards["family_lira"],
    )
    return places, numbers


PLACES, N = _load()
NAMES = {p.number: p.name for p in PLACES}
LAYOUTS: dict[str, tuple[int, ...]] = {
    "short": tuple(p.number for p in sorted(PLACES, key=lambda p: p.short)),
    "long": tuple(p.number for p in sorted(PLACES, key=lambda p: p.long)),
    "number": tuple(p.number for p in PLACES),
}
"""The printed layouts: the place number at each grid position, row by row (L01-L03)."""
INNER = (5, 6, 9, 10)
"""The four inner grid positions of the 4x4 board."""
MOSQUE_GOODS = {SMALL_MOSQUE: ("fabric", "spice"), GREAT_MOSQUE: ("fruit", "jewelry")}


def sultan_rubies(players: int) -> int:
    """Rubies on the Sultan's Palace at that player count."""
    return N.sultan_rubies[players]


def gem_rubies(players: int) -> int:
    """Rubies on the Gemstone Dealer at that player count."""
    return N.gem_rubies[players]


def mosque_rubies(players: int) -> int:
    """Rubies on each mosque (one per player, 4 with 5 players: S10)."""
    return min(players, N.rubies_per_mosque_5p)


def tile_values(players: int) -> tuple[int, ...]:
    """The mosque tile values in each stack at that player count, lowest first (S11)."""
    removed = N.removed_2p if players == 2 else N.removed_3p if players == 3 else ()
    return tuple(v for v in N.tile_values if v not in removed)


def deck() -> tuple[str, ...]:
    """All 26 bonus cards by kind, unshuffled."""
    return tuple(kind for kind in CARD_KINDS for _ in range(N.card_counts[kind]))


def total_rubies(players: int) -> int:
    """Every ruby in play at that player count (digest 2.5)."""
    return players + 2 * mosque_rubies(players) + sultan_rubies(players) + gem_rubies(players)
