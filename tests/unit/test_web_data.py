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
