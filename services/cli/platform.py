"""The composition root: wires store, broker, table worker, relay and gateway in one process.

`senet serve` runs every role here; `senet table` and `senet gateway` run one role each.
This is the only place that knows every service; the services never import each other.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from services.bots.role import bots_runner
from services.gateway.app import create_app
from services.gateway.keys import TABLE_CACHE, GatewaySettings
from services.gateway.settings.notifications import setup_notify
from services.notify.service import NotifyService
from services.notify.settings import NotifySettings
from services.scoring.service import ScoringService
from services.table.relay import relay_runner
from services.table.shards import ShardAssigner
from services.table.sweeper import DEFAULT_TTL, OpenTableSweeper
from services.table.worker import TableWorker, default_worker_id
from services.tournament.manager import TournamentManager, manager_runner
from services.tournament.worker import TournamentWorker, routed
from shared.messaging.port import Broker, Topology
from shared.messaging.urls import broker_from_url
from shared.messaging.wake import CommitSignal
from shared.observability.probes import Probes, StoreCheck, broker_check, flag_check, tasks_check
from shared.observability.sampler import Position, Sampler
from shared.projections.runner import ProjectionRunner
from shared.readmodels import ReadModels
from shared.store import EventStore, open_store
from shared.store.commits import listens
from shared.tasks import stop_tasks
from shared.tournaments import readmodel as tournament_rows

# What an embedded platform needs (`tournaments`: the tournament manager, docs/tournaments.md).
ALL_ROLES = frozenset({"table", "relay", "gateway", "tournaments"})
# `senet serve` also runs results and audit, and plays the bot seats' turns
SERVE_ROLES = ALL_ROLES | {"scoring", "bots"}


@dataclass
class PlatformConfig:
    """Where the platform keeps its events and sends its messages, and which roles run."""

    store: str = "sqlite:///var/senet.db"
    broker: str = "memory"
    prefix: str = "senet"
    shards: int = 8
    roles: frozenset[str] = ALL_ROLES
    sample_interval: float = 5.0  # seconds between queue-depth and projector-lag samples
    table_workers: int = 1  # in this process (they share its CPU; see `senet table --workers`)
    gateway: GatewaySettings = field(default_factory=GatewaySettings)
    notify: NotifySettings = field(default_factory=NotifySettings)
    open_table_ttl: float = DEFAULT_TTL  # seconds an open table may stay idle
    readmodels_projector: bool = True  # off: this process runs no read-model projector
    readmodels_pause: float = 0.0  # test hook: a pause after each committed read-model batch
    tournament_pause: float = 0.0  # test hook: a pause after each tournament effect
    bot_shards: frozenset[int] | None = None  # the bots role's shards (None: all)
    bot_pause: float = 0.0  # test hook: a pause after each bot move sent
    bot_playouts: int = 0  # test hook: at most this many playouts a bot move (0: its level's)


class Platform:
    """Running roles of the platform; `start()` then `stop()` (or `async with`).

    Everything is started through one `AsyncExitStack`, so `stop()` undoes it in reverse,
    and a role that fails to start stops the ones already started before the error is
    raised. To add a role: write an `@asynccontextmanager` method that starts it, yields
    and stops it (`_task_running` runs a background loop), and list it in `self.roles`
    (in start order) under the name that `PlatformConfig.roles` uses.
    """

    def __init__(self, config: PlatformConfig, store: EventStore | None = None) -> None:
        self.config = config
        self.owns_store = store is None  # a store we opened is ours to close
        self.store = store or open_store(config.store)
        self.broker: Broker = self._new_broker()
        self.relay: ProjectionRunner | None = None
        self.runners: list[ProjectionRunner] = []  # this process's log consumers (woken on commit)
        self.worker: TableWorker | None = None
        self.workers: list[TableWorker] = []
        self.assigners: list[ShardAssigner] = []
        self._extra_brokers: list[Broker] = []
        self.app: web.Application | None = None
        self.notify: NotifyService | None = None
        self.scoring: ScoringService | None = None
        self.tournaments: TournamentManager | None = None
        self.bots: ProjectionRunner | None = None
        self.readmodels: ReadModels | None = None  # shared by gateway and scoring
        self.tasks: list[asyncio.Task[None]] = []  # background loops (liveness probe)
        self.started = False
        self._stack: contextlib.AsyncExitStack | None = None
        self.probes = Probes()
        self.probes.live["tasks"] = tasks_check(self.tasks)
        self.probes.ready["started"] = flag_check(lambda: self.started, "starting")
        self.probes.ready["broker"] = broker_check(self.broker)
        self.probes.ready["store"] = StoreCheck(self.store)
        # The roles in start order (stopped in reverse); each an async context manager.
        self.roles: dict[str, Callable[[], AbstractAsyncContextManager[None]]] = {
            "relay": self._relay_role,
            "table": self._table_role,
            "gateway": self._gateway_role,
            "scoring": self._scoring_role,
            "notify": self._notify_role,
            "tournaments": self._tournaments_role,
            "bots": self._bots_role,
        }

    async def start(self) -> None:
        """Connect and start every configured role; on failure stop what had started."""
        if self._stack is not None:
            raise RuntimeError("the platform is running already")
        unknown = self.config.roles - self.roles.keys()
        if unknown:
            raise ValueError(f"unknown roles: {sorted(unknown)}")
        async with contextlib.AsyncExitStack() as stack:
            stack.push_async_callback(self._close_store)
            # Group-commit writers stop after every broker stopped delivering to them.
            stack.push_async_callback(self._close_workers)
            await stack.enter_async_context(_connected(self.broker))
            for name, role in self.roles.items():
                if name in self.config.roles:
                    await stack.enter_async_context(role())
            await stack.enter_async_context(self._sampler_role())
            self._stack = stack.pop_all()  # started: keep it all running until stop()
        self.started = True

    async def stop(self) -> None:
        """Stop the roles in reverse start order and close connections (idempotent)."""
        stack, self._stack = self._stack, None
        self.started = False
        if stack is not None:
            await stack.aclose()

    async def __aenter__(self) -> Platform:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def _new_broker(self) -> Broker:
        config = self.config
        return broker_from_url(config.broker, Topology(shards=config.shards), config.prefix)

    @contextlib.asynccontextmanager
    async def _task_running(
        self, coro: Coroutine[Any, Any, None], name: str
    ) -> AsyncIterator[None]:
        """Run a background loop while inside; cancel it (for sure) on leaving."""
        task = asyncio.create_task(coro, name=name)
        self.tasks.append(task)
        try:
            yield
        finally:
            await stop_tasks([task])
            self.tasks.remove(task)

    @contextlib.asynccontextmanager
    async def _relay_role(self) -> AsyncIterator[None]:
        """The outbox relay: stored events to the events exchange (while holding its lease)."""
        self.relay = relay_runner(self.store, self.broker)
        self.runners.append(self.relay)
        async with self._task_running(self.relay.run(), "relay"):
            yield

    @contextlib.asynccontextmanager
    async def _table_role(self) -> AsyncIterator[None]:
        """Table workers sharing the command shards (worker 0 on the platform's broker)."""
        async with contextlib.AsyncExitStack() as stack:
            for index in range(self.config.table_workers):
                broker = self.broker
                if index > 0:  # its own connection, like a worker in another process
                    broker = self._new_broker()
                    await stack.enter_async_context(_connected(broker))
                    self._extra_brokers.append(broker)
                wake = _on_saved(
                    self._wake_runners,
                    # On a real broker the consumers may be in other processes: PostgreSQL
                    # tells them of each commit (NOTIFY), other stores need a signal.
                    None
                    if self.config.broker == "memory" or listens(self.store)
                    else CommitSignal(broker),
                )
                several = self.config.table_workers > 1
                worker = TableWorker(
                    self.store, broker, on_saved=wake,
                    worker_id=f"{default_worker_id()}/{index}" if several else None,
                )  # fmt: skip
                self.workers.append(worker)
                # Tournament commands share the shard queues (a header tells them apart).
                handler = routed(worker.handle, TournamentWorker(self.store, on_saved=wake))
                assigner = ShardAssigner(
                    broker, handler, worker_id=worker.worker_id, prefetch=worker.prefetch
                )
                self.assigners.append(assigner)
                stack.push_async_callback(assigner.stop)
                await assigner.start()
            self.worker = self.workers[0]
            # Cancels open tables idle past the TTL.
            db = self._readmodels().db  # the tables read model: open tables, last change
            sweeper = OpenTableSweeper(db, self.broker, self.config.open_table_ttl)
            await stack.enter_async_context(self._task_running(sweeper.run(), "open-table-sweep"))
            yield

    def _wake_runners(self) -> None:
        """After a commit in this process: every log consumer here looks at the store."""
        for runner in self.runners:
            runner.wake()

    async def _close_workers(self) -> None:
        for worker in self.workers:
            await worker.close()

    @contextlib.asynccontextmanager
    async def _gateway_role(self) -> AsyncIterator[None]:
        """The HTTP app; whoever serves it (`serving`, a test client) runs its cleanup, and
        its projector's subscription ends with the broker."""
        self.app = create_app(
            self.config.gateway, self.store, self.broker, self.probes, self._readmodels()
        )
        notify = self.config.notify
        setup_notify(self.app, notify.vapid_public_key, notify.endpoint_policy, notify.timing)
        # The tournament lists read rows the manager writes, wherever it runs.
        await asyncio.to_thread(tournament_rows.create, self._readmodels().db)
        yield

    @contextlib.asynccontextmanager
    async def _tournaments_role(self) -> AsyncIterator[None]:
        """The tournament manager: match tables opened, results recorded, standings kept."""
        pause = self.config.tournament_pause
        db = self._readmodels().db
        await asyncio.to_thread(tournament_rows.create, db)
        self.tournaments = TournamentManager(self.store, self.broker, db, pause=pause)
        runner = manager_runner(self.tournaments)
        self.runners.append(runner)
        # A match table's end reaches `rm_tables` in a read-model batch: look then.
        self._readmodels().runner.listeners.append(runner.wake)
        async with self._task_running(runner.run(), "tournament-manager"):
            yield

    @contextlib.asynccontextmanager
    async def _bots_role(self) -> AsyncIterator[None]:
        """The bots role: the bot seats' turns, sent through the command path."""
        self.bots = bots_runner(
            self.store, self.broker, self.config.bot_shards, pause=self.config.bot_pause,
            playouts=self.config.bot_playouts,
        )  # fmt: skip
        self.runners.append(self.bots)
        async with self._task_running(self.bots.run(), "bots"):
            yield

    @contextlib.asynccontextmanager
    async def _scoring_role(self) -> AsyncIterator[None]:
        """Results, standings, ratings and verdicts (on the shared read models)."""
        self.scoring = ScoringService(self.store, self.broker, readmodels=self._readmodels())
        await self.scoring.start()
        try:
            yield
        finally:
            await self.scoring.stop()

    def _readmodels(self) -> ReadModels:
        """The one read-model projector that the gateway and scoring share."""
        if self.readmodels is None:
            self.readmodels = ReadModels(
                self.store, self.broker, following=self.config.readmodels_projector,
                pause=self.config.readmodels_pause,
            )  # fmt: skip
            self.runners.append(self.readmodels.runner)
        return self.readmodels

    @contextlib.asynccontextmanager
    async def _notify_role(self) -> AsyncIterator[None]:
        """Turn mails and pushes; stopping finishes the delivery round in progress."""
        self.notify = NotifyService(self.store, self.broker, self.config.notify)
        self.runners.append(self.notify.runner)
        await self.notify.start()
        self.probes.registries.append(self.notify.metrics.registry)
        try:
            yield
        finally:
            await self.notify.stop()

    @contextlib.asynccontextmanager
    async def _sampler_role(self) -> AsyncIterator[None]:
        """Sample queue depths and the lag of every projector in this process."""
        projectors: dict[str, Position] = {}
        if self.relay is not None:
            relay = self.relay
            projectors["relay"] = lambda: relay.position if relay.active else None
        if self.app is not None:
            views = self.app[TABLE_CACHE]
            projectors["views"] = lambda: views.newest_heard
        if self.readmodels is not None and self.readmodels.users:  # started here
            readmodels = self.readmodels.runner
            projectors["readmodels"] = lambda: readmodels.position
        if self.notify is not None:
            notify = self.notify
            projectors["notify"] = lambda: notify.position
        # Roles that consume durable queues report their depths (shards and dead letters).
        consumers = self.config.roles & {"table", "scoring", "notify"}
        broker = self.broker if consumers else None
        if broker is None and not projectors:
            yield
            return
        sampler = Sampler(self.store, broker, projectors, self.config.sample_interval)
        async with self._task_running(sampler.run(), "metrics-sampler"):
            yield

    async def _close_store(self) -> None:
        if self.owns_store and self.config.store.startswith("postgresql"):
            # Return the pool's connections (the server has a limit). SQLite is left to the
            # garbage collector: closing it under a read still running in a worker thread
            # (a cancelled `to_thread`) crashes the interpreter.
            self.store.close()


@contextlib.asynccontextmanager
async def _connected(broker: Broker) -> AsyncIterator[Broker]:
    """A connected broker, closed on leaving (its consumers stop, unacked messages return)."""
    await broker.connect()
    try:
        yield broker
    finally:
        await broker.close()


async def serve_http(app: web.Application, host: str, port: int) -> web.AppRunner:
    """Start serving an aiohttp app; returns the runner to clean up."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
    except BaseException:
        await runner.cleanup()  # the app's cleanup contexts ran at setup
        raise
    return runner


@contextlib.asynccontextmanager
async def serving(app: web.Application, host: str, port: int) -> AsyncIterator[web.AppRunner]:
    """Serve an aiohttp app while inside (its shutdown and cleanup run on leaving)."""
    runner = await serve_http(app, host, port)
    try:
        yield runner
    finally:
        await runner.cleanup()


def _on_saved(*calls: Callable[[], None] | None) -> Callable[[], None] | None:
    """What a table worker calls after each accepted command: wake the log consumers."""
    present = [c for c in calls if c is not None]
    if not present:
        return None
    if len(present) == 1:
        return present[0]

    def both() -> None:
        for call in present:
            call()

    return both
