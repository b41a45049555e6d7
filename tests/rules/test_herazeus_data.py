"""Hera und Zeus data file: every number says where it comes from."""

from __future__ import annotations

from pathlib import Path

import shared.games.herazeus as package

DATA = Path(package.__file__).parent / "data.toml"


def test_every_number_names_its_source_or_says_assumed() -> None:
    section = ""
    checked = 0
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            section = line
            continue
        key = line.split("=")[0].strip()
        if "=" in line and (key in ("count", "strength", "counts") or section == "[game]"):
            checked += 1
            assert "#" in line, f"no source: {line}"
            note = line.split("#", 1)[1]
            assert "assumed" in note or "RULES" in note or "review" in note, line
    assert checked > 30
