"""The README's curl walk-through, run as a newcomer runs it: twice against one store (the
second run must not trip over the names the first one took)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from aiohttp.test_utils import TestClient

README = Path(__file__).resolve().parents[2] / "README.md"


def walkthrough() -> str:
    """The shell block after "By hand with curl"."""
    text = README.read_text()
    start = text.index("By hand with curl")
    block = re.search(r"```\n(.*?)```", text[start:], re.S)
    assert block is not None
    return block.group(1)


async def test_the_curl_walkthrough_runs_twice_on_one_store(client: TestClient) -> None:
    base = f"http://{client.server.host}:{client.server.port}"
    script = walkthrough().replace("http://127.0.0.1:8080", base)
    assert "B=" + base in script
    for _ in range(2):
        shell = await asyncio.create_subprocess_exec(
            "bash", "-e", "-o", "pipefail", "-c", script,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, err = await asyncio.wait_for(shell.communicate(), 120)
        assert shell.returncode == 0, err.decode()
        answers = _answers(out.decode())
        assert len(answers) == 6, out.decode()[-500:]  # join, start, view, move, log, resign
        assert answers[-1].get("accepted") is True, answers[-1]  # zoe gave up


def _answers(out: str) -> list[dict]:
    """The JSON answers curl printed one after the other."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while at < len(out):
        if out[at].isspace():
            at += 1
            continue
        answer, at = decoder.raw_decode(out, at)
        found.append(answer)
    return found
