"""Ra's component data, loaded once from data.toml into a frozen Struct."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec


class Components(msgspec.Struct, frozen=True, kw_only=True):
    """Every number of the game's components; each value's source is noted in data.toml."""

    faces: tuple[str, ...]
    colours: tuple[str, ...]
    rolls_per_turn: int
    last_space: int
    start_space: dict[int, int]
    start_score: int
    ankh_pair_points: int
    three_suns_points: int
    pharaoh_end: int
    pharaoh_most_points: int
    pharaoh_least_points: int
    pharaoh_most_moves: int
    pharaoh_least_moves: int
    pharaoh_disaster_retreat: int
    nile_end: int
    nile_values: tuple[int, ...]
    flood_dice: int
    nile_disaster_retreat: int
    civilization_min_dice: int
    civilization_points: tuple[int, ...]
    monument_columns: int
    monument_column_points: tuple[int, ...]
    monument_bonus_points: tuple[int, ...]
    monuments_scored_in_epoch: int
    disaster_min_suns: int
    disaster_markers_removed: int
    epochs: int
    ra_advance_max_suns: int

    @property
    def dice(self) -> int:
        """The number of dice (one per colour)."""
        return len(self.colours)


def load(path: Path | None = None) -> Components:
    """The components from a data file (the package's data.toml by default)."""
    raw = tomllib.loads((path or Path(__file__).with_name("data.toml")).read_text("utf-8"))
    dice, track, score = raw["dice"], raw["sun_track"], raw["score"]
    pharaoh, nile, civ, mon = raw["pharaoh"], raw["nile"], raw["civilization"], raw["monuments"]
    return Components(
        faces=tuple(dice["faces"]),
        colours=tuple(dice["colours"]),
        rolls_per_turn=dice["rolls_per_turn"],
        last_space=track["last_space"],
        start_space={int(k): v for k, v in track["start_space"].items()},
        start_score=score["start"],
        ankh_pair_points=score["ankh_pair"],
        three_suns_points=score["three_suns"],
        pharaoh_end=pharaoh["track_end"],
        pharaoh_most_points=pharaoh["most_points"],
        pharaoh_least_points=pharaoh["least_points"],
        pharaoh_most_moves=pharaoh["most_moves"],
        pharaoh_least_moves=pharaoh["least_moves"],
        pharaoh_disaster_retreat=pharaoh["disaster_retreat"],
        nile_end=nile["track_end"],
        nile_values=tuple(nile["values"]),
        flood_dice=nile["flood_dice"],
        nile_disaster_retreat=nile["disaster_retreat"],
        civilization_min_dice=civ["min_dice"],
        civilization_points=tuple(civ["points"]),
        monument_columns=mon["columns"],
        monument_column_points=tuple(mon["column_points"]),
        monument_bonus_points=tuple(mon["bonus_points"]),
        monuments_scored_in_epoch=mon["scored_in_epoch"],
        disaster_min_suns=raw["disaster"]["min_suns"],
        disaster_markers_removed=raw["disaster"]["markers_removed"],
        epochs=raw["game"]["epochs"],
        ra_advance_max_suns=raw["game"]["ra_advance_max_suns"],
    )


C: Components = load()
"""The game's components, loaded once at import (a pure read of the package's own file)."""

SUN, PHARAOH, NILE, CIVILIZATION, MONUMENT, ANKH = (
    "sun",
    "pharaoh",
    "nile",
    "civilization",
    "monument",
    "ankh",
)
if set(C.faces) != {SUN, PHARAOH, NILE, CIVILIZATION, MONUMENT, ANKH}:  # pragma: no cover
    raise ValueError(f"data.toml: unexpected die faces {C.faces}")
