"""Table workers share the command shards: disjoint shares covering every shard, take-over
when a worker dies, rebalancing when it comes back (both adapters; real processes)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from services.cli.platform import Platform, PlatformConfig
from services.table.shards import ShardAssigner
from shared.messaging.port import Broker, Delivery, Topology
from shared.messaging.routing import shard_of
from shared.messaging.urls import broker_from_url
from tests.integration.test_broker_contract import until
from tests.integration.test_real_servers import _stored_table_events
from tests.platform import Player, open_table, play_moves

pytestmark = pytest.mark.pg_processes  # platform processes on PostgreSQL (tests/conftest.py)

TOPOLOGY = Topology(shards=6)
Decided = list[tuple[str, int]]  # (worker, shard), in the order they were decided


def shares(decided: Decided) -> dict[str, set[int]]:
    """The shards each worker decided commands of."""
    out: dict[str, set[int]] = {}
    for worker, shard in decided:
        out.setdefault(worker, set()).add(shard)
    return out


def assert_shared(decided: Decided, workers: int, shards: int) -> None:
    """Exactly `workers` workers decided, on disjoint sets of shards covering all."""
    by_worker = shares(decided)
    assert len(by_worker) == workers, by_worker
    union: set[int] = set()
    for owned in by_worker.values():
        assert not owned & union, f"a shard was served by two workers: {by_worker}"
        union |= owned
    assert union == set(range(shards)), by_worker


class _Group:
    """In-process workers (recording handlers) on one broker prefix."""

    def __init__(self, url: str, prefix: str) -> None:
        self.url, self.prefix = url, prefix
        self.decided: Decided = []
        self.members: dict[str, tuple[Broker, ShardAssigner]] = {}

    async def join(self, name: str) -> ShardAssigner:
        broker = broker_from_url(self.url, TOPOLOGY, self.prefix)
        await broker.connect()

        async def handle(delivery: Delivery) -> bytes:
            self.decided.append((name, int(delivery.body)))
            return b"ok"

        assigner = ShardAssigner(broker, handle, interval=0.05, worker_id=name)
        await assigner.start()
        self.members[name] = (broker, assigner)
        return assigner

    async def leave(self, name: str) -> None:
        broker, assigner = self.members.pop(name)
        await assigner.stop()
        await broker.close()

    async def settled(self, size: int) -> None:
        await until(lambda: all(len(a.settled) == size for _, a in self.members.values()))

    async def round(self, client: Broker) -> Decided:
        """What a round of 3 commands per shard was decided by, once the lines have healed.

        A client's "settled" is ahead of the quorum queues, which apply consumer changes
        through Raft: for a moment after a rebalance a shard may still deliver to a worker
        that stepped back, which then decides that command and steps back again (the
        self-healing the design relies on). A first round lets that happen; the second,
        returned, shows the steady state.
        """
        await self._one_round(client)
        return await self._one_round(client)

    async def _one_round(self, client: Broker) -> Decided:
        start = len(self.decided)
        for _ in range(3):
            for shard in range(TOPOLOGY.shards):
                await client.request(shard, str(shard).encode(), timeout=10)
        return self.decided[start:]


@pytest.fixture(params=["memory", "amqp"])
async def group(request: pytest.FixtureRequest, unique_name: str) -> AsyncIterator[_Group]:
    """A group of in-process workers; everything closed and cleaned up afterwards."""
    url = "memory" if request.param == "memory" else request.getfixturevalue("amqp_url")
    made = _Group(url, unique_name)
    yield made
    for name in list(made.members):
        await made.leave(name)
    cleaner = broker_from_url(url, TOPOLOGY, unique_name)
    await cleaner.connect()
    await cleaner.cleanup()


async def test_workers_share_the_shards_take_over_and_rebalance(group: _Group) -> None:
    client = broker_from_url(group.url, TOPOLOGY, group.prefix)
    await client.connect()
    try:
        await group.join("a")
        await group.settled(1)
        assert_shared(await group.round(client), 1, TOPOLOGY.shards)
        await group.join("b")
        await group.settled(2)
        assert_shared(await group.round(client), 2, TOPOLOGY.shards)
        await group.leave("a")
        await group.settled(1)
        only_b = await group.round(client)
        assert_shared(only_b, 1, TOPOLOGY.shards) and {w for w, _ in only_b} == {"b"}
        await group.join("c")
        await group.join("d")
        await group.settled(3)
        assert_shared(await group.round(client), 3, TOPOLOGY.shards)
    finally:
        await client.close()


# --- real processes on RabbitMQ and PostgreSQL ---------------------------------------------


class _Worker:
    """A `senet table --no-relay` process logging JSON lines to a file."""

    def __init__(self, config: PlatformConfig, log: Path) -> None:
        self.log = log
        # command_accepted is a DEBUG line (one per move)
        env = {**os.environ, "SENET_LOG_LEVEL": "DEBUG", "SENET_LOG_JSON": "1"}
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "services.cli.main", "table", "--no-relay",
                 "--store", config.store, "--broker", config.broker, "--prefix", config.prefix,
                 "--shards", str(config.shards)],
                env=env, stderr=out, stdout=out,
            )  # fmt: skip

    def lines(self) -> list[dict[str, object]]:
        out = []
        for raw in self.log.read_text().splitlines():
            if raw.startswith("{"):
                out.append(json.loads(raw))
        return out

    def members(self) -> int:
        """How many workers its latest assignment counted (0: none yet)."""
        assigned = [line for line in self.lines() if line.get("event") == "shards_assigned"]
        return len(assigned[-1]["members"]) if assigned else 0  # type: ignore[arg-type]

    def decided(self, shards: int, since: int) -> Decided:
        """(worker, shard) of every command it accepted, after line number `since`."""
        return [
            (str(line["worker"]), shard_of(str(line["table_id"]), shards))
            for line in self.lines()[since:]
            if line.get("event") == "command_accepted"
        ]

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()


async def _wait_members(workers: list[_Worker], size: int) -> None:
    for worker in workers:
        assert worker.process.poll() is None, worker.log.read_text()[-2000:]
    await until(lambda: all(w.members() == size for w in workers), timeout=60)


async def _round(
    client: object, tables: list[tuple[str, list[Player]]], workers: list[_Worker], shards: int,
    seed: int,
) -> tuple[int, Decided]:  # fmt: skip
    """Two moves on every table at once; the accepted count and who decided them."""
    marks = [len(w.lines()) for w in workers]
    counts = await asyncio.gather(
        *(play_moves(client, t, players, seed=seed + i, limit=2)  # type: ignore[arg-type]
          for i, (t, players) in enumerate(tables))
    )  # fmt: skip
    decided = [d for w, mark in zip(workers, marks, strict=True) for d in w.decided(shards, mark)]
    return sum(counts), decided


async def test_killed_worker_hands_its_shards_over_and_a_restarted_one_shares_again(
    real_config: PlatformConfig, aiohttp_client: Callable[..., Awaitable[object]], tmp_path: Path
) -> None:
    shards = real_config.shards
    front = Platform(
        PlatformConfig(
            store=real_config.store, broker=real_config.broker, prefix=real_config.prefix,
            shards=shards, roles=frozenset({"gateway", "relay"}),
        )
    )  # fmt: skip
    await front.start()
    workers = [_Worker(real_config, tmp_path / "a.log")]
    try:
        await _wait_members(workers, 1)
        workers.append(_Worker(real_config, tmp_path / "b.log"))
        await _wait_members(workers, 2)
        assert front.app is not None
        client = await aiohttp_client(front.app)
        tables: list[tuple[str, list[Player]]] = []
        while {shard_of(t, shards) for t, _ in tables} != set(range(shards)):
            tables.append(await open_table(client, "ra", 3))  # type: ignore[arg-type]
        accepted, decided = await _round(client, tables, workers, shards, seed=1)
        assert_shared(decided, 2, shards)

        workers[0].process.send_signal(signal.SIGKILL)
        moved, _ = await _round(client, tables, workers, shards, seed=2)  # during the take-over
        accepted += moved
        survivor = workers[1]
        await _wait_members([survivor], 1)
        moved, decided = await _round(client, tables, workers, shards, seed=3)
        accepted += moved
        assert_shared(decided, 1, shards)

        workers.append(_Worker(real_config, tmp_path / "a2.log"))
        await _wait_members([survivor, workers[2]], 2)
        moved, decided = await _round(client, tables, workers, shards, seed=4)
        accepted += moved
        assert_shared(decided, 2, shards)

        stored = _stored_table_events(real_config.store)
        for table_id, _ in tables:
            versions = [v for t, v, _, _ in stored if t == table_id]
            assert versions == list(range(1, len(versions) + 1))  # no gap, no duplicate
        assert sum(1 for *_, move in stored if move) == accepted  # each move exactly once
    finally:
        for worker in workers:
            worker.stop()
        await front.broker.cleanup()
        await front.stop()


async def test_table_workers_option_restarts_a_killed_child_and_stops_them_all(
    real_config: PlatformConfig, tmp_path: Path
) -> None:
    log = tmp_path / "supervisor.log"
    probe = broker_from_url(real_config.broker, Topology(shards=real_config.shards),
                            real_config.prefix)  # fmt: skip
    await probe.connect()

    async def live() -> int:
        return len((await probe.members("table", real_config.shards, claim=False)).live)

    def children() -> dict[int, int]:
        """The latest pid of each worker index (a child that lost the race to create the
        store's tables at first start is restarted too)."""
        lines = [json.loads(x) for x in log.read_text().splitlines() if x.startswith("{")]
        return {x["index"]: x["pid"] for x in lines if x.get("event") == "worker_started"}

    with log.open("wb") as out:
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "services.cli.main", "--log-json", "table", "--workers", "2",
             "--no-relay", "--store", real_config.store, "--broker", real_config.broker,
             "--prefix", real_config.prefix, "--shards", str(real_config.shards)],
            stdout=out, stderr=out, start_new_session=True,  # its own group, children included
        )  # fmt: skip
    try:
        counts: list[int] = []

        async def members_are(size: int) -> None:
            async def check() -> bool:
                counts.append(await live())
                return counts[-1] == size

            for _ in range(600):
                if await check():
                    return
                await asyncio.sleep(0.1)
            raise AssertionError(f"members never {size}: {counts[-5:]}")

        await members_are(2)
        before = children()
        os.kill(before[0], signal.SIGKILL)
        await members_are(1)
        await members_are(2)
        after = children()
        assert after[0] != before[0] and after[1] == before[1]  # only the killed one restarted
        supervisor.send_signal(signal.SIGTERM)
        assert await asyncio.to_thread(supervisor.wait, 60) == 0
        await members_are(0)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(supervisor.pid, signal.SIGKILL)  # whatever is left of the group
        supervisor.wait()
        await probe.cleanup()
