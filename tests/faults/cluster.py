"""The platform as separate real processes (`senet gateway`, `table`, `relay`, `scoring`).

Each role runs as its own OS process on the real RabbitMQ and PostgreSQL, logs JSON to a
file per incarnation, and can be SIGKILLed and started again. Every PostgreSQL connection
of the processes carries the test's `application_name` (libpq's `PGAPPNAME`), so a test can
drop exactly its own connections.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import aiohttp
import psycopg

from shared.messaging.amqp import AmqpBroker
from shared.messaging.port import Topology
from tests.helpers import free_port

T = TypeVar("T")
ROLES = ("table", "relay", "scoring", "gateway")
START_PATIENCE = 90.0  # seconds a restarted role may take on a busy 2-core machine


@dataclass
class Cluster:
    """One deployment: a store schema, a broker prefix, and a process per role."""

    store: str
    broker: str
    prefix: str
    logs: Path
    shards: int = 4
    port: int = field(default_factory=free_port)
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    starts: dict[str, int] = field(default_factory=dict)
    env: dict[str, dict[str, str]] = field(default_factory=dict)  # extra variables per role

    @property
    def app_name(self) -> str:
        """The PostgreSQL application_name of every connection the processes open."""
        return f"senet-{self.prefix}"

    @property
    def url(self) -> str:
        """The gateway's base URL (the same port across restarts)."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, role: str) -> None:
        """Start one role's process (a fresh log file per incarnation)."""
        assert role not in self.processes, f"{role} is already running"
        self.starts[role] = self.starts.get(role, 0) + 1
        argv = [sys.executable, "-m", "services.cli.main", "--log-json", role,
                "--store", self.store, "--broker", self.broker, "--prefix", self.prefix,
                "--shards", str(self.shards)]  # fmt: skip
        if role == "table":
            argv.append("--no-relay")  # the relay is its own process here
        if role == "gateway":
            argv += ["--port", str(self.port)]
        env = {**os.environ, "PGAPPNAME": self.app_name, "SENET_LOG_LEVEL": "INFO"}
        env.update(self.env.get(role, {}))
        log = self.logs / f"{role}.{self.starts[role]}.log"
        with log.open("wb") as out:
            self.processes[role] = subprocess.Popen(argv, env=env, stdout=out, stderr=out)

    def kill(self, role: str) -> None:
        """SIGKILL a role's process: no shutdown code runs, nothing is acked or flushed."""
        process = self.processes.pop(role)
        process.send_signal(signal.SIGKILL)
        process.wait()

    async def restart(self, role: str) -> None:
        """Start a role again and wait until it is serving."""
        self.start(role)
        await self.ready(role)

    async def ready(self, role: str) -> None:
        """Wait until a role serves: the gateway answers /readyz, the others log readiness."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + START_PATIENCE
        while True:
            self.assert_running()
            if await self._is_ready(role):
                return
            assert loop.time() < deadline, f"{role} did not become ready"
            await asyncio.sleep(0.1)

    async def _is_ready(self, role: str) -> bool:
        if role == "gateway":
            try:
                async with (
                    aiohttp.ClientSession() as session,
                    session.get(self.url + "/readyz") as response,
                ):
                    return response.status == 200
            except aiohttp.ClientError:
                return False
        marker = {
            "table": None, "relay": "projection_active", "scoring": "scoring_ready",
            "bots": "projection_active",
        }[role]  # fmt: skip
        if marker is None:  # a table worker logs nothing at start; its queue waits for it
            return True
        return any(
            line.get("event") == marker and line.get("projection", role) == role
            for line in self.log_lines(role, latest=True)
        )

    def log_lines(self, role: str, *, latest: bool = False) -> list[dict[str, Any]]:
        """The JSON log lines of a role (every incarnation, or the latest one)."""
        first = self.starts.get(role, 0) if latest else 1
        lines: list[dict[str, Any]] = []
        for number in range(first, self.starts.get(role, 0) + 1):
            text = (self.logs / f"{role}.{number}.log").read_text(errors="replace")
            for raw in text.splitlines():
                if raw.startswith("{"):
                    try:
                        lines.append(json.loads(raw))
                    except ValueError:
                        continue  # a line cut short by SIGKILL
        return lines

    def assert_running(self) -> None:
        """Every started role is still running (else fail with the end of its log)."""
        for role, process in self.processes.items():
            if process.poll() is not None:
                log = self.logs / f"{role}.{self.starts[role]}.log"
                tail = "\n".join(log.read_text(errors="replace").splitlines()[-30:])
                raise AssertionError(f"{role} exited with {process.returncode}:\n{tail}")

    async def guard(self, awaitable: Awaitable[T]) -> T:
        """Await something while checking that no role died meanwhile."""
        task = asyncio.ensure_future(awaitable)
        try:
            while not task.done():
                await asyncio.wait({task}, timeout=0.5)
                self.assert_running()
            return task.result()
        finally:
            task.cancel()

    async def start_all(self) -> None:
        """Start every role and wait until each serves."""
        for role in ROLES:
            self.start(role)
        for role in ROLES:
            await self.ready(role)

    def stop_all(self) -> None:
        """SIGTERM every role, then SIGKILL what is still running after a grace period."""
        for process in self.processes.values():
            process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.processes.clear()

    def drop_connections(self) -> int:
        """Terminate every PostgreSQL backend of this cluster's processes; returns how many."""
        with psycopg.connect(_server_url(self.store), autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE application_name = %s",
                (self.app_name,),
            ).fetchall()
        return sum(1 for (terminated,) in rows if terminated)

    def consumers(self) -> dict[str, int]:
        """Consumers per queue of this prefix, as RabbitMQ counts them (rabbitmqctl)."""
        out = run(["rabbitmqctl", "list_queues", "name", "consumers", "--formatter", "json", "-q"])
        rows = json.loads(out)
        return {r["name"]: r["consumers"] for r in rows if r["name"].startswith(self.prefix + ".")}

    async def delete_broker_objects(self) -> None:
        """Delete the queues and exchanges of this prefix (the durable ones outlive us)."""
        broker = AmqpBroker(self.broker, Topology(shards=self.shards), self.prefix)
        await broker.connect()

        async def ignore(_: Any) -> None:
            return None

        # Declares the scoring queues (same arguments) so that cleanup() deletes them too.
        await broker.subscribe(broker.topology.events_exchange, "#", ignore, queue="scoring")
        await broker.cleanup()


def _server_url(store: str) -> str:
    """The store URL without its `?schema=` query (psycopg does not take it)."""
    return store.split("?", 1)[0]


def run(argv: list[str]) -> str:
    """Run a command (rabbitmqctl) and return its output; fail loudly."""
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, f"{argv}: {done.stdout}{done.stderr}"
    return done.stdout


def start_rabbitmq() -> None:
    """`rabbitmqctl start_app` (tried again if it fails), then wait until it serves."""
    for attempt in range(1, 4):
        done = subprocess.run(["rabbitmqctl", "start_app"], capture_output=True, timeout=120)
        if done.returncode == 0 or attempt == 3:
            break
        time.sleep(1.0)
    run(["rabbitmqctl", "await_startup"])
