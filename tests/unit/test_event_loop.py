"""The verbs' event loop: uvloop by default, asyncio's own when asked (`--event-loop`,
SENET_EVENT_LOOP)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
import uvloop

from services.cli.event_loop import run_coroutine
from services.cli.main import build_parser


async def _loop_kind() -> str:
    loop = asyncio.get_running_loop()
    await asyncio.sleep(0)  # it runs callbacks, not only the first step
    return "uvloop" if isinstance(loop, uvloop.Loop) else type(loop).__module__


def test_the_default_runs_a_verb_on_uvloop_and_asyncio_on_request() -> None:
    assert run_coroutine(_loop_kind()) == "uvloop"
    assert run_coroutine(_loop_kind(), "asyncio") == "asyncio.unix_events"


def test_the_loop_is_a_setting_of_every_verb(monkeypatch: pytest.MonkeyPatch) -> None:
    assert build_parser().parse_args(["serve"]).event_loop == "uvloop"
    monkeypatch.setenv("SENET_EVENT_LOOP", "asyncio")
    assert build_parser().parse_args(["gateway"]).event_loop == "asyncio"
    args = build_parser().parse_args(["gateway", "--event-loop", "uvloop"])
    assert args.event_loop == "uvloop"  # a flag wins over its variable
    monkeypatch.setenv("SENET_EVENT_LOOP", "trio")
    with pytest.raises(ValueError, match="SENET_EVENT_LOOP"):
        build_parser()


def test_a_verb_refuses_an_unknown_loop_with_the_choices() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "services.cli.main", "--event-loop", "trio", "games"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "--event-loop" in done.stderr and "uvloop" in done.stderr
