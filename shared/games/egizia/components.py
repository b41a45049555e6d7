"""Egizia component data, loaded once from data.toml into frozen values."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import msgspec

JOKER = 3
SITES = ("sphinx", "obelisk", "pyramid")
TRACKS = ("stone_sale", "grain_market")


CardKind = Literal["permanent", "anytime", "instant"]
"""When a Nile card acts: every round, once when its owner chooses, or at once when taken."""

SphinxCondition = Literal[
    "crew", "each_building", "last_level_any", "last_level_own", "obelisk_row", "own_stones",
    "permanents", "pillars_done", "pyramid_done", "pyramid_row", "richest", "temple_done",
    "ten_percent", "tomb_stones", "tombs_done",
]  # fmt: skip
"""The scoring conditions the Sphinx cards name (validated when data.toml is read)."""


class NileCard(msgspec.Struct, frozen=True, kw_only=True):
    """One physical Nile or start card: id, deck (0: 1/2, 1: 3/4, 2: 5, -1: start), effect."""

    id: int
    key: str
    deck: int
    effect: str
    kind: CardKind
    colour: int = 0
    amount: int = 0
    bonus: str = ""
    crews: tuple[int, ...] = ()
    buildings: tuple[str, ...] = ()


class SphinxCard(msgspec.Struct, frozen=True, kw_only=True):
    """One Sphinx card: its scoring condition and parameters."""

    id: int
    condition: SphinxCondition
    points: int = 0
    row: int = 0
    track: str = ""
    table: tuple[int, ...] = ()
    building: str = ""
    at_least: int = 0
    crew: int = 0
    source: str = ""


class Components(msgspec.Struct, frozen=True, kw_only=True):
    """All component data of the game."""

    rounds: int
    ships: int
    cards_per_round: int
    max_stones: int
    start_stones: tuple[int, ...]
    berths_small: int
    berths_full: int
    participation: tuple[int, ...]
    sphinx_draw_max: int
    sphinx_extra: int
    sphinx_keep: int
    sphinx_keep_with_card: int
    ring_start: int
    final_stone_rate: int
    tomb_bonus_card: int
    ten_percent_step: int
    crew_start: tuple[int, ...]
    crew_max: tuple[int, ...]
    grain_penalty: tuple[int, ...]
    grain_bottom_points: int
    stone_sale_levels: int
    stone_sale_bottom_stones: int
    stone_sale_selling_rows: int
    stops: tuple[str, ...]
    card_stops: tuple[int, ...]
    site_stops: tuple[int, ...]
    field_at: tuple[int | None, ...]
    site_at: tuple[int | None, ...]
    city_crews: dict[str, tuple[int, ...]]
    obelisk: tuple[int, ...]
    pyramid_sizes: tuple[int, ...]
    pyramid_values: tuple[int, ...]
    temple_pillar: tuple[int, ...]
    temple_columns: tuple[int, ...]
    temple_top: tuple[int, ...]
    tombs_dealt: int
    tombs_open: int
    tomb_values: tuple[int, ...]
    tomb_thresholds: tuple[int, ...]
    tomb_points: tuple[int, ...]
    nile: tuple[NileCard, ...]
    start_grain: int
    start_quarry: int
    sphinx: tuple[SphinxCard, ...]

    def track_levels(self, track: str) -> int:
        """The number of fields of the stone sale or the grain market."""
        if track == "stone_sale":
            return self.stone_sale_levels
        return len(self.grain_penalty)

    def temple_values(self) -> tuple[int, ...]:
        """Temple field values: left pillar, right pillar, columns, top."""
        return self.temple_pillar * 2 + self.temple_columns + self.temple_top


def _load() -> Components:
    raw = tomllib.loads((Path(__file__).parent / "data.toml").read_text(encoding="utf-8"))
    game, crews, tracks = raw["game"], raw["crews"], raw["tracks"]
    cards: list[NileCard] = []
    for deck in range(3):
        for entry in raw["nile"]:
            for _ in range(entry["copies"][deck]):
                cards.append(_card(len(cards), deck, entry))
    start_grain = len(cards)
    for entry in raw["start"]:
        cards.append(_card(len(cards), -1, entry))
    sphinx = tuple(
        msgspec.convert({**entry, "id": i}, SphinxCard) for i, entry in enumerate(raw["sphinx"])
    )
    stops = tuple(raw["river"]["stops"])
    return Components(
        rounds=game["rounds"],
        ships=game["ships_per_player"],
        cards_per_round=game["cards_per_round"],
        max_stones=game["max_stones"],
        start_stones=tuple(game["start_stones"]),
        berths_small=game["berths_small"],
        berths_full=game["berths_full"],
        participation=tuple(game["participation"]),
        sphinx_draw_max=game["sphinx_draw_max"],
        sphinx_extra=game["sphinx_extra"],
        sphinx_keep=game["sphinx_keep"],
        sphinx_keep_with_card=game["sphinx_keep_with_card"],
        ring_start=game["ring_start"],
        final_stone_rate=game["final_stone_rate"],
        tomb_bonus_card=game["tomb_bonus_card"],
        ten_percent_step=game["ten_percent_step"],
        crew_start=tuple(crews["start"]),
        crew_max=tuple(crews["max"]),
        grain_penalty=tuple(tracks["grain_penalty"]),
        grain_bottom_points=tracks["grain_bottom_points"],
        stone_sale_levels=tracks["stone_sale_levels"],
        stone_sale_bottom_stones=tracks["stone_sale_bottom_stones"],
        stone_sale_selling_rows=tracks["stone_sale_selling_rows"],
        stops=stops,
        card_stops=tuple(i for i, s in enumerate(stops) if s == "card"),
        site_stops=tuple(stops.index(s) for s in SITES),
        field_at=_index_at(stops, lambda i: stops[i] == "card"),
        site_at=tuple(SITES.index(s) if s in SITES else None for s in stops),
        city_crews={k: tuple(v) for k, v in raw["cities"].items()},
        obelisk=tuple(raw["obelisk"]["fields"]),
        pyramid_sizes=tuple(raw["pyramid"]["row_sizes"]),
        pyramid_values=tuple(raw["pyramid"]["row_values"]),
        temple_pillar=tuple(raw["temple"]["pillar"]),
        temple_columns=tuple(raw["temple"]["columns"]),
        temple_top=tuple(raw["temple"]["top"]),
        tombs_dealt=raw["tombs"]["dealt"],
        tombs_open=raw["tombs"]["open"],
        tomb_values=tuple(raw["tombs"]["values"]),
        tomb_thresholds=tuple(raw["tombs"]["score_thresholds"]),
        tomb_points=tuple(raw["tombs"]["score_points"]),
        nile=tuple(cards),
        start_grain=start_grain,
        start_quarry=start_grain + 1,
        sphinx=sphinx,
    )


def _index_at(stops: tuple[str, ...], keep: Callable[[int], bool]) -> tuple[int | None, ...]:
    """For each stop, its index among the stops that `keep` selects (None for the others)."""
    out: list[int | None] = []
    count = 0
    for i in range(len(stops)):
        out.append(count if keep(i) else None)
        count += keep(i)
    return tuple(out)


def _card(card_id: int, deck: int, entry: dict) -> NileCard:
    fields = {k: v for k, v in entry.items() if k != "copies"}
    return msgspec.convert({**fields, "id": card_id, "deck": deck}, NileCard)


DATA = _load()


def card_by_key(key: str) -> NileCard:
    """The first Nile card with that key (tests and docs use keys, rules use ids)."""
    for card in DATA.nile:
        if card.key == key:
            return card
    raise KeyError(key)
