"""`senet bench peers`: without Node.js it says so and stops; with it, both servers play the
same tic-tac-toe in every pair (senet also in the deployed layout), stdout is the JSON
report alone, and on PostgreSQL (with the in-process broker or RabbitMQ) the SIGKILL check
finds no acknowledged senet move missing (boardgame.io's figure is reported, not judged).
A server counts as started once each of its processes is ready, and a late /metrics is
waited for briefly, then reported missing."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from services.bench import peers
from services.bench.peers import Server, _counts, bgio_dir
from shared.ports import free_port
from tests.conftest import AMQP_URL, PG_URL, require_server

ROOT = Path(__file__).parent.parent.parent


def _bench(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "services.cli.main", "--log-level", "WARNING", "bench",
               "--postgres", PG_URL, "--amqp", AMQP_URL, "peers", *args]  # fmt: skip
    return subprocess.run(
        command, cwd=ROOT, env=env or dict(os.environ), capture_output=True, text=True,
        timeout=600,
    )  # fmt: skip


def test_without_node_the_bench_says_so_and_stops(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": str(tmp_path)}  # neither node nor npm on it
    done = _bench("--cache", str(tmp_path / "cache"), env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"skipped": "node or npm not found"}
    assert "Node.js and npm are needed" in done.stderr
    assert not (tmp_path / "cache").exists()


def _node() -> None:
    if shutil.which("node") is None or shutil.which("npm") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true: Node.js and npm must be installed")
        pytest.skip("Node.js and npm are not installed")


@pytest.mark.slow
@pytest.mark.integration
@pytest.mark.pg_processes
def test_both_servers_play_and_a_killed_senet_loses_no_acknowledged_move() -> None:
    _node()
    require_server("PostgreSQL", "127.0.0.1", 5432)
    require_server("RabbitMQ", "127.0.0.1", 5672)
    bgio = bgio_dir(None)
    assert bgio is not None and (bgio / "node_modules" / "boardgame.io").is_dir()
    done = _bench("--matches", "2", "--seconds", "1", "--kill-after", "1.5")
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["versions"]["boardgame.io"] == "0.50.2"
    assert report["versions"]["koa-compose"] == "4.1.0"  # its lobby API answers 404 with 4.2
    for kind in ("http", "socketio"):
        assert report["calibration"][kind]["round_trips_per_s"] > 0
    servers = {
        "memory": ("senet", "boardgame.io"),
        "postgres": ("senet", "boardgame.io"),
        "durable": ("senet", "senet-deployed", "boardgame.io"),
    }
    for pair, sides in servers.items():
        for side in sides:
            run = report["pairs"][pair][side]["2"]
            assert run["moves"] > 0 and run["errors"] == 0, (pair, side, run)
            assert run["mover_ms"]["p50"] > 0 and run["opponent_ms"]["p50"] > 0
            assert run["server_cpu_ms_per_move"] > 0 and run["server_rss_mb"] > 0
            if side.startswith("senet"):  # counted by the broker port (setup included)
                assert run["broker_messages_per_move"]["delivered"] > 1.0, run
            if side.startswith("senet") and pair != "memory":
                assert run["store_transactions_per_move"] > 0
    for pair in ("postgres", "durable"):
        durability = report["pairs"][pair]["durability"]
        for side in servers[pair]:
            assert durability[side]["acknowledged"] > 0, (pair, side)
            if side.startswith("senet"):
                assert durability[side]["missing"] == 0, (pair, side, durability)


# Two processes' probes as in the deployed layout: the gateway's answer at once, the table
# worker's /readyz only after a second (its /metrics at once), the broker count in both.
PROBES = """
import http.server, sys, threading, time
began = time.monotonic()
class Probe(http.server.BaseHTTPRequestHandler):
    late = 0.0
    def do_GET(self):
        ready = self.path != "/readyz" or time.monotonic() - began >= self.late
        self.send_response(200 if ready else 503)
        self.end_headers()
        self.wfile.write(b'senet_broker_messages_total{direction="delivered"} 3.0\\n')
    def log_message(self, *args):
        pass
class Late(Probe):
    late = 1.0
gateway, table = (http.server.HTTPServer(("127.0.0.1", int(p)), h)
                  for p, h in zip(sys.argv[1:], (Probe, Late)))
threading.Thread(target=table.serve_forever, daemon=True).start()
gateway.serve_forever()
"""


async def test_start_waits_until_every_process_of_the_server_is_ready() -> None:
    gateway, table = free_port(), free_port()
    metrics = {"gateway": f"http://127.0.0.1:{gateway}/metrics",
               "table": f"http://127.0.0.1:{table}/metrics"}  # fmt: skip
    command = [sys.executable, "-c", PROBES, str(gateway), str(table)]
    server = Server("senet-deployed", command, f"http://127.0.0.1:{gateway}", "/readyz",
                    dict(os.environ), metrics=metrics)  # fmt: skip
    await server.start()
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{table}/readyz") as answer:
                assert answer.status == 200
            assert await _counts(http, server) == {"published": 0.0, "delivered": 6.0}
    finally:
        server.stop()


async def test_counts_wait_for_a_late_metrics_server_and_else_are_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    port = free_port()
    server = Server("senet", [], "", "/readyz", {},
                    metrics={"server": f"http://127.0.0.1:{port}/metrics"})  # fmt: skip
    app = web.Application()

    async def metrics(request: web.Request) -> web.Response:
        return web.Response(text='senet_broker_messages_total{direction="published"} 2.0\n')

    app.router.add_get("/metrics", metrics)
    runner = web.AppRunner(app)
    await runner.setup()

    async def late() -> None:
        await asyncio.sleep(0.6)
        await web.TCPSite(runner, "127.0.0.1", port).start()

    starting = asyncio.create_task(late())
    try:
        async with aiohttp.ClientSession() as http:
            assert await _counts(http, server) == {"published": 2.0, "delivered": 0.0}
    finally:
        await starting
        await runner.cleanup()
    monkeypatch.setattr(peers, "COUNTS_SECONDS", 0.3)
    async with aiohttp.ClientSession() as http:  # nobody answers now: a missing figure
        assert await _counts(http, server) is None
