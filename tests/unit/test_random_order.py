"""The random order's seed is printed even with -q, so a CI log can replay an order."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_seed_of_the_random_order_is_shown_with_q() -> None:
    run = subprocess.run(
        # One process (-n 0): three xdist workers starting beside a busy suite once took
        # more than the timeout.
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "--randomly-seed=4242",
         "tests/unit/test_packaging.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "--randomly-seed=4242" in run.stdout
