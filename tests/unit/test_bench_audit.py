"""`senet bench audit` with tiny numbers on the embedded store: the report's shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from services.bench.audit import GAMES, run_bench_audit
from services.cli.main import build_parser

pytestmark = pytest.mark.slow

VERIFY_KEYS = {
    "games",
    "events_per_game",
    "fold_ms",
    "export_ms",
    "verify_record_ms",
    "replay_verify_ms",
    "replay_verify_to_fold",
}


async def test_bench_audit_reports_replay_verify_per_game_and_rebuild_speed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path}/bench.db"
    count = len(GAMES)  # one game of each registered game
    args = build_parser().parse_args(
        ["bench", "audit", "--games", str(count), "--verify-games", "1", "--store", url]
    )
    assert await args.bench_run(args) == 0
    out = capsys.readouterr().out
    report = json.loads(out[out.index('{\n  "audit"') :])["audit"]  # after any log line

    assert report["store"] == "sqlite"
    populate, rebuild, verify = report["populate"], report["rebuild"], report["verify"]
    assert populate["games"] == count and populate["events"] == rebuild["events"] > count * 50
    assert rebuild["tables"] == rebuild["results"] == count
    for key in (
        "raw_read_events_per_s",
        "read_decode_events_per_s",
        "views_events_per_s",
        "scoring_events_per_s",
        "all_read_models_events_per_s",
        "all_read_models_cpu_events_per_s",
    ):
        assert rebuild[key] > 0, key
    assert rebuild["all_read_models_events_per_s"] < min(
        rebuild["views_events_per_s"], rebuild["scoring_events_per_s"]
    )
    assert set(verify) == set(GAMES)
    for game in GAMES:
        assert set(verify[game]) == VERIFY_KEYS
        assert verify[game]["games"] == 1 and verify[game]["events_per_game"] >= 8  # whole games
        assert verify[game]["fold_ms"] > 0 and verify[game]["replay_verify_ms"] > 0

    again = build_parser().parse_args(["bench", "audit", "--games", "1", "--store", url])
    assert await run_bench_audit(again) == 2  # never fills a store that holds events


def test_bench_without_a_kind_still_runs_the_platform_benchmark() -> None:
    args = build_parser().parse_args(["bench", "--quick", "--skip-servers"])
    assert args.quick and args.skip_servers
    assert getattr(args, "bench_run", None) is None
