"""The composition root: wires store, broker, table worker, relay and gateway in one process.

`senet serve` runs every role here; `senet table` and `senet gateway` run one role each.
This is the only place that knows every service; the services never import each other.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

from aiohttp import web

from services.gateway.app import create_app
from services.gateway.keys import PROJECTOR, GatewaySettings
from services.gateway.notify_routes import setup_notify
from services.notify.service import NotifyService
from services.notify.settings import NotifySettings
from services.scoring.service import ScoringService
from services.table.relay import Relay
from services.table.shards import ShardAssigner
from services.table.worker import TableWorker, default_worker_id
from shared.messaging.port import Broker, Topology
from shared.messaging.urls import broker_from_url
from shared.observability.probes import Probes, StoreCheck, broker_check, flag_check, tasks_check
from shared.observability.sampler import Position, Sampler
from shared.store import EventStore, open_store

ALL_ROLES = frozenset({"table", "relay", "gateway"})  # what an embedded platform needs
SERVE_ROLES = ALL_ROLES | {"scoring"}  # `senet serve` also runs results and audit


@dataclass
class PlatformConfig:
    """Where the platform keeps its events and sends its messages, and which roles run."""

    store: str = "sqlite:///var/senet.db"
    broker: str = "memory"
    prefix: str = "senet"
    shards: int = 8
    roles: frozenset[str] = ALL_ROLES
    group_commit: bool = True
    sample_interval: float = 5.0  # seconds between queue-depth and projector-lag samples
    table_workers: int = 1  # in this process (they share its CPU; see `senet table --workers`)
    gateway: GatewaySettings = field(default_factory=GatewaySettings)
    notify: NotifySettings = field(default_factory=NotifySettings)


class Platform:
    """Running roles of the platform; `start()` then `stop()` (or `async with`)."""

    def __init__(self, config: PlatformConfig, store: EventStore | None = None) -> None:
        self.config = config
        self.owns_store = store is None  # a store we opened is ours to close
        self.store = store or open_store(config.store)
        self.broker: Broker = broker_from_url(
            config.broker, Topology(shards=config.shards), config.prefix
        )
        self.relay: Relay | None = None
        self.worker: TableWorker | None = None
        self.workers: list[TableWorker] = []
        self.assigners: list[ShardAssigner] = []
        self._extra_brokers: list[Broker] = []
        self.app: web.Application | None = None
        self.notify: NotifyService | None = None
        self.scoring: ScoringService | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.started = False
        self.probes = Probes()
        self.probes.live["tasks"] = tasks_check(self.tasks)
        self.probes.ready["started"] = flag_check(lambda: self.started, "starting")
        self.probes.ready["broker"] = broker_check(self.broker)
        self.probes.ready["store"] = StoreCheck(self.store)

    async def start(self) -> None:
        """Connect and start every configured role."""
        await self.broker.connect()
        roles = self.config.roles
        if "relay" in roles:
            self.relay = Relay(self.store, self.broker)
            self.tasks.append(asyncio.create_task(self.relay.run(), name="relay"))
        if "table" in roles:
            for index in range(self.config.table_workers):
                await self._start_table_worker(index)
            self.worker = self.workers[0]
        if "gateway" in roles:
            self.app = create_app(self.config.gateway, self.store, self.broker, self.probes)
            notify = self.config.notify
            setup_notify(self.app, notify.vapid_public_key, notify.endpoint_policy)
        if "scoring" in roles:
            self.scoring = ScoringService(self.store, self.broker)
            await self.scoring.start()
        if "notify" in roles:
            self.notify = NotifyService(self.store, self.broker, self.config.notify)
            await self.notify.start()
            self.probes.registries.append(self.notify.metrics.registry)
        self._start_sampler()
        self.started = True

    def _start_sampler(self) -> None:
        """Sample queue depths and the lag of every projector in this process."""
        projectors: dict[str, Position] = {}
        if self.relay is not None:
            relay = self.relay
            projectors["relay"] = lambda: relay.position if relay.active else None
        if self.app is not None:
            views = self.app[PROJECTOR]
            projectors["views"] = lambda: views.position
        if self.scoring is not None:
            scoring = self.scoring
            projectors["scoring"] = lambda: scoring.position
        if self.notify is not None:
            notify = self.notify
            projectors["notify"] = lambda: notify.position
        # Roles that consume durable queues report their depths (shards and dead letters).
        consumers = self.config.roles & {"table", "scoring", "notify"}
        broker = self.broker if consumers else None
        if broker is None and not projectors:
            return
        sampler = Sampler(self.store, broker, projectors, self.config.sample_interval)
        self.tasks.append(asyncio.create_task(sampler.run(), name="metrics-sampler"))

    async def _start_table_worker(self, index: int) -> None:
        """A table worker with its own broker connection, sharing the shards with the others."""
        broker = self.broker
        if index > 0:
            config = self.config
            broker = broker_from_url(config.broker, Topology(shards=config.shards), config.prefix)
            await broker.connect()
            self._extra_brokers.append(broker)
        wake = self.relay.wake if self.relay is not None else None
        worker = TableWorker(
            self.store, broker, on_saved=wake, group_commit=self.config.group_commit,
            worker_id=f"{default_worker_id()}/{index}" if self.config.table_workers > 1 else None,
        )  # fmt: skip
        assigner = ShardAssigner(broker, worker.handle, worker_id=worker.worker_id)
        await assigner.start()
        self.workers.append(worker)
        self.assigners.append(assigner)

    async def stop(self) -> None:
        """Stop the roles and close connections."""
        if self.notify is not None:
            await self.notify.stop()
        for assigner in self.assigners:
            await assigner.stop()
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks.clear()
        self.started = False
        for broker in self._extra_brokers:
            await broker.close()
        await self.broker.close()
        for worker in self.workers:
            await worker.close()
        if self.owns_store and self.config.store.startswith("postgresql"):
            # Return the pool's connections (the server has a limit). SQLite is left to the
            # garbage collector: closing it under a read still running in a worker thread
            # (a cancelled `to_thread`) crashes the interpreter.
            self.store.close()

    async def __aenter__(self) -> Platform:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


async def serve_http(app: web.Application, host: str, port: int) -> web.AppRunner:
    """Start serving an aiohttp app; returns the runner to clean up."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    return runner
