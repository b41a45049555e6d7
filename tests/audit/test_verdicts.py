"""Audit verdicts are durable: one per finished table, kept across restarts, equal on rebuild."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from prometheus_client import REGISTRY
from structlog.testing import capture_logs

from services.scoring.service import ScoringService
from shared.audit.verdicts import (
    MISMATCH,
    OK,
    VERDICT_TOPIC,
    new_verdict,
    save_verdict,
    save_verdicts,
)
from shared.readmodels import MODELS
from shared.readmodels.rebuild import rebuild
from shared.readmodels.schema import dump
from shared.store import EventStore, open_store
from tests.audit.kit import play_table


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty store: a SQLite file, or a private schema on the real PostgreSQL."""
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return f"sqlite:///{tmp_path}/senet.db"


def _stored_verdicts(store: EventStore) -> list[str]:
    """The table id of every verdict record in the store, in log order."""
    notes = store.notifications(0, 10_000, topics=[VERDICT_TOPIC])
    return [store.decode(note).table_id for note in notes]


def _outcomes(scoring: ScoringService) -> dict[str, str]:
    """Table id -> outcome of every verdict in the read model."""
    rows = scoring.readmodels.db.query("SELECT table_id, outcome FROM rm_verdicts")
    return {str(t): str(o) for t, o in rows}


def _counted(outcome: str) -> float:
    value = REGISTRY.get_sample_value("senet_audit_verifications_total", {"outcome": outcome})
    return value or 0.0


async def test_each_finished_game_gets_one_verdict_and_a_mismatch_is_flagged(
    store_url: str,
) -> None:
    store = open_store(store_url)
    honest = play_table(store, "sobek", 1)
    forged = play_table(store, "sobek", 2, forged=True)
    ok_before, mismatch_before = _counted(OK), _counted(MISMATCH)

    with capture_logs() as logs:
        scoring = ScoringService(store, None)
        await scoring.start()

    assert sorted(_stored_verdicts(store)) == sorted([honest, forged])
    assert [v.table_id for v in scoring.flagged] == [forged]
    flag = scoring.flagged[0]
    assert flag.outcome == MISMATCH and flag.game == "sobek"
    assert flag.divergence is not None and flag.divergence.kind == "seed_mismatch"
    assert "does not match the commitment" in flag.divergence.message
    assert _outcomes(scoring)[honest] == OK
    assert (_counted(OK) - ok_before, _counted(MISMATCH) - mismatch_before) == (1.0, 1.0)
    mismatches = [e for e in logs if e["event"] == "audit_mismatch"]
    assert [(e["table_id"], e["kind"]) for e in mismatches] == [(forged, "seed_mismatch")]
    await scoring.stop()


async def test_a_restart_keeps_the_flags_and_adds_no_second_verdict(store_url: str) -> None:
    url = store_url
    store = open_store(url)
    play_table(store, "ra", 1)
    forged = play_table(store, "ra", 2, forged=True)
    first = ScoringService(store, None)
    await first.start()
    counted = _counted(OK), _counted(MISMATCH)

    again = ScoringService(open_store(url), None)
    await again.start()

    assert again.metrics["games_verified"] == 0
    assert [v.table_id for v in again.flagged] == [forged]
    assert again.flagged == first.flagged
    assert _outcomes(again) == _outcomes(first) and len(_outcomes(again)) == 2
    assert len(_stored_verdicts(store)) == 2
    assert (_counted(OK), _counted(MISMATCH)) == counted
    await first.stop()
    await again.stop()


async def test_a_game_that_ended_while_scoring_was_down_is_verified_at_start(tmp_path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/senet.db")
    early = play_table(store, "sobek", 3)
    first = ScoringService(store, None)
    await first.start()
    await first.stop()  # scoring is down while the late game ends (else it might verify it)
    late = play_table(store, "sobek", 4)

    again = ScoringService(store, None)
    await again.start()

    assert again.metrics["games_verified"] == 1
    assert _stored_verdicts(store) == [early, late]
    assert again.flagged == []
    await again.stop()


async def test_a_verdict_saved_before_a_crash_is_not_verified_or_saved_again(tmp_path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/senet.db")
    table_id = play_table(store, "sobek", 5)
    # The predecessor saved the verdict, then died before recording its position.
    save_verdict(store, new_verdict(table_id, "sobek", store.last_position(), None))

    scoring = ScoringService(store, None)
    await scoring.start()

    assert scoring.metrics["games_verified"] == 0
    assert _stored_verdicts(store) == [table_id]
    await scoring.stop()


def test_saving_a_second_verdict_for_a_table_keeps_the_first() -> None:
    store = open_store("memory")
    first, new = save_verdict(store, new_verdict("t-1", "ra", 10, None))
    problem = first.divergence
    again, new_again = save_verdict(store, new_verdict("t-1", "ra", 10, problem))
    assert (new, new_again) == (True, False)
    assert again == first and again.outcome == OK
    assert _stored_verdicts(store) == ["t-1"]


@pytest.mark.parametrize("kind", ["memory", "sqlite", "postgresql"])
def test_verdicts_saved_together_keep_a_first_one_and_save_the_rest(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """One transaction for a look's verdicts; a table verified before (another instance)
    keeps its first verdict and the others are saved all the same."""
    urls = {"memory": "memory", "sqlite": f"sqlite:///{tmp_path}/senet.db"}
    store = open_store(urls.get(kind) or str(request.getfixturevalue("postgres_url")))
    together = save_verdicts(store, [partial(new_verdict, t, "ra", 5, None) for t in ("a", "b")])
    assert [new for _, new in together] == [True, True]
    first, _ = save_verdict(store, new_verdict("c", "ra", 7, None))
    drafts = [partial(new_verdict, t, "ra", 9, None) for t in ("d", "c", "e")]
    saved = save_verdicts(store, drafts)
    assert [new for _, new in saved] == [True, False, True]
    assert saved[1][0] == first and saved[1][0].ended_at == 7  # the first one stands
    assert sorted(_stored_verdicts(store)) == ["a", "b", "c", "d", "e"]


@pytest.mark.slow
async def test_the_rebuilt_scoring_model_equals_the_live_one_with_its_verdicts(tmp_path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/senet.db")
    for seed in range(3):
        play_table(store, "sobek", 10 + seed, forged=seed == 1)
    live = ScoringService(store, None)
    await live.start()

    before = {m: dump(live.readmodels.db, m) for m in MODELS}
    await rebuild(store)

    assert {m: dump(live.readmodels.db, m) for m in MODELS} == before
    assert len(before["results"]["rm_results"]) == 6
    assert len(before["verdicts"]["rm_verdicts"]) == 3
    assert len(live.flagged) == 1
    await live.stop()
