"""web/src/data/cards.js is what web/gen_data.py makes of the games' data files now."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_clients_card_data_is_up_to_date() -> None:
    spec = importlib.util.spec_from_file_location("gen_data", ROOT / "web" / "gen_data.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.OUT.read_text(encoding="utf-8") == module.render(), (
        "web/src/data/cards.js is out of date: run `.venv/bin/python web/gen_data.py`, then "
        "`cd web && npm run build`"
    )


def test_every_registered_game_has_a_board_of_its_own() -> None:
    """The generic board is a fallback for a game under development: no registered game uses it."""
    import re

    from shared.games.registry import GAME_PACKAGES

    source = (ROOT / "web" / "src" / "boards" / "index.js").read_text(encoding="utf-8")
    block = source.split("const BOARDS = {", 1)[1].split("};", 1)[0]
    boards = set(re.findall(r"^\s*(\w+)\s*:", block, flags=re.M))
    assert set(GAME_PACKAGES) <= boards, f"games without a board: {set(GAME_PACKAGES) - boards}"
