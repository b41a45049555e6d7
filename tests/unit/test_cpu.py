"""CPU time per process tree, read from /proc, and the per-move arithmetic."""

from __future__ import annotations

import subprocess
import sys

import pytest

from services.bench import cpu

BURN = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"


@pytest.mark.skipif(not cpu.PROC.is_dir(), reason="no /proc on this system")
def test_a_child_trees_cpu_is_counted_for_its_part_and_not_for_its_parent() -> None:
    # Each program says when its burning is over, and is sampled then (not after a time:
    # on a busy machine a burn takes longer than its CPU seconds).
    parent = subprocess.Popen([sys.executable, "-c", f"import subprocess,sys\n"
                               f"subprocess.run([sys.executable, '-c', {BURN!r}])\n"
                               "print('done', flush=True)\n"
                               "import time; time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert parent.stdout is not None and parent.stdout.readline() == "done\n"
        sampled = cpu.sample({"tree": parent.pid}, {"none": "no-such-program"})
        assert sampled is not None
        used = cpu.seconds(sampled)
        assert used["none"] == 0.0
        # A finished child's time is in its parent's cumulative fields: not counted here.
        assert 0.0 <= used["tree"] < 0.3
    finally:
        parent.kill()
        parent.wait()
    burner = subprocess.Popen([sys.executable, "-c", BURN + "print('done', flush=True)\n"
                               "time.sleep(60)"], stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert burner.stdout is not None and burner.stdout.readline() == "done\n"
        sampled = cpu.sample({"burner": burner.pid}, {})
        assert sampled is not None and cpu.seconds(sampled)["burner"] >= 0.25
    finally:
        burner.kill()
        burner.wait()


def test_per_move_divides_each_parts_difference_and_adds_a_total() -> None:
    before = {"gateway": {10: 1.0}, "bots": {}}
    after = {"gateway": {10: 3.0}, "bots": {20: 1.0}}
    assert cpu.per_move(before, after, 1000) == {"gateway": 2.0, "bots": 1.0, "total": 3.0}
    assert cpu.per_move(None, after, 1000) is None
    assert cpu.per_move(before, after, 0) is None


def test_a_process_that_ended_between_the_samples_never_makes_a_part_negative() -> None:
    # Another test's PostgreSQL backend (pid 31) used 40 s and left; ours (30) used 0.5 s
    # more; a new one (32) started and used 0.25 s.
    before = {"postgresql": {30: 2.0, 31: 40.0}}
    after = {"postgresql": {30: 2.5, 32: 0.25}}
    assert cpu.per_move(before, after, 1000) == {"postgresql": 0.75, "total": 0.75}
