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


def test_code_cites_no_file_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared|DESIGN\.md|STYLE\.md|/work/")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for folder in ("services", "shared")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if outside.search(line)
    ]
    assert found == []


def test_every_repository_path_a_doc_names_exists() -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    named = re.compile(
        r"(?<![\w/.-])((?:services|shared|tests|deploy|docs|web)/[\w./-]+\.(?:py|md|toml|json|js|ya?ml|sh))\b"
    )
    missing = [
        f"{page.relative_to(ROOT)}: {path}"
        for page in pages
        for path in sorted(set(named.findall(page.read_text())))
        if "*" not in path and not (ROOT / path).exists()
    ]
    assert missing == []
