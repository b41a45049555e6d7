"""A role's process settles its garbage collector once it serves: what start-up allocated
is frozen (`services/cli/heap.py`), so full collections under load walk only newer objects."""

from __future__ import annotations

import asyncio
import sys
import uuid
from pathlib import Path

import pytest

from tests.helpers import free_port
from tests.observekit import scrape, until, value

pytestmark = pytest.mark.slow


async def test_senet_serve_freezes_its_start_up_heap_once_it_serves(tmp_path: Path) -> None:
    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "services.cli.main", "--log-level", "WARNING",
        "serve", "--store", f"sqlite:///{tmp_path}/senet.db", "--port", str(port),
        "--prefix", "t" + uuid.uuid4().hex[:8],
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    frozen = 0.0
    try:
        assert process.stdout is not None
        assert b"listening" in await asyncio.wait_for(process.stdout.readline(), 60)

        async def settled() -> bool:
            nonlocal frozen
            samples = await scrape(f"http://127.0.0.1:{port}/metrics")
            frozen = value(samples, "senet_heap_frozen_objects")
            return frozen > 0

        await until(settled, "the heap settled")
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), 30)
    # The whole platform's modules and roles: far more than a bare interpreter's few
    # thousand objects.
    assert frozen > 50_000
