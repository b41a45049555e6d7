"""One move's correlation id in the JSON logs of gateway, table, relay and projectors."""

from __future__ import annotations

import asyncio
import json
import sys
import uuid
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.helpers import free_port
from tests.observekit import scrape, until, value

pytestmark = pytest.mark.slow


async def _post(session: aiohttp.ClientSession, url: str, body: Any, **kw: Any) -> Any:
    async with session.post(url, json=body, **kw) as response:
        assert response.status in (200, 201), await response.text()
        return await response.json(), response.headers


async def test_a_moves_correlation_id_is_in_every_services_log_lines(tmp_path: Path) -> None:
    port = free_port()
    errors = (tmp_path / "stderr.log").open("wb")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "services.cli.main", "--log-json", "--log-level", "DEBUG",
        "serve", "--store", f"sqlite:///{tmp_path}/senet.db", "--port", str(port),
        "--prefix", "t" + uuid.uuid4().hex[:8],
        stdout=asyncio.subprocess.PIPE, stderr=errors,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        assert b"listening" in await asyncio.wait_for(process.stdout.readline(), 60)
        base = f"http://127.0.0.1:{port}/api"
        async with aiohttp.ClientSession() as session:
            auth = []
            for name in ("ann", "bob"):
                player, _ = await _post(session, f"{base}/players", {"name": name})
                auth.append({"Authorization": f"Bearer {player['token']}"})
            table, _ = await _post(
                session, f"{base}/tables", {"game": "ra", "seats": 2}, headers=auth[0]
            )
            table_id = table["table_id"]
            tables = f"{base}/tables/{table_id}"
            await _post(session, f"{tables}/join", {}, headers=auth[1])
            started, _ = await _post(session, f"{tables}/start", {}, headers=auth[0])
            seat = started["to_act"][0]
            async with session.get(f"{base}/tables/{table_id}/view", headers=auth[seat]) as got:
                move = (await got.json())["legal_moves"][0]
            body = {"move": move, "command_id": "cmd-traced"}
            headers = {**auth[seat], "X-Correlation-Id": "corr-traced-1"}
            moved, answer = await _post(
                session, f"{base}/tables/{table_id}/moves", body, headers=headers
            )
            assert answer["X-Correlation-Id"] == "corr-traced-1"

            async def scored() -> bool:  # read models follow on their own; answers wait for views
                samples = await scrape(f"http://127.0.0.1:{port}/metrics")
                position = "senet_projector_position"
                views = value(samples, position, projector="views")
                return value(samples, position, projector="readmodels") >= views > 0

            await until(scored, "scoring applied the move")
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), 30)
        errors.close()
    lines = [json.loads(line) for line in (tmp_path / "stderr.log").read_text().splitlines()]
    traced = [line for line in lines if line.get("correlation_id") == "corr-traced-1"]
    by_event: dict[str, list[dict[str, Any]]] = {}
    for line in traced:
        by_event.setdefault(line["event"], []).append(line)
        assert line["table_id"] == table_id and line["command_id"] == "cmd-traced", line
        assert line["seat"] == seat, line
    assert len(by_event["request_handled"]) == 1  # gateway
    assert len(by_event["command_accepted"]) == 1  # table worker
    assert len(by_event["event_published"]) == len(moved["events"])  # relay
    projectors = [line["projector"] for line in by_event["event_applied"]]
    assert projectors.count("views") == len(moved["events"])
    assert projectors.count("readmodels") == len(moved["events"])
