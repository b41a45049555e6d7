"""`senet rebuild` (a real process) builds the read models from zero, one or all of them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from shared.readmodels import MODELS, ReadModelDB
from shared.readmodels.schema import dump, positions
from shared.store import open_store

FIXTURE = Path(__file__).parent.parent / "fixtures" / "old-store" / "senet.db"


def _rebuild(*args: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "services.cli.main", "rebuild", *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)


def test_rebuild_all_then_one_gives_the_same_rows(tmp_path: Path) -> None:
    shutil.copy(FIXTURE, tmp_path / "senet.db")
    url = f"sqlite:///{tmp_path}/senet.db"
    done = _rebuild("--store", url)
    assert done.returncode == 0, done.stderr
    store = open_store(url)
    db = ReadModelDB.of(store)
    assert set(positions(db).values()) == {store.last_position()}
    everything = {model: dump(db, model) for model in MODELS}
    assert len(everything["tables"]["rm_tables"]) == 6
    assert len(everything["results"]["rm_results"]) == 6  # three finished games of two
    summary = f"senet rebuild: disputes, results, tables, verdicts: {store.last_position()} events"
    assert summary in done.stderr

    done = _rebuild("--only", "results", "--store", url)
    assert done.returncode == 0, done.stderr
    assert {model: dump(db, model) for model in MODELS} == everything
    assert "senet rebuild: results:" in done.stderr
    assert _rebuild("--only", "nothing", "--store", url).returncode == 2
    store.close()
