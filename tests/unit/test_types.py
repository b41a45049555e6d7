"""mypy passes on shared/ and services/ (the types are checked by the test command)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_finds_no_type_error() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "shared", "services"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
