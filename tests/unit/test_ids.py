"""Fresh ids are unique within a process and differ across processes, forks included."""

from __future__ import annotations

import os
import re

from shared.ids import fresh_id


def test_fresh_ids_are_32_hex_digits_and_never_repeat_in_a_process() -> None:
    ids = [fresh_id() for _ in range(10_000)]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids)


def test_a_forked_child_draws_a_prefix_of_its_own() -> None:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: send one id and leave at once
        os.write(write, fresh_id().encode())
        os._exit(0)
    os.close(write)
    child = os.read(read, 64).decode()
    os.waitpid(pid, 0)
    assert child[:16] != fresh_id()[:16]
