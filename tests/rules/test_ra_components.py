"""Ra component data: the numbers the rule text gives, and a source noted for every value."""

from __future__ import annotations

import tomllib
from pathlib import Path

from shared.games.ra.components import C, load

DATA = Path(__file__).parents[2] / "shared" / "games" / "ra" / "data.toml"


def test_every_data_value_has_a_comment_giving_its_source() -> None:
    lines = DATA.read_text("utf-8").splitlines()
    for number, line in enumerate(lines):
        if "=" not in line or line.lstrip().startswith("#"):
            continue
        above = lines[number - 1].lstrip() if number else ""
        assert above.startswith("#") or "#" in line, f"data.toml line {number + 1} has no source"


def test_the_data_file_loads_into_the_components() -> None:
    assert load(DATA) == C
    assert set(tomllib.loads(DATA.read_text("utf-8"))) >= {"dice", "sun_track", "score"}


def test_the_numbers_the_rules_give() -> None:
    # Rules, Preparation / Play / Pharaoh / Nile / Ankh / Ra / Scoring an Epoch / Game End.
    assert C.dice == 5 and len(C.faces) == 6
    assert C.rolls_per_turn == 3
    assert C.start_score == 10
    assert (C.pharaoh_end, C.nile_end) == (12, 12)
    assert (C.ankh_pair_points, C.three_suns_points) == (2, 3)
    assert (C.pharaoh_most_points, C.pharaoh_least_points) == (5, -2)
    assert (C.pharaoh_most_moves, C.pharaoh_least_moves) == (-2, 1)
    assert (C.pharaoh_disaster_retreat, C.nile_disaster_retreat) == (2, 2)
    assert C.flood_dice == 3 and C.civilization_min_dice == 3
    assert C.civilization_points == (-5, 0, 0, 5, 10, 15)
    assert C.monument_column_points == (0, 1, 2, 3, 4, 5, 6, 10, 15)
    assert C.monument_bonus_points[3:] == (5, 10, 15)
    assert C.monuments_scored_in_epoch == 3 and C.epochs == 3
    assert C.disaster_min_suns == 4 and C.disaster_markers_removed == 2
    assert C.nile_values[12] == 12  # component-data: the last Nile space is worth 12


def test_ra_starts_closer_to_the_end_with_fewer_players_on_one_track() -> None:
    assert sorted(C.start_space) == [2, 3, 4]
    assert all(0 < space < C.last_space for space in C.start_space.values())
    assert C.start_space[2] > C.start_space[3] > C.start_space[4]
    assert len(C.colours) == len(set(C.colours)) == C.dice
