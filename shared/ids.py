"""Fresh ids for commands, requests, replies and sockets, without a system call each.

`uuid.uuid4()` reads 16 bytes from the kernel every time (a few percent of a busy gateway's
CPU); these ids are a random 64-bit prefix drawn once per process (again after a fork)
followed by a counter: 32 hex digits, as unique across processes as the prefix is.
Table ids stay UUIDs.
"""

from __future__ import annotations

import itertools
import os
import secrets

_state: dict[str, object] = {}


def _reset() -> None:
    _state["prefix"] = secrets.token_hex(8)
    _state["counter"] = itertools.count(1)


_reset()
os.register_at_fork(after_in_child=_reset)


def fresh_id() -> str:
    """A new 32-hex-digit id, unique within the process and (by its random prefix) across."""
    counter = _state["counter"]
    assert isinstance(counter, itertools.count)
    return f"{_state['prefix']}{next(counter):016x}"
