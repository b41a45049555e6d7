"""The RabbitMQ broker through aio-pika: quorum shard queues, confirms, reply queue, DLX."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import aio_pika
import aiormq
import msgspec
from aio_pika.abc import (
    AbstractChannel,
    AbstractConnection,
    AbstractExchange,
    AbstractIncomingMessage,
    AbstractQueue,
    AbstractRobustConnection,
    ExchangeType,
)
from aio_pika.exceptions import AMQPError, ChannelInvalidStateError
from pamqp.commands import Basic

from shared.contracts.errors import Unavailable
from shared.ids import fresh_id
from shared.messaging import replies
from shared.messaging.amqp_shards import AmqpShardConsumer, AmqpSlots, consumer_task
from shared.messaging.port import CommandHandler, Delivery, EventHandler, Keep, Membership, Topology
from shared.observability import metrics
from shared.tasks import cancellation_kept, stop_tasks

log = logging.getLogger(__name__)

# What a lost connection looks like from aio-pika, aiormq and the socket.
_BROKER_ERRORS = (AMQPError, ChannelInvalidStateError, ConnectionError, OSError)
PUBLISH_TIMEOUT = 10.0  # seconds to wait for a publisher confirm
# Seconds between reconnection attempts after RabbitMQ went away (aio-pika's default is 5);
# the robust connection then restores channels, queues, bindings and consumers.
RECONNECT_INTERVAL = 1.0
REPLY_RETRY = 0.2  # seconds between attempts to publish a reply while a channel is restored
Properties = Basic.Properties
PERSISTENT = 2  # delivery_mode of a message RabbitMQ keeps on disk
EVENT_DELIVERY_LIMIT = 1  # quorum: dead-lettered when redelivered more often, i.e. 2nd failure


def _unavailable(error: BaseException) -> Unavailable:
    return Unavailable(f"RabbitMQ is unavailable: {error!r}", code="broker_unavailable")


def _headers(raw: Mapping[str, Any] | None) -> dict[str, str]:
    """AMQP header table -> str map (nested values such as x-death are left out)."""
    out = {}
    for key, value in (raw or {}).items():
        if isinstance(value, bytes):
            value = value.decode(errors="replace")
        if isinstance(value, str | int | float | bool):
            out[key] = str(value)
    return out


def _is_aio_pika(task: asyncio.Task[Any]) -> bool:
    code = getattr(task.get_coro(), "cr_code", None)
    return not task.done() and code is not None and "aio_pika" in code.co_filename


async def _close(closable: AbstractConnection | AbstractChannel) -> None:
    """Close, then wait briefly for the close-callback tasks aio-pika starts meanwhile.

    A cancellation that arrives during the close is raised afterwards: aio-pika can turn it
    into a ChannelClosed that it suppresses, and the caller's loop would run on for good.
    """
    before = asyncio.all_tasks()
    async with cancellation_kept():
        await closable.close()
    started = [task for task in asyncio.all_tasks() - before if _is_aio_pika(task)]
    if started:
        await asyncio.wait(started, timeout=1.0)


async def delete_named(url: str, prefix: str, topology: Topology) -> None:
    """Delete the queues and exchanges a platform of this prefix declares by name
    (`Topology.named`), whoever declared them: for benches and tests that start platform
    processes of their own."""
    queues, exchanges = topology.named()
    connection = await aio_pika.connect(url, timeout=PUBLISH_TIMEOUT)
    try:
        channel = await connection.channel()
        for queue in queues:
            await channel.queue_delete(f"{prefix}.{queue}")
        for exchange in exchanges:
            await channel.exchange_delete(f"{prefix}.{exchange}")
    finally:
        await _close(connection)


async def _release(message: AbstractIncomingMessage) -> None:
    """Hand back a message that could not be settled, for RabbitMQ to deliver it again.

    Left unacked on a channel that is still open (only publishing failed), it would hold
    its queue's prefetch slot for good: a shard queue (prefetch 1) would stall. If its
    channel is gone, RabbitMQ has requeued it already and there is nothing to do.
    """
    with contextlib.suppress(*_BROKER_ERRORS):
        await message.nack(requeue=True)


async def _send(
    channel: AbstractChannel,
    exchange: str,
    routing_key: str,
    body: bytes,
    properties: Properties,
    timeout: float | None,
) -> None:
    """Publish on a channel, awaiting RabbitMQ's confirm where the channel has confirms.

    What aio-pika's `Exchange.publish` does, without building an `aio_pika.Message` and
    without waiting, under the channel's lock, for the writer to have written the frame
    (aiormq's `wait`): a burst of publishes on one channel then goes out in one pass of the
    connection's writer instead of one pass each. Delivery is unchanged: a confirmed
    publish still returns once RabbitMQ confirmed it, and a reply (no confirms) is written
    before the ack that follows it on the same connection.
    """
    if channel.is_closed:
        raise ChannelInvalidStateError(f"{channel!r} closed")
    underlay = await channel.get_underlay_channel()
    assert isinstance(underlay, aiormq.Channel)  # whose `basic_publish` takes `wait`
    await underlay.basic_publish(
        body, exchange=exchange, routing_key=routing_key, properties=properties,
        mandatory=False, timeout=timeout, wait=False,
    )  # fmt: skip


def _delivery(message: AbstractIncomingMessage) -> Delivery:
    metrics.BROKER_DELIVERED.inc()  # every consumed message passes here once (replies apart)
    return Delivery(
        body=message.body,
        routing_key=message.routing_key or "",
        headers=_headers(message.headers),
        redelivered=bool(message.redelivered),
    )


class AmqpBroker:
    """The broker port on RabbitMQ; every name is `<prefix>.<name>`."""

    def __init__(self, url: str, topology: Topology = Topology(), prefix: str = "senet") -> None:  # noqa: B008
        self.url = url
        self.topology = topology
        self.prefix = prefix
        self._lock = asyncio.Lock()
        self._connection: AbstractRobustConnection | None = None
        self._channel: AbstractChannel | None = None  # publishing, with confirms
        # Commands and replies go out on a channel without confirms. A requester waits for
        # the reply, which only a stored decision sends: a confirm would tell it nothing
        # more (a command lost with the broker, like a reply lost with it, makes it time out
        # and repeat the command, which its id answers from the store; a lost connection
        # fails its pending requests at once, `_connection_lost`). A command is acked after
        # its reply is written.
        self._unconfirmed: AbstractChannel | None = None
        self._exchanges: dict[str, AbstractExchange] = {}
        # Its name says that this requester reads reply batches (`replies.BATCHED`).
        self._reply_queue = f"{prefix}.reply.{uuid.uuid4().hex}{replies.BATCHED}"
        self._pending: dict[str, asyncio.Future[bytes]] = {}
        self._workers: set[asyncio.Task[None]] = set()
        # Durable names this broker declared, for cleanup(); kept across close().
        self._queues: set[str] = set()
        self._exchange_names: set[str] = set()
        self._slots = AmqpSlots(url, prefix, _BROKER_ERRORS)

    def _name(self, name: str) -> str:
        return f"{self.prefix}.{name}"

    def _kind(self, exchange: str) -> ExchangeType:
        if exchange in (self.topology.commands_exchange, self.topology.dead_letters):
            return ExchangeType.DIRECT
        return ExchangeType.TOPIC

    def _quorum(self, dead_letter_key: str, delivery_limit: int) -> dict[str, Any]:
        return {
            "x-queue-type": "quorum",
            "x-delivery-limit": delivery_limit,
            "x-dead-letter-exchange": self._name(self.topology.dead_letters),
            "x-dead-letter-routing-key": dead_letter_key,
        }

    async def connect(self) -> None:
        """Open the robust connection and declare the topology (idempotent)."""
        async with self._lock:
            if self._connection is not None:
                return
            try:
                connection = await aio_pika.connect_robust(
                    self.url,
                    timeout=PUBLISH_TIMEOUT,
                    reconnect_interval=RECONNECT_INTERVAL,
                    # Shown by `rabbitmqctl list_connections name client_properties`.
                    client_properties={"connection_name": f"{self.prefix} broker"},
                )
            except _BROKER_ERRORS as error:
                raise _unavailable(error) from error
            try:
                self._channel = await connection.channel(publisher_confirms=True)
                await self._declare_topology(self._channel)
                self._unconfirmed = await connection.channel(publisher_confirms=False)
                replies = await connection.channel()
                queue = await replies.declare_queue(
                    self._reply_queue, exclusive=True, auto_delete=True
                )
                await queue.consume(self._on_reply, no_ack=True)
            except _BROKER_ERRORS as error:
                await connection.close()
                raise _unavailable(error) from error
            connection.close_callbacks.add(self._connection_lost)
            self._connection = connection

    async def _declare_topology(self, channel: AbstractChannel) -> None:
        topology = self.topology
        _, exchanges = topology.named()
        for exchange in exchanges:
            await self._exchange(exchange, channel)
        await self._dead_letter_queue(
            channel, topology.dead_letter_queue(topology.commands_exchange)
        )
        for shard in range(topology.shards):
            queue = await self._shard_queue(channel, shard)
            await queue.bind(self._name(topology.commands_exchange), str(shard))

    async def _shard_queue(self, channel: AbstractChannel, shard: int) -> AbstractQueue:
        """Declare a shard's quorum queue (single active consumer, delivery limit, DLX)."""
        dead_letter_key = self.topology.dead_letter_queue(self.topology.commands_exchange)
        arguments = {
            **self._quorum(dead_letter_key, self.topology.delivery_limit),
            "x-single-active-consumer": True,
        }
        name = self._name(self.topology.shard_queue(shard))
        self._queues.add(name)
        return await channel.declare_queue(name, durable=True, arguments=arguments)

    async def _exchange(
        self, exchange: str, channel: AbstractChannel | None = None
    ) -> AbstractExchange:
        """The durable exchange of that name, declared on first use (unknown names: topic)."""
        if exchange not in self._exchanges:
            channel = channel or self._channel
            assert channel is not None
            name = self._name(exchange)
            declared = await channel.declare_exchange(name, self._kind(exchange), durable=True)
            self._exchanges[exchange] = declared
            self._exchange_names.add(name)
        return self._exchanges[exchange]

    async def _dead_letter_queue(self, channel: AbstractChannel, name: str) -> None:
        queue = await channel.declare_queue(
            self._name(name), durable=True, arguments={"x-queue-type": "quorum"}
        )
        self._queues.add(self._name(name))
        await queue.bind(self._name(self.topology.dead_letters), name)

    async def close(self) -> None:
        """Stop the consumers and close the connection (unacked messages return to queues)."""
        workers, self._workers = self._workers, set()
        await stop_tasks(workers)
        for future in self._pending.values():
            if not future.done():
                future.set_exception(Unavailable("broker closed", code="broker_unavailable"))
        connection, self._connection = self._connection, None
        self._channel = None
        self._unconfirmed = None
        self._exchanges.clear()
        if connection is not None:
            await _close(connection)
        await self._slots.close()

    async def request(
        self, shard: int, body: bytes, *, timeout: float, headers: Mapping[str, str] | None = None
    ) -> bytes:
        """Send a command to a shard queue and wait for its reply; Unavailable on timeout."""
        if not 0 <= shard < self.topology.shards:
            raise ValueError(f"shard {shard} is not in 0..{self.topology.shards - 1}")
        await self.connect()
        correlation_id = fresh_id()
        reply = asyncio.get_running_loop().create_future()
        self._pending[correlation_id] = reply
        properties = Properties(
            headers=dict(headers or {}),
            correlation_id=correlation_id,
            reply_to=self._reply_queue,
            delivery_mode=PERSISTENT,
            message_id=correlation_id,
        )
        try:
            async with asyncio.timeout(timeout):
                await self._command(str(shard), body, properties)
                return await reply
        except TimeoutError:
            raise Unavailable(
                f"no reply from shard {shard} within {timeout}s", code="broker_timeout"
            ) from None
        finally:
            self._pending.pop(correlation_id, None)

    async def _command(self, shard: str, body: bytes, properties: Properties) -> None:
        """Write a command to its shard's queue (no confirm: the reply answers for it)."""
        try:
            exchange = await self._exchange(self.topology.commands_exchange)
            assert self._unconfirmed is not None
            await _send(self._unconfirmed, exchange.name, shard, body, properties, timeout=None)
        except _BROKER_ERRORS as error:
            raise _unavailable(error) from error
        metrics.BROKER_PUBLISHED.inc()

    def _connection_lost(self, _connection: object, error: BaseException | None) -> None:
        """The connection dropped: its reply queue went with it, so no pending request
        can get its reply: each fails now (503 `broker_unavailable`), not at its timeout."""
        for future in self._pending.values():
            if not future.done():
                future.set_exception(
                    Unavailable(
                        f"connection to RabbitMQ lost: {error!r}", code="broker_unavailable"
                    )
                )

    async def _on_reply(self, message: AbstractIncomingMessage) -> None:
        metrics.BROKER_DELIVERED.inc()
        if message.type != replies.REPLY_BATCH:
            self._resolve(message.correlation_id or "", message.body)
            return
        try:
            batch = replies.decode_batch(message.body)
        except (msgspec.DecodeError, msgspec.ValidationError):
            log.warning("a reply batch that is no list of replies was dropped")
            return
        for correlation_id, body in batch:
            self._resolve(correlation_id, body)

    def _resolve(self, correlation_id: str, body: bytes) -> None:
        future = self._pending.get(correlation_id)
        if future is not None and not future.done():
            future.set_result(body)

    async def serve_shard(
        self,
        shard: int,
        handler: CommandHandler,
        *,
        keep: Keep | None = None,
        prefetch: int = 1,
    ) -> AmqpShardConsumer:
        """Consume one shard queue in batches of up to `prefetch`: handlers, replies, then
        one ack (a handler that raises: its message is nacked and requeued).

        Returns once the consumer is attached (active, or waiting in line).
        """
        await self.connect()

        async def open_queue() -> tuple[AbstractChannel, AbstractQueue]:
            channel = await self._consumer_channel(max(1, prefetch))
            return channel, await self._shard_queue(channel, shard)

        async def reply(answered: list[tuple[AbstractIncomingMessage, bytes]]) -> None:
            batch = ((m.reply_to, m.correlation_id, body) for m, body in answered)
            for reply_to, group in replies.grouped(batch):
                if len(group) > 1 and replies.takes_batches(reply_to):
                    body = replies.encode_batch(group)
                    await self._answer(reply_to, body, None, replies.REPLY_BATCH)
                    continue
                for correlation_id, body in group:
                    await self._answer(reply_to, body, correlation_id)

        consumer = AmqpShardConsumer(
            shard, handler, keep, open_queue=open_queue, reply=reply, delivery=_delivery,
            close=_close, release=_release, errors=(*_BROKER_ERRORS, Unavailable),
            prefetch=prefetch,
        )  # fmt: skip
        await consumer.attach()
        worker = consumer_task(consumer)
        self._workers.add(worker)
        worker.add_done_callback(self._workers.discard)
        return consumer

    async def members(self, group: str, size: int, *, claim: bool = True) -> Membership:
        """Hold the lowest free slot of a group (an exclusive queue) and list the held ones."""
        try:
            return await self._slots.members(group, size, claim=claim)
        except _BROKER_ERRORS as error:
            raise _unavailable(error) from error

    async def publish(
        self, exchange: str, routing_key: str, body: bytes, headers: Mapping[str, str] | None = None
    ) -> None:
        """Publish with confirmation: returns only once RabbitMQ has taken the message."""
        await self.connect()
        properties = Properties(
            headers=dict(headers or {}), delivery_mode=PERSISTENT, message_id=fresh_id()
        )
        await self._publish(exchange, routing_key, body, properties)

    async def _answer(
        self, reply_to: str, body: bytes, correlation_id: str | None, kind: str | None = None
    ) -> None:
        """Publish a command's reply (or a batch of them: `kind` REPLY_BATCH), waiting out a
        publishing channel still being restored.

        After a reconnection aio-pika restores the channels one by one, so a shard's
        consumer may get its command again before the publishing channel is back. Retrying
        the reply here, rather than failing, answers the command once, without deciding it
        again or counting a return against its delivery limit.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PUBLISH_TIMEOUT
        while True:
            try:
                return await self._reply(reply_to, body, correlation_id, kind)
            except Unavailable:
                if loop.time() >= deadline:
                    raise
            await asyncio.sleep(REPLY_RETRY)

    async def _reply(
        self, reply_to: str, body: bytes, correlation_id: str | None, kind: str | None
    ) -> None:
        """Write a reply on the replies channel (no confirm to wait for)."""
        try:
            assert self._unconfirmed is not None
            properties = Properties(
                correlation_id=correlation_id,
                message_id=correlation_id or fresh_id(),
                message_type=kind,
            )
            await _send(self._unconfirmed, "", reply_to, body, properties, timeout=None)
        except _BROKER_ERRORS as error:
            raise _unavailable(error) from error
        metrics.BROKER_PUBLISHED.inc()

    async def _publish(
        self, exchange: str, routing_key: str, body: bytes, properties: Properties
    ) -> None:
        """Publish to an exchange and await the confirm (replies go by `_reply`)."""
        try:
            target = await self._exchange(exchange)
            assert self._channel is not None
            await _send(self._channel, target.name, routing_key, body, properties, PUBLISH_TIMEOUT)
        except _BROKER_ERRORS as error:
            raise _unavailable(error) from error
        metrics.BROKER_PUBLISHED.inc()

    async def subscribe(
        self,
        exchange: str,
        binding: str,
        handler: EventHandler,
        *,
        queue: str | None = None,
        prefetch: int = 100,
    ) -> None:
        """Consume an exchange through a durable quorum queue (with DLQ) or a private queue."""
        await self.connect()
        source = await self._exchange(exchange)
        channel = await self._consumer_channel(prefetch)
        if queue is None:
            private = f"{self.prefix}.private.{uuid.uuid4().hex}"
            target = await channel.declare_queue(private, exclusive=True, auto_delete=True)
        else:
            await self._dead_letter_queue(channel, self.topology.dead_letter_queue(queue))
            arguments = self._quorum(self.topology.dead_letter_queue(queue), EVENT_DELIVERY_LIMIT)
            name = self._name(queue)
            target = await channel.declare_queue(name, durable=True, arguments=arguments)
            self._queues.add(name)
        await target.bind(source, binding)

        async def consume(message: AbstractIncomingMessage) -> None:
            try:
                await handler(_delivery(message))
            except Exception:
                log.exception("event handler failed on %s", target.name)
                # A classic private queue has no delivery limit: drop on the second failure.
                await message.nack(requeue=queue is not None or not message.redelivered)
                return
            await message.ack()

        await self._consume(target, consume)

    async def _consumer_channel(self, prefetch: int) -> AbstractChannel:
        assert self._connection is not None
        channel = await self._connection.channel()
        await channel.set_qos(prefetch_count=prefetch)
        return channel

    async def _consume(
        self, queue: AbstractQueue, process: Callable[[AbstractIncomingMessage], Awaitable[None]]
    ) -> None:
        """Handle the queue's deliveries strictly one at a time, in order, in one task."""
        inbox: asyncio.Queue[AbstractIncomingMessage] = asyncio.Queue()
        await queue.consume(inbox.put)

        async def work() -> None:
            while True:
                message = await inbox.get()
                try:
                    await process(message)
                except (*_BROKER_ERRORS, Unavailable) as error:
                    log.warning("could not settle a message from %s: %r", queue.name, error)
                    await _release(message)

        worker = asyncio.create_task(work(), name=f"consume {queue.name}")
        self._workers.add(worker)
        worker.add_done_callback(self._workers.discard)

    def is_connected(self) -> bool:
        """True while the connection is open; False before connect, after close, while down."""
        connection = self._connection
        return connection is not None and connection.connected.is_set()

    async def queue_depths(self) -> dict[str, int]:
        """Messages ready in each durable queue declared here (passive declares)."""
        await self.connect()
        assert self._connection is not None
        try:
            channel = await self._connection.channel()
            try:
                depths = {}
                for name in sorted(self._queues):
                    queue = await channel.declare_queue(name, passive=True)
                    depths[name] = queue.declaration_result.message_count or 0
                return depths
            finally:
                await _close(channel)
        except _BROKER_ERRORS as error:
            raise _unavailable(error) from error

    async def cleanup(self) -> None:
        """Close, then delete every queue and exchange this broker declared (tests only)."""
        await self.close()
        try:
            connection = await aio_pika.connect(self.url, timeout=PUBLISH_TIMEOUT)
        except _BROKER_ERRORS as error:
            raise _unavailable(error) from error
        try:
            channel = await connection.channel()
            for queue in sorted(self._queues):
                await channel.queue_delete(queue)
            for exchange in sorted(self._exchange_names):
                await channel.exchange_delete(exchange)
        finally:
            await _close(connection)

    async def dead_letters(self, queue: str) -> list[Delivery]:
        """Take the messages dead-lettered from `queue` (`commands` for the shard queues)."""
        await self.connect()
        assert self._connection is not None
        channel = await self._connection.channel()
        try:
            dlq = await channel.get_queue(
                self._name(self.topology.dead_letter_queue(queue)), ensure=True
            )
            taken = []
            while (message := await dlq.get(no_ack=True, fail=False)) is not None:
                taken.append(_delivery(message))
            return taken
        finally:
            await _close(channel)
