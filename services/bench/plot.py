"""The PNG figures of `senet bench load --plot DIR` (matplotlib, imported only here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

INSTALL_HINT = "senet bench load --plot needs matplotlib: pip install 'senet[bench]'"


def require_matplotlib() -> Any:
    """The pyplot module on the Agg backend; a clear error if matplotlib is missing."""
    try:
        import matplotlib
    except ImportError as exc:
        raise SystemExit(INSTALL_HINT) from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def draw(report: dict[str, Any], out: Path) -> list[Path]:
    """Write load.png (both panels), load/latency.png, load/throughput.png, load/report.json."""
    plt = require_matplotlib()
    (out / "load").mkdir(parents=True, exist_ok=True)
    written = []
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    _latency(left, report)
    _throughput(right, report)
    figure.suptitle(_title(report), fontsize=9)
    figure.tight_layout()
    written.append(_save(figure, out / "load.png"))
    for name, panel in (("latency", _latency), ("throughput", _throughput)):
        figure, axes = plt.subplots(figsize=(6, 4.2))
        panel(axes, report)
        figure.suptitle(_title(report), fontsize=8)
        figure.tight_layout()
        written.append(_save(figure, out / "load" / f"{name}.png"))
    plt.close("all")
    path = out / "load" / "report.json"
    path.write_text(json.dumps(report, indent=2) + "\n")
    written.append(path)
    return written


def _save(figure: Any, path: Path) -> Path:
    figure.savefig(path, dpi=110)
    return path


def _title(report: dict[str, Any]) -> str:
    setup = report["setup"]
    store, broker = (setup[key].split(":")[0] for key in ("store", "broker"))
    return f"store: {store}, broker: {broker} (raw floor measured in the same run)"


def _floor(report: dict[str, Any]) -> float | None:
    floor = report.get("raw_floor") or {}
    return floor.get("per_s")


def _latency(axes: Any, report: dict[str, Any]) -> None:
    runs = sorted(report["sweep"]["latency"], key=lambda run: run["offered_per_s"] or 0)
    offered = [run["offered_per_s"] for run in runs]
    for q, style in (("p50", "o-"), ("p99", "s--")):
        axes.plot(offered, [run["latency_ms"][q] for run in runs], style, label=f"{q} move")
    achieved = axes.twinx()
    achieved.plot(offered, [run["moves_per_s"] for run in runs], "^:", color="grey")
    achieved.set_ylabel("achieved moves/s (grey)")
    workers = runs[0]["workers"] if runs else "?"
    axes.set_title(f"move latency against offered load ({workers} table worker(s))", fontsize=10)
    axes.set_xlabel("offered moves/s")
    axes.set_ylabel("latency (ms)")
    axes.set_ylim(bottom=0)
    floor = _floor(report)
    if floor:
        axes.axvline(floor, color="red", linewidth=0.8, label=f"raw floor {floor:.0f} req/s")
    axes.legend(loc="upper left", fontsize=8)


def _throughput(axes: Any, report: dict[str, Any]) -> None:
    runs = report["sweep"]["throughput"]
    labels = [str(run["workers"]) for run in runs]
    bars = axes.bar(labels, [run["moves_per_s"] for run in runs], color="#4878a8")
    for bar, run in zip(bars, runs, strict=True):
        top = (bar.get_x() + bar.get_width() / 2, bar.get_height())
        label = f"p99 {run['latency_ms']['p99']:.0f} ms"
        axes.annotate(label, top, ha="center", va="bottom", fontsize=8)
    floor = _floor(report)
    if floor:
        axes.axhline(floor, color="red", linewidth=0.8, label=f"raw floor {floor:.0f} req/s")
        axes.legend(loc="lower right", fontsize=8)
    axes.set_title(f"throughput, {runs[0]['tables'] if runs else '?'} tables flat out", fontsize=10)
    axes.set_xlabel("table workers")
    axes.set_ylabel("moves/s")
