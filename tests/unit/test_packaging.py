"""pyproject.toml names only extras its dependencies provide (pip warns about any other, and
installs nothing for it)."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _requirements() -> list[Requirement]:
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    lines = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        lines += extra
    return [Requirement(line) for line in lines]


def test_every_extra_named_is_one_the_installed_package_provides() -> None:
    wrong = []
    for requirement in _requirements():
        if not requirement.extras:
            continue
        try:
            provided = importlib.metadata.metadata(requirement.name).get_all("Provides-Extra")
        except importlib.metadata.PackageNotFoundError:
            continue  # an optional dependency this environment did not install
        missing = requirement.extras - set(provided or [])
        wrong += [f"{requirement.name}[{extra}]" for extra in sorted(missing)]
    assert not wrong, f"extras no installed package provides: {wrong}"
