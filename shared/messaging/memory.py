"""The in-process broker: the port's RabbitMQ semantics on asyncio, for `senet serve` and tests."""

from __future__ import annotations

import asyncio
import logging
import uuid
import weakref
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

from shared.contracts.errors import Unavailable
from shared.messaging.port import (
    CommandHandler,
    Delivery,
    EventHandler,
    Keep,
    Membership,
    Topology,
)
from shared.observability import metrics

log = logging.getLogger(__name__)

# Brokers with the same prefix on the same event loop share one "server", so durable queues
# outlive a closed broker and a gateway and a table worker in one process meet.
_SERVERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, _Server]] = (
    weakref.WeakKeyDictionary()
)


def topic_matches(pattern: str, routing_key: str) -> bool:
    """AMQP topic matching: `*` is exactly one word, `#` zero or more words."""

    def match(p: list[str], k: list[str]) -> bool:
        if not p:
            return not k
        if p[0] == "#":
            return any(match(p[1:], k[i:]) for i in range(len(k) + 1))
        return bool(k) and p[0] in ("*", k[0]) and match(p[1:], k[1:])

    return match(pattern.split("."), routing_key.split("."))


@dataclass(eq=False)
class _Message:
    """A message in a queue, with the requester's future for commands."""

    body: bytes
    routing_key: str
    headers: dict[str, str]
    reply: asyncio.Future[bytes] | None = None
    failures: int = 0

    def delivery(self) -> Delivery:
        """The message as the handler sees it."""
        metrics.BROKER_DELIVERED.inc()
        headers = {**self.headers, "x-delivery-count": str(self.failures)}
        return Delivery(
            body=self.body, routing_key=self.routing_key, headers=headers,
            redelivered=self.failures > 0,
        )  # fmt: skip


@dataclass(eq=False)
class _Queue:
    """A FIFO with consumers; failures are retried at the head, then dead-lettered."""

    name: str
    limit: int  # failures tolerated before the message leaves the queue
    dead_letter: str | None  # None: a private queue drops its poison messages
    single_active: bool = False
    messages: deque[_Message] = field(default_factory=deque)
    consumers: list[object] = field(default_factory=list)
    waiters: set[asyncio.Future[None]] = field(default_factory=set)

    def put(self, message: _Message, *, head: bool = False) -> None:
        """Enqueue (a requeued message goes back to the head) and wake the consumers."""
        (self.messages.appendleft if head else self.messages.append)(message)
        self.wake()

    def wake(self) -> None:
        """Let every waiting consumer re-check whether it may take a message."""
        for waiter in self.waiters:
            if not waiter.done():
                waiter.set_result(None)
        self.waiters.clear()

    def rotate(self, consumer: object) -> None:
        """Move a consumer to the back of the line (the next one becomes active)."""
        if consumer in self.consumers:
            self.consumers.remove(consumer)
            self.consumers.append(consumer)
            self.wake()

    async def take(self, consumer: object) -> _Message:
        """The next message for this consumer (only the active one under single-active)."""
        while not self.messages or (self.single_active and self.consumers[0] is not consumer):
            waiter = asyncio.get_running_loop().create_future()
            self.waiters.add(waiter)
            try:
                await waiter
            finally:
                self.waiters.discard(waiter)
        return self.messages.popleft()

    def take_ready(self, limit: int) -> list[_Message]:
        """Up to `limit` more messages already waiting (for the consumer that took one)."""
        taken: list[_Message] = []
        while self.messages and len(taken) < limit:
            taken.append(self.messages.popleft())
        return taken


@dataclass(eq=False)
class _Server:
    """The queues, bindings and dead letters of one prefix."""

    queues: dict[str, _Queue] = field(default_factory=dict)
    bindings: list[tuple[str, str, _Queue]] = field(default_factory=list)
    dead_letters: dict[str, list[Delivery]] = field(default_factory=dict)
    slots: dict[str, dict[int, MemoryBroker]] = field(default_factory=dict)  # group: holders


@dataclass(eq=False)
class _Consumer:
    """One consumer of a queue; on a single-active queue it can step back in line."""

    queue: _Queue
    shard: int = -1
    keep: Keep | None = None
    prefetch: int = 1  # messages taken and handled together
    busy: bool = False
    leave: bool = False

    async def step_back(self) -> None:
        """Go to the back of the line, after the message in hand if there is one."""
        if self.busy:
            self.leave = True
        else:
            self.queue.rotate(self)

    def done_with_message(self) -> None:
        """After a message: step back if asked to, or if this process does not own the shard."""
        self.busy = False
        if self.leave or (self.keep is not None and not self.keep(self.shard)):
            self.leave = False
            self.queue.rotate(self)


class MemoryBroker:
    """The broker port in one process: shard queues, request/reply, topic and fanout."""

    def __init__(self, topology: Topology = Topology(), prefix: str = "senet") -> None:  # noqa: B008
        self.topology = topology
        self.prefix = prefix
        self._server: _Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._private: list[_Queue] = []
        self._pending: set[asyncio.Future[bytes]] = set()

    async def connect(self) -> None:
        """Attach to this prefix's in-process server and declare the shard queues."""
        if self._server is not None:
            return
        servers = _SERVERS.setdefault(asyncio.get_running_loop(), {})
        self._server = server = servers.setdefault(self.prefix, _Server())
        for shard in range(self.topology.shards):
            name = self.topology.shard_queue(shard)
            if name not in server.queues:
                dead_letter = self.topology.dead_letter_queue(self.topology.commands_exchange)
                queue = _Queue(name, self.topology.delivery_limit, dead_letter, single_active=True)
                server.queues[name] = queue
                server.bindings.append((self.topology.commands_exchange, str(shard), queue))

    async def close(self) -> None:
        """Cancel the consumers (in-flight messages go back to their queue), drop private queues."""
        tasks, self._tasks = self._tasks, set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for future in self._pending:
            if not future.done():
                future.set_exception(Unavailable("broker closed", code="broker_unavailable"))
        if self._server is not None:
            for holders in self._server.slots.values():
                for slot in [slot for slot, broker in holders.items() if broker is self]:
                    del holders[slot]
            private = set(self._private)
            self._server.bindings = [b for b in self._server.bindings if b[2] not in private]
        self._private.clear()
        self._server = None

    async def request(
        self, shard: int, body: bytes, *, timeout: float, headers: Mapping[str, str] | None = None
    ) -> bytes:
        """Send a command to a shard queue and wait for its reply; Unavailable on timeout."""
        server = await self._connected()
        if not 0 <= shard < self.topology.shards:
            raise ValueError(f"shard {shard} is not in 0..{self.topology.shards - 1}")
        reply: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._pending.add(reply)
        message = _Message(body, str(shard), dict(headers or {}), reply)
        self._route(server, self.topology.commands_exchange, message)
        try:
            return await asyncio.wait_for(reply, timeout)
        except TimeoutError:
            raise Unavailable(
                f"no reply from shard {shard} within {timeout}s", code="broker_timeout"
            ) from None
        finally:
            self._pending.discard(reply)

    async def serve_shard(
        self,
        shard: int,
        handler: CommandHandler,
        *,
        keep: Keep | None = None,
        prefetch: int = 1,
    ) -> _Consumer:
        """Consume one shard queue in batches of up to `prefetch` messages handled together,
        each reply before the batch is done."""
        server = await self._connected()

        async def handle(message: _Message) -> None:
            reply = await handler(message.delivery())
            if message.reply is not None and not message.reply.done():
                metrics.BROKER_PUBLISHED.inc()  # the reply, and its delivery to the requester
                metrics.BROKER_DELIVERED.inc()
                message.reply.set_result(reply)

        queue = server.queues[self.topology.shard_queue(shard)]
        consumer = _Consumer(queue, shard, keep, prefetch=max(1, prefetch))
        self._start(consumer, handle)
        return consumer

    async def members(self, group: str, size: int, *, claim: bool = True) -> Membership:
        """Hold the lowest free slot of a group (until `close()`) and list the held slots."""
        server = await self._connected()
        holders = server.slots.setdefault(group, {})
        mine = [slot for slot, broker in holders.items() if broker is self]
        if not mine and claim:
            free = [slot for slot in range(size) if slot not in holders]
            if free:
                holders[free[0]] = self
                mine = free[:1]
        return Membership(slot=mine[0] if mine else None, live=tuple(sorted(holders)))

    async def publish(
        self, exchange: str, routing_key: str, body: bytes, headers: Mapping[str, str] | None = None
    ) -> None:
        """Route a message to every bound queue (a message nobody is bound for is dropped)."""
        self._route(
            await self._connected(), exchange, _Message(body, routing_key, dict(headers or {}))
        )

    async def subscribe(
        self,
        exchange: str,
        binding: str,
        handler: EventHandler,
        *,
        queue: str | None = None,
        prefetch: int = 100,
    ) -> None:
        """Consume an exchange through a durable named queue or a private one."""
        server = await self._connected()
        if queue is None:
            target = _Queue(f"private.{uuid.uuid4().hex}", 1, None)
            self._private.append(target)
        else:
            target = server.queues.setdefault(
                queue, _Queue(queue, 1, self.topology.dead_letter_queue(queue))
            )
        if (exchange, binding, target) not in server.bindings:
            server.bindings.append((exchange, binding, target))

        async def handle(message: _Message) -> None:
            await handler(message.delivery())

        self._start(_Consumer(target), handle)

    def is_connected(self) -> bool:
        """True between connect and close."""
        return self._server is not None

    async def queue_depths(self) -> dict[str, int]:
        """Messages waiting in each named queue and dead-letter list of this prefix."""
        server = await self._connected()
        depths = {f"{self.prefix}.{q.name}": len(q.messages) for q in server.queues.values()}
        for name, dead in server.dead_letters.items():
            depths[f"{self.prefix}.{name}"] = len(dead)
        return depths

    async def cleanup(self) -> None:
        """Forget every queue, binding and dead letter of this prefix."""
        await self.close()
        _SERVERS.get(asyncio.get_running_loop(), {}).pop(self.prefix, None)

    async def dead_letters(self, queue: str) -> list[Delivery]:
        """Take the messages dead-lettered from `queue` (`commands` for the shard queues)."""
        server = await self._connected()
        return server.dead_letters.pop(self.topology.dead_letter_queue(queue), [])

    async def _connected(self) -> _Server:
        await self.connect()
        assert self._server is not None
        return self._server

    def _route(self, server: _Server, exchange: str, message: _Message) -> None:
        metrics.BROKER_PUBLISHED.inc()
        matches: Callable[[str, str], bool] = topic_matches
        if exchange == self.topology.commands_exchange:
            matches = str.__eq__
        targets = {
            q
            for ex, key, q in server.bindings
            if ex == exchange and matches(key, message.routing_key)
        }
        for queue in targets:
            copy = _Message(message.body, message.routing_key, dict(message.headers), message.reply)
            queue.put(copy)

    def _start(self, consumer: _Consumer, handle: Callable[[_Message], Awaitable[None]]) -> None:
        name = f"consume {consumer.queue.name}"
        consumer.queue.consumers.append(consumer)  # in line at once, as after basic.consume
        task = asyncio.create_task(self._consume(consumer, handle), name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _consume(
        self, consumer: _Consumer, handle: Callable[[_Message], Awaitable[None]]
    ) -> None:
        queue = consumer.queue
        try:
            while True:
                first = await queue.take(consumer)
                batch = [first, *queue.take_ready(consumer.prefetch - 1)]
                consumer.busy = True
                tasks = [asyncio.ensure_future(handle(message)) for message in batch]
                try:
                    results = await asyncio.gather(*tasks, return_exceptions=True)
                except asyncio.CancelledError:
                    for message, task in reversed(list(zip(batch, tasks, strict=True))):
                        if not task.done() or task.cancelled():
                            task.cancel()  # unacked: back to the queue, in order, as on AMQP
                            queue.put(message, head=True)
                    raise
                for message, result in zip(batch, results, strict=True):
                    if isinstance(result, asyncio.CancelledError):
                        raise result
                    if isinstance(result, Exception):
                        log.error(
                            "handler failed on a message from %s", queue.name, exc_info=result
                        )
                        self._fail(queue, message)
                consumer.done_with_message()
        finally:
            queue.consumers.remove(consumer)
            queue.wake()

    def _fail(self, queue: _Queue, message: _Message) -> None:
        message.failures += 1
        if message.failures <= queue.limit:
            queue.put(message, head=True)
        elif queue.dead_letter is not None and self._server is not None:
            self._server.dead_letters.setdefault(queue.dead_letter, []).append(message.delivery())
        else:
            log.error("dropped a poison message from private queue %s", queue.name)
