"""RabbitMQ pieces of shard sharing: a shard consumer that can step back, and group slots.

RabbitMQ 3.10 makes the *earliest attached* consumer of a single-active-consumer queue the
active one (consumer priorities for SAC came with 3.13). A process hands a shard on by
leaving the line and attaching again at its back:

- with commands in hand (a batch of up to `prefetch`), it decides and answers them, acks
  them, then closes the consumer's channel: RabbitMQ returns the commands delivered to it
  but not yet taken (to the head of the queue, their `x-delivery-count` one up) *before*
  activating the next consumer, so the next one only ever sees later commands;
- idle, it closes the consumer's channel in the same way.

A consumer takes what has been delivered to it, up to `prefetch` commands, as one batch:
their handlers run together (the table worker's group commit decides and stores them in
one transaction, in delivery order), the answers go to their requesters (those of one
requester in one message where it reads batches, `shared.messaging.replies`), then the
batch is acked with one `multiple` ack.

Group membership uses exclusive queues `<prefix>.<group>.slot.<i>`: a process holds the
lowest free one on its own connection; RabbitMQ deletes it when that connection dies.
Another connection's passive declare answers RESOURCE_LOCKED (held) or NOT_FOUND (free).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aio_pika
from aio_pika.abc import AbstractChannel, AbstractConnection, AbstractIncomingMessage, AbstractQueue
from aiormq.exceptions import ChannelLockedResource, ChannelNotFoundEntity

from shared.messaging.port import CommandHandler, Delivery, Keep, Membership
from shared.tasks import cancellation_kept

log = logging.getLogger(__name__)

OpenQueue = Callable[[], Awaitable[tuple[AbstractChannel, AbstractQueue]]]
# Send the answers of a batch, each to its requester (`replies`: one message per reply queue).
Reply = Callable[[list[tuple[AbstractIncomingMessage, bytes]]], Awaitable[None]]
RETRY_SECONDS = 1.0


class AmqpShardConsumer:
    """One shard queue consumed in batches of up to `prefetch`: handlers, replies, one ack;
    can step back."""

    def __init__(
        self,
        shard: int,
        handler: CommandHandler,
        keep: Keep | None,
        *,
        open_queue: OpenQueue,
        reply: Reply,
        delivery: Callable[[AbstractIncomingMessage], Delivery],
        close: Callable[[AbstractChannel], Awaitable[None]],
        release: Callable[[AbstractIncomingMessage], Awaitable[None]],
        errors: tuple[type[BaseException], ...],
        prefetch: int = 1,
    ) -> None:
        self.shard = shard
        self.prefetch = max(1, prefetch)
        self._handler = handler
        self._keep = keep
        self._open_queue = open_queue
        self._reply = reply
        self._delivery = delivery
        self._close = close
        self._release = release
        self._errors: tuple[type[BaseException], ...] = (*errors, ConnectionError)
        self._leave = asyncio.Event()
        self._rejoined = asyncio.Event()
        self._busy = False
        self._channel: AbstractChannel | None = None
        self._queue: AbstractQueue | None = None
        self._tag: str | None = None
        self._inbox: asyncio.Queue[AbstractIncomingMessage] = asyncio.Queue()
        self._unsettled: list[AbstractIncomingMessage] = []  # in hand, neither acked nor nacked

    async def attach(self) -> None:
        """Open a channel and join the queue's line of consumers (at its back)."""
        self._channel, self._queue = await self._open_queue()
        self._inbox = asyncio.Queue()
        self._tag = await self._queue.consume(self._inbox.put)

    async def step_back(self) -> None:
        """Leave the line and rejoin at its back: at once if idle (returning when done), or
        after the command in hand (returning at once, as the handler may be the caller)."""
        if not self._leave.is_set():
            self._rejoined.clear()
            self._leave.set()
        if not self._busy:
            await self._rejoined.wait()

    async def run(self) -> None:
        """Serve until cancelled; broker errors are logged and RabbitMQ redelivers."""
        while True:
            first = await self._next()
            self._busy = first is not None
            self._unsettled = []
            try:
                if first is None:
                    await self._rejoin()
                    continue
                self._unsettled = [first]
                while len(self._unsettled) < self.prefetch and not self._inbox.empty():
                    self._unsettled.append(self._inbox.get_nowait())
                await self._process(list(self._unsettled))
            except self._errors as error:
                log.warning("shard %s: could not settle or rejoin: %r", self.shard, error)
                for message in self._unsettled:  # else they hold the prefetch slots
                    await self._release(message)
                await asyncio.sleep(RETRY_SECONDS)
                if self._queue is None:
                    await self._reattach()
            finally:
                self._busy = False

    async def _next(self) -> AbstractIncomingMessage | None:
        """The next delivery, or None when asked to step back while idle."""
        if not self._inbox.empty():
            return self._inbox.get_nowait()
        if self._leave.is_set():
            return None
        getter = asyncio.ensure_future(self._inbox.get())
        leaving = asyncio.ensure_future(self._leave.wait())
        try:
            await asyncio.wait({getter, leaving}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            leaving.cancel()
            if not getter.done():
                getter.cancel()
        if getter.done() and not getter.cancelled():
            return getter.result()
        return None

    async def _handle(self, message: AbstractIncomingMessage) -> bytes | None:
        """The handler's answer; None (the message requeued) if it raised."""
        try:
            return await self._handler(self._delivery(message))
        except Exception:
            log.exception("command handler failed on shard %s", self.shard)
            self._unsettled.remove(message)
            await message.nack(requeue=True)
            return None

    async def _process(self, batch: list[AbstractIncomingMessage]) -> None:
        """Handle a batch together (handlers start in delivery order), answer each, then ack
        the batch; step back afterwards if asked to or if this process does not own the
        shard (closing the channel returns anything delivered since, ahead of the line)."""
        answers = await asyncio.gather(*(self._handle(message) for message in batch))
        done = [(m, a) for m, a in zip(batch, answers, strict=True) if a is not None]
        await self._reply(done)
        if len(done) == len(batch):
            await batch[-1].ack(multiple=True)
        else:
            for message, _ in done:
                await message.ack()
        self._unsettled = []
        if self._leave.is_set() or (self._keep is not None and not self._keep(self.shard)):
            await self._rejoin()

    async def _rejoin(self) -> None:
        """Close the channel (RabbitMQ returns anything in flight first), attach again."""
        self._leave.clear()
        channel, self._channel, self._queue, self._tag = self._channel, None, None, None
        if channel is not None and not channel.is_closed:
            await self._close(channel)
        await self._reattach()
        self._rejoined.set()

    async def _reattach(self) -> None:
        while True:
            try:
                await self.attach()
                return
            except self._errors as error:
                log.warning("shard %s: could not attach: %r", self.shard, error)
                await asyncio.sleep(RETRY_SECONDS)


class AmqpSlots:
    """Group membership by exclusive slot queues on a connection of its own."""

    def __init__(self, url: str, prefix: str, errors: tuple[type[BaseException], ...]) -> None:
        self.url = url
        self.prefix = prefix
        self._errors: tuple[type[BaseException], ...] = (*errors, ConnectionError, RuntimeError)
        self._connection: AbstractConnection | None = None
        self._held: dict[str, int] = {}

    async def members(self, group: str, size: int, *, claim: bool = True) -> Membership:
        """Hold the lowest free slot (if none held and `claim`) and list the held slots."""
        try:
            return await self._look(group, size, claim=claim)
        except self._errors:
            # The connection died (aio-pika may not have marked it closed yet: "... closed"
            # RuntimeErrors): forget it, and with it the slot, so the next look starts over.
            await self._drop()
            raise

    async def _drop(self) -> None:
        connection, self._connection = self._connection, None
        self._held.clear()
        if connection is not None:
            async with cancellation_kept():
                with contextlib.suppress(Exception):
                    await connection.close()

    async def _look(self, group: str, size: int, *, claim: bool) -> Membership:
        connection = await self._connect()
        live = []
        for slot in range(size):
            if self._held.get(group) == slot or await self._taken(connection, group, slot):
                live.append(slot)
        if claim and group not in self._held:
            for slot in (s for s in range(size) if s not in live):
                if await self._claim(connection, group, slot):
                    live = sorted([*live, slot])
                    break
        return Membership(slot=self._held.get(group), live=tuple(live))

    async def close(self) -> None:
        """Close the connection: RabbitMQ frees the slots at once."""
        connection, self._connection = self._connection, None
        self._held.clear()
        if connection is not None and not connection.is_closed:
            async with cancellation_kept():
                await connection.close()

    async def _connect(self) -> AbstractConnection:
        if self._connection is None or self._connection.is_closed:
            self._held.clear()  # a dead connection took its exclusive queues with it
            self._connection = await aio_pika.connect(
                self.url, client_properties={"connection_name": f"{self.prefix} membership"}
            )
        return self._connection

    def _name(self, group: str, slot: int) -> str:
        return f"{self.prefix}.{group}.slot.{slot}"

    async def _taken(self, connection: AbstractConnection, group: str, slot: int) -> bool:
        """Whether another live connection holds the slot (a passive declare tells)."""
        channel = await connection.channel()
        try:
            await channel.declare_queue(self._name(group, slot), passive=True)
        except ChannelLockedResource:
            return True
        except ChannelNotFoundEntity:
            return False
        async with cancellation_kept():
            await channel.close()
        return True  # ours from an earlier round whose answer was lost: count it held

    async def _claim(self, connection: AbstractConnection, group: str, slot: int) -> bool:
        channel = await connection.channel()
        try:
            await channel.declare_queue(self._name(group, slot), exclusive=True)
        except ChannelLockedResource:
            return False  # another process claimed it meanwhile
        async with cancellation_kept():
            await channel.close()
        self._held[group] = slot
        return True


def consumer_task(consumer: AmqpShardConsumer) -> asyncio.Task[Any]:
    """Run a shard consumer in a task named after its shard."""
    return asyncio.create_task(consumer.run(), name=f"shard {consumer.shard}")
