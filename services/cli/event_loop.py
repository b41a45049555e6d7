"""The event loop a verb runs on: uvloop by default, asyncio's own on request.

uvloop (libuv under asyncio's interface) runs the loop, its callbacks, timers and socket
transports in C: a move costs about a twentieth less CPU with it in one process, up to a
tenth in the deployed layout under load (docs/benchmarks.md, "uvloop"). The code is
written for asyncio and runs on either; the tests run in-process on asyncio's loop and
every verb they start as a process on uvloop.
Where uvloop is not installed (it is an optional build on some platforms) asyncio's loop
is used without a word: the choice changes speed, never behaviour.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, Literal, TypeVar

T = TypeVar("T")
Loop = Literal["uvloop", "asyncio"]


def run_coroutine(main: Coroutine[Any, Any, T], loop: Loop = "uvloop") -> T:
    """Run `main` to the end on a new loop of that kind, as `asyncio.run` does."""
    if loop == "uvloop":
        try:
            import uvloop
        except ImportError:
            pass
        else:
            return uvloop.run(main)
    return asyncio.run(main)
