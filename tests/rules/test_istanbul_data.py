"""Istanbul data file: every value names its source in the rules digest or says assumed,
and the derived facts (layouts, ruby budget, card count) hold."""

from __future__ import annotations

from pathlib import Path

import shared.games.istanbul as package
from shared.games.istanbul.components import LAYOUTS, N, deck, total_rubies

DATA = Path(package.__file__).parent / "data.toml"


def test_every_value_names_its_source_or_says_assumed() -> None:
    checked = 0
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if "=" not in line or line.lstrip().startswith("#") or line.startswith("["):
            continue
        if line.strip().startswith(("name =", "number =")):
            continue  # a place's name and number are its identity, sourced at [[places]]
        checked += 1
        assert "#" in line, f"no source: {line}"
        note = line.split("#", 1)[1]
        assert "SEEN" in note or "DERIVED" in note or "assumed" in note or "FAQ" in note, line
    assert checked > 80


def test_the_printed_layouts() -> None:
    assert LAYOUTS["short"] == (15, 5, 2, 14, 4, 12, 7, 3, 8, 6, 11, 9, 13, 10, 1, 16)  # L01
    assert LAYOUTS["long"] == (16, 2, 8, 11, 15, 7, 6, 4, 3, 5, 12, 1, 10, 9, 14, 13)  # L02
    assert LAYOUTS["number"] == tuple(range(1, 17))  # L03


def test_ruby_budget_by_player_count_uses_all_32_at_five() -> None:
    assert [total_rubies(n) for n in (2, 3, 4, 5)] == [21, 25, 31, 32]  # digest 2.5


def test_26_bonus_cards_and_five_goods_on_every_demand_tile() -> None:
    assert len(deck()) == 26
    assert all(sum(t) == 5 for t in (*N.small_demand, *N.large_demand))
