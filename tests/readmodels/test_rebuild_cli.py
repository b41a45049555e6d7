"""`senet rebuild` builds the read models of a store from zero, one or all of them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from services.cli.main import main
from shared.readmodels import MODELS, ReadModelDB
from shared.readmodels.schema import dump, positions
from shared.store import open_store

FIXTURE = Path(__file__).parent.parent / "fixtures" / "old-store" / "senet.db"


def test_rebuild_all_then_one_gives_the_same_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(FIXTURE, tmp_path / "senet.db")
    url = f"sqlite:///{tmp_path}/senet.db"
    assert main(["rebuild", "--store", url]) == 0
    store = open_store(url)
    db = ReadModelDB.of(store)
    assert set(positions(db).values()) == {store.last_position()}
    everything = {model: dump(db, model) for model in MODELS}
    assert len(everything["tables"]["rm_tables"]) == 6
    assert len(everything["results"]["rm_results"]) == 6  # three finished games of two
    summary = f"senet rebuild: results, tables, verdicts: {store.last_position()} events"
    assert summary in capsys.readouterr().err

    assert main(["rebuild", "--only", "results", "--store", url]) == 0
    assert {model: dump(db, model) for model in MODELS} == everything
    assert "results:" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["rebuild", "--only", "nothing", "--store", url])
    db.close()
