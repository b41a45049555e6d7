"""`senet bench load`: a tiny embedded run reports moves, latency, lag, errors and the floor."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from services.cli.main import main

pytestmark = pytest.mark.slow

TINY = ["--log-level", "WARNING", "bench", "load", "--store", "memory", "--tables", "2",
        "--duration", "1.5", "--floor-seconds", "0.5"]  # fmt: skip
NO_MATPLOTLIB = "import sys; sys.modules['matplotlib'] = None; from services.cli.main import main; "


def test_a_tiny_embedded_load_run_reports_moves_latency_lag_and_the_raw_floor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(TINY) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["setup"]["broker"] == "memory"
    (run,) = report["runs"]
    assert run["moves"] > 0 and run["moves_per_s"] > 0
    assert run["errors"] == 0 and run["error_codes"] == {}
    assert set(run["latency_ms"]) == set(run["projector_lag_ms"]) == {"p50", "p95", "p99"}
    assert run["latency_ms"]["p50"] <= run["latency_ms"]["p95"] <= run["latency_ms"]["p99"]
    push = run["push_ms"]  # the other seats' sockets, from the move's request
    assert 0 < push["p50"] <= push["p95"] <= push["p99"]
    assert run["views_fetched"] < run["moves"]  # the bots play on pushed views
    assert 0 <= run["views_pushed_before_answer"] <= 1
    assert report["raw_floor"]["per_s"] > 0 and report["raw_floor"]["count"] > 0
    cpu = run["cpu_ms_per_move"]  # the embedded platform is this process; the bots their own
    assert {"platform", "bots", "rabbitmq", "postgresql", "total"} <= set(cpu)
    assert cpu["platform"] > 0 and cpu["bots"] > 0
    assert cpu["total"] == pytest.approx(sum(v for k, v in cpu.items() if k != "total"), abs=0.01)
    assert report["best_ratio_to_floor"] > 0


def test_a_sweep_draws_latency_and_throughput_plots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    assert main([*TINY, "--duration", "1", "--rates", "40", "--plot", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [run["workers"] for run in report["sweep"]["throughput"]] == [1, 2, 4]
    assert [run["offered_per_s"] for run in report["sweep"]["latency"]] == [40.0]
    for png in ("load.png", "load/latency.png", "load/throughput.png"):
        assert (tmp_path / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads((tmp_path / "load" / "report.json").read_text()) == report


def test_help_works_without_matplotlib_and_plot_says_what_to_install(tmp_path: Path) -> None:
    shown = subprocess.run(
        [sys.executable, "-c", NO_MATPLOTLIB + "main(['bench', 'load', '--help'])"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert shown.returncode == 0 and "--workers" in shown.stdout
    plot = subprocess.run(
        [sys.executable, "-c", NO_MATPLOTLIB + f"main({[*TINY, '--plot', str(tmp_path)]!r})"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert plot.returncode != 0 and "pip install 'senet[bench]'" in plot.stderr
    assert not list(tmp_path.iterdir())
