"""web/src/games/cards.js and each game's prompts.js are what web/gen_data.py makes of the
games' data and prompts files now."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_web_clients_card_data_is_up_to_date() -> None:
    spec = importlib.util.spec_from_file_location("gen_data", ROOT / "web" / "gen_data.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for path, text in module.outputs().items():
        assert path.exists() and path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is out of date: run `.venv/bin/python web/gen_data.py`, "
            "then `cd web && npm run build`"
        )


def test_every_registered_game_has_a_board_of_its_own() -> None:
    """The generic board is a fallback for a game under development: no registered game uses it."""
    import re

    from shared.games.registry import GAME_PACKAGES

    games = ROOT / "web" / "src" / "games"
    source = (games / "index.js").read_text(encoding="utf-8")
    lines = re.findall(r"^export \{ default as (\w+) \} from '\./(\w+)/index\.js';$", source, re.M)
    registered = {name for name, folder in lines if name == folder}
    missing = set(GAME_PACKAGES) - registered
    assert not missing, f"games without a folder in web/src/games/index.js: {missing}"
    for game in GAME_PACKAGES:
        for part in ("index.js", "board.js", "log.js", "en.js", "de.js", "prompts.js"):
            assert (games / game / part).is_file(), f"web/src/games/{game}/{part} is missing"
