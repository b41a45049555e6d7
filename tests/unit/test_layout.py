"""The layout holds: no import cycle among our modules (an import anywhere in a module,
inside a function too, counts), the gateway in sub-packages by feature, benchmarks apart
from the CLI's verbs."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _modules() -> dict[str, Path]:
    found = {}
    for folder in ("services", "shared"):
        for path in (ROOT / folder).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """Our modules that a module imports (`from pkg import sub` names the submodule)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = [f"{node.module}.{alias.name}" for alias in node.names]
            out.update(sub for sub in subs if sub in modules)
            if any(sub not in modules for sub in subs):
                out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {name for name in out if name in modules}


def test_no_import_cycle_among_our_modules() -> None:
    modules = _modules()
    graph = {name: _imports(path, modules) - {name} for name, path in modules.items()}
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as error:
        raise AssertionError(f"import cycle: {' -> '.join(error.args[1])}") from None


def test_the_gateway_is_in_sub_packages_and_benchmarks_are_apart() -> None:
    gateway = sorted(p.name for p in (ROOT / "services" / "gateway").glob("*.py"))
    assert gateway == ["__init__.py", "app.py", "keys.py"]
    assert list((ROOT / "services" / "cli").glob("bench*.py")) == []
