"""The docs stand alone: no link or path to a file outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_doc_cites_a_file_outside_the_repository() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    outside = re.compile(r"\.\./|DESIGN\.md|/work/")
    found = [
        f"{page.relative_to(ROOT)}:{number}: {line.strip()}"
        for page in pages
        for number, line in enumerate(page.read_text().splitlines(), 1)
        if outside.search(line)
    ]
    assert found == []
