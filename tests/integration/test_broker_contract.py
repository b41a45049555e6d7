"""One contract for both broker adapters: in-process, and RabbitMQ on the machine's server."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from urllib.parse import urlsplit, urlunsplit

import aio_pika
import pytest
from aio_pika.abc import AbstractChannel, AbstractIncomingMessage, AbstractQueue
from prometheus_client import REGISTRY

from shared.contracts.errors import Unavailable
from shared.messaging.amqp import AmqpBroker
from shared.messaging.amqp_shards import AmqpShardConsumer
from shared.messaging.memory import MemoryBroker, topic_matches
from shared.messaging.port import Delivery, Topology
from shared.messaging.replies import REPLY_BATCH
from shared.messaging.urls import broker_from_url
from tests.tcpproxy import TcpProxy

# Two shards and a low delivery limit keep declarations and poison loops short.
TOPOLOGY = Topology(shards=2, delivery_limit=2)
TestBroker = MemoryBroker | AmqpBroker
MakeBroker = Callable[[], Awaitable[TestBroker]]


@pytest.fixture(params=["memory", "amqp"])
async def make_broker(
    request: pytest.FixtureRequest, unique_name: str
) -> AsyncIterator[MakeBroker]:
    """Connected brokers sharing one unique prefix; all closed and cleaned up afterwards."""
    url = "memory" if request.param == "memory" else request.getfixturevalue("amqp_url")
    brokers: list[TestBroker] = []

    async def make() -> TestBroker:
        broker = broker_from_url(url, TOPOLOGY, prefix=unique_name)
        assert isinstance(broker, MemoryBroker | AmqpBroker)
        await broker.connect()
        brokers.append(broker)
        return broker

    yield make
    for broker in brokers:
        await broker.cleanup()


async def until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for a condition the handlers make true; fail the test after `timeout`."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


async def dead_letter_bodies(broker: TestBroker, queue: str, timeout: float = 5.0) -> list[bytes]:
    """The bodies dead-lettered from a queue, once RabbitMQ has moved any there."""
    deadline = time.monotonic() + timeout
    while not (dead := await broker.dead_letters(queue)) and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    return [delivery.body for delivery in dead]


async def test_request_gets_the_reply_of_the_shard_handler(make_broker: MakeBroker) -> None:
    broker = await make_broker()

    async def handler(delivery: Delivery) -> bytes:
        return delivery.body + b"/" + delivery.headers["command-id"].encode()

    await broker.serve_shard(1, handler)
    reply = await broker.request(1, b"roll", timeout=5, headers={"command-id": "c1"})
    assert reply == b"roll/c1"


async def test_commands_of_one_shard_are_handled_one_at_a_time_in_order(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    seen: list[bytes] = []
    running = 0

    async def handler(delivery: Delivery) -> bytes:
        nonlocal running
        running += 1
        assert running == 1, "two commands of one shard ran at once"
        await asyncio.sleep(0)
        seen.append(delivery.body)
        running -= 1
        return b"ok"

    await broker.serve_shard(0, handler)
    bodies = [str(i).encode() for i in range(200)]
    for body in bodies:
        await broker.publish(TOPOLOGY.commands_exchange, "0", body)
    await until(lambda: len(seen) == 200)
    assert seen == bodies


async def test_a_shard_consumer_with_prefetch_takes_batches_started_in_queue_order(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    started: list[bytes] = []
    running = most = 0
    release = asyncio.Event()

    async def handler(delivery: Delivery) -> bytes:
        nonlocal running, most
        started.append(delivery.body)
        running += 1
        most = max(most, running)
        await release.wait()  # the batch's handlers wait together, as in a group commit
        running -= 1
        return b"ok:" + delivery.body

    bodies = [str(i).encode() for i in range(30)]
    for body in bodies[:-1]:
        await broker.publish(TOPOLOGY.commands_exchange, "0", body)
    await broker.serve_shard(0, handler, prefetch=8)
    last = asyncio.ensure_future(broker.request(0, bodies[-1], timeout=10))
    await until(lambda: running > 1)
    release.set()
    assert await last == b"ok:" + bodies[-1]
    await until(lambda: len(started) == 30)
    assert started == bodies
    assert 1 < most <= 8


async def test_a_failing_command_is_redelivered_and_then_succeeds(make_broker: MakeBroker) -> None:
    broker = await make_broker()
    attempts: list[bool] = []

    async def flaky(delivery: Delivery) -> bytes:
        attempts.append(delivery.redelivered)
        if len(attempts) == 1:
            raise RuntimeError("transient")
        return b"done"

    await broker.serve_shard(0, flaky)
    assert await broker.request(0, b"move", timeout=5) == b"done"
    assert attempts == [False, True]


async def test_a_poison_command_is_dead_lettered_and_later_commands_flow(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    poison_attempts = 0

    async def handler(delivery: Delivery) -> bytes:
        nonlocal poison_attempts
        if delivery.body == b"poison":
            poison_attempts += 1
            raise ValueError("cannot decode")
        return b"ok:" + delivery.body

    await broker.serve_shard(1, handler)
    await broker.publish(TOPOLOGY.commands_exchange, "1", b"poison")
    assert await broker.request(1, b"next", timeout=5) == b"ok:next"
    assert poison_attempts == TOPOLOGY.delivery_limit + 1
    assert await dead_letter_bodies(broker, "commands") == [b"poison"]


async def test_request_with_nobody_serving_fails_with_broker_timeout(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    started = time.monotonic()
    with pytest.raises(Unavailable) as error:
        await broker.request(0, b"hello?", timeout=0.3)
    assert error.value.code == "broker_timeout"
    assert time.monotonic() - started < 2


async def test_topic_bindings_route_events_by_game_event_and_table(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    ra: list[str] = []
    everything: list[str] = []

    async def to_ra(delivery: Delivery) -> None:
        ra.append(delivery.routing_key)

    async def to_all(delivery: Delivery) -> None:
        everything.append(delivery.routing_key)

    await broker.subscribe(TOPOLOGY.events_exchange, "ra.*.*", to_ra)
    await broker.subscribe(TOPOLOGY.events_exchange, "#", to_all)
    keys = ["ra.TileDrawn.t1", "sobek.CardTaken.t2", "ra.Bid", "ra.Bid.t1.x", "ra.End.t9"]
    for key in keys:
        await broker.publish(TOPOLOGY.events_exchange, key, b"{}", headers={"table": "t"})
    await until(lambda: "ra.End.t9" in ra and "ra.End.t9" in everything)
    assert ra == ["ra.TileDrawn.t1", "ra.End.t9"]
    assert everything == keys


def test_topic_patterns_follow_amqp_rules() -> None:
    assert topic_matches("#", "ra.Bid.t1")
    assert topic_matches("ra.#", "ra")
    assert topic_matches("*.Bid.#", "ra.Bid.t1.x")
    assert not topic_matches("ra.*", "ra.Bid.t1")
    assert not topic_matches("ra.*.*", "ra.Bid")


async def test_a_durable_queue_buffers_events_while_its_consumer_is_stopped(
    make_broker: MakeBroker,
) -> None:
    projector, publisher = await make_broker(), await make_broker()
    got: list[bytes] = []

    async def project(delivery: Delivery) -> None:
        got.append(delivery.body)

    await projector.subscribe(TOPOLOGY.events_exchange, "ra.#", project, queue="scores")
    await publisher.publish(TOPOLOGY.events_exchange, "ra.Scored.t1", b"e1")
    await until(lambda: got == [b"e1"])
    await projector.close()
    for body in (b"e2", b"e3", b"e4"):
        await publisher.publish(TOPOLOGY.events_exchange, "ra.Scored.t1", body)
    restarted = await make_broker()
    await restarted.subscribe(TOPOLOGY.events_exchange, "ra.#", project, queue="scores")
    await until(lambda: len(got) == 4)
    assert got == [b"e1", b"e2", b"e3", b"e4"]


async def _depth(url: str, queue: str) -> int:
    """Messages ready in a queue, as another connection sees it."""
    connection = await aio_pika.connect(url)
    try:
        channel = await connection.channel()
        declared = await channel.declare_queue(queue, passive=True)
        return declared.declaration_result.message_count or 0
    finally:
        await connection.close()


async def test_a_burst_of_publishes_on_one_channel_arrives_whole_with_its_headers(
    amqp_url: str,
) -> None:
    """Publishes on one channel do not wait for each other's frames to be written (one
    pass of the connection's writer takes the burst): every message arrives whole, with
    its own headers, and all are in the queue once the publishes have returned (their
    confirms awaited; a publish that did not wait for its confirm would mostly pass this
    too, RabbitMQ being quick: that part is aiormq's, unchanged)."""
    publisher = AmqpBroker(amqp_url, TOPOLOGY, prefix=f"t{uuid.uuid4().hex[:12]}")
    projector = AmqpBroker(amqp_url, TOPOLOGY, prefix=publisher.prefix)
    got: list[Delivery] = []

    async def project(delivery: Delivery) -> None:
        got.append(delivery)

    try:
        await projector.subscribe(TOPOLOGY.events_exchange, "ra.#", project, queue="burst")
        await projector.close()  # the queue stays, with nobody consuming it
        bodies = [f"e{i}".encode() for i in range(200)]
        await asyncio.gather(*(
            publisher.publish(TOPOLOGY.events_exchange, "ra.Scored.t1", body, {"n": str(i)})
            for i, body in enumerate(bodies)
        ))  # fmt: skip
        assert await _depth(amqp_url, f"{publisher.prefix}.burst") == 200  # all held now
        await projector.subscribe(TOPOLOGY.events_exchange, "ra.#", project, queue="burst")
        await until(lambda: len(got) == 200)
        assert sorted(d.body for d in got) == sorted(bodies)
        assert all(d.headers["n"] == d.body.decode()[1:] for d in got)
    finally:
        await publisher.cleanup()
        await projector.cleanup()


async def test_events_published_before_a_named_queue_exists_are_not_routed(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    got: list[bytes] = []

    async def project(delivery: Delivery) -> None:
        got.append(delivery.body)

    await broker.publish(TOPOLOGY.events_exchange, "ra.Scored.t1", b"early")
    await broker.subscribe(TOPOLOGY.events_exchange, "ra.#", project, queue="late")
    await broker.publish(TOPOLOGY.events_exchange, "ra.Scored.t1", b"on time")
    await until(lambda: got == [b"on time"])


async def test_a_poison_event_is_dead_lettered_after_two_failures_and_others_flow_on(
    make_broker: MakeBroker,
) -> None:
    broker = await make_broker()
    got: list[bytes] = []
    poison_attempts = 0

    async def project(delivery: Delivery) -> None:
        nonlocal poison_attempts
        if delivery.body == b"poison":
            poison_attempts += 1
            raise KeyError("unknown event")
        got.append(delivery.body)

    await broker.subscribe(TOPOLOGY.events_exchange, "#", project, queue="views")
    for body in (b"e1", b"poison", b"e2"):
        await broker.publish(TOPOLOGY.events_exchange, "ra.Scored.t1", body)
    await until(lambda: len(got) == 2)
    assert sorted(got) == [b"e1", b"e2"]
    assert await dead_letter_bodies(broker, "views") == [b"poison"]
    assert poison_attempts == 2


async def test_a_signal_reaches_each_private_subscriber_of_its_key(
    make_broker: MakeBroker,
) -> None:
    first, second = await make_broker(), await make_broker()
    got: dict[str, list[bytes]] = {"first": [], "second": [], "other": []}

    def record(gateway: str) -> Callable[[Delivery], Awaitable[None]]:
        async def handler(delivery: Delivery) -> None:
            got[gateway].append(delivery.body)

        return handler

    await first.subscribe(TOPOLOGY.signals_exchange, "committed", record("first"))
    await second.subscribe(TOPOLOGY.signals_exchange, "committed", record("second"))
    await second.subscribe(TOPOLOGY.signals_exchange, "presence", record("other"))
    await first.publish(TOPOLOGY.signals_exchange, "committed", b"changed")
    await first.publish(TOPOLOGY.signals_exchange, "presence", b"here")
    await until(lambda: got == {"first": [b"changed"], "second": [b"changed"], "other": [b"here"]})


async def test_close_leaves_no_running_tasks(make_broker: MakeBroker) -> None:
    before = asyncio.all_tasks()
    broker = await make_broker()

    async def echo(delivery: Delivery) -> bytes:
        return delivery.body

    async def ignore(delivery: Delivery) -> None:
        return None

    await broker.serve_shard(0, echo)
    await broker.subscribe(TOPOLOGY.events_exchange, "#", ignore)
    await broker.subscribe(TOPOLOGY.events_exchange, "#", ignore, queue="audit")
    assert await broker.request(0, b"ping", timeout=5) == b"ping"
    await broker.close()
    await asyncio.sleep(0)
    left = asyncio.all_tasks() - before - {asyncio.current_task()}
    assert not [task for task in left if not task.done()]


def test_an_unknown_broker_url_is_rejected() -> None:
    assert isinstance(broker_from_url("memory"), MemoryBroker)
    assert isinstance(broker_from_url("amqp://guest:guest@127.0.0.1/"), AmqpBroker)
    with pytest.raises(ValueError, match="unknown broker URL"):
        broker_from_url("redis://127.0.0.1")


class HeldBatches:
    """A shard handler that records the batches it is given and holds them until released.

    The handlers of one batch all start before any ends (each yields once first), and the
    next batch starts only after the last one's replies and ack, so a batch is the run of
    handlers that start while none is running.
    """

    def __init__(self) -> None:
        self.batches: list[list[bytes]] = []
        self.running = 0
        self.release = asyncio.Event()

    async def handle(self, delivery: Delivery) -> bytes:
        if self.running == 0:
            self.batches.append([])
        self.batches[-1].append(delivery.body)
        self.running += 1
        try:
            await asyncio.sleep(0)
            await self.release.wait()
        finally:
            self.running -= 1
        return b"ok:" + delivery.body


async def delivered(broker: TestBroker, shard: int) -> None:
    """Wait until RabbitMQ has handed the shard queue's ready messages to its consumer (up
    to the prefetch), and their frames have been read: one more round trip on the same
    connection. The in-process broker hands a batch whatever waits in the queue."""
    if isinstance(broker, AmqpBroker):
        name = f"{broker.prefix}.{TOPOLOGY.shard_queue(shard)}"
        deadline = time.monotonic() + 10
        while (await broker.queue_depths())[name]:
            assert time.monotonic() < deadline, "RabbitMQ did not deliver the commands"
            await asyncio.sleep(0.01)
        await broker.queue_depths()


async def test_a_batch_takes_every_command_delivered_meanwhile_and_a_step_back_returns_none(
    make_broker: MakeBroker,
) -> None:
    """The commands that arrive while a batch is in hand make the next batch, whole (up to
    the prefetch); the batch is acked whole, so when the consumer steps back the next one in
    line gets none of them again, only later commands."""
    active, waiting = await make_broker(), await make_broker()
    held = HeldBatches()
    prefetch = 8
    consumer = await active.serve_shard(0, held.handle, prefetch=prefetch)
    took_over: list[Delivery] = []

    async def next_in_line(delivery: Delivery) -> bytes:
        took_over.append(delivery)
        return b"next:" + delivery.body

    first = asyncio.ensure_future(active.request(0, b"c0", timeout=30))
    await until(lambda: held.batches == [[b"c0"]], timeout=30)
    bodies = [f"c{i}".encode() for i in range(1, prefetch)]
    for body in bodies:  # confirmed by RabbitMQ once published
        await active.publish(TOPOLOGY.commands_exchange, "0", body)
    await delivered(active, 0)
    await waiting.serve_shard(0, next_in_line, prefetch=prefetch)
    held.release.set()
    assert await first == b"ok:c0"
    await until(lambda: sum(map(len, held.batches)) == prefetch and not held.running, 30)
    assert held.batches == [[b"c0"], bodies]  # a prefetch's worth, less the one in hand

    await consumer.step_back()
    assert await waiting.request(0, b"later", timeout=30) == b"next:later"
    assert [d.body for d in took_over] == [b"later"]  # (returned once if it reached us first)
    assert held.batches == [[b"c0"], bodies]


async def test_a_consumer_that_dies_while_answering_leaves_the_command_to_the_next(
    amqp_url: str, unique_name: str
) -> None:
    """A command is acked only after its answer is sent: a consumer that dies while
    answering has not acked it, so RabbitMQ gives it to the next consumer, whose answer
    reaches the requester (a consumer that acked first would leave it unanswered)."""
    broker = AmqpBroker(amqp_url, TOPOLOGY, prefix=unique_name)
    await broker.connect()
    connection = await aio_pika.connect(amqp_url)
    answering = asyncio.Event()
    acked_or_released: list[str] = []

    async def open_queue() -> tuple[AbstractChannel, AbstractQueue]:
        channel = await connection.channel()
        await channel.set_qos(prefetch_count=8)
        name = f"{unique_name}.{TOPOLOGY.shard_queue(0)}"
        return channel, await channel.declare_queue(name, passive=True)

    async def hang_while_answering(answered: list[tuple[AbstractIncomingMessage, bytes]]) -> None:
        answering.set()
        await asyncio.Event().wait()  # the process dies here

    async def decide(delivery: Delivery) -> bytes:
        return b"first:" + delivery.body

    async def release(message: AbstractIncomingMessage) -> None:
        acked_or_released.append("released")
        await message.nack(requeue=True)

    async def close(channel: AbstractChannel) -> None:
        await channel.close()

    dying = AmqpShardConsumer(
        0, decide, None, open_queue=open_queue, reply=hang_while_answering,
        delivery=lambda m: Delivery(body=m.body, routing_key=m.routing_key or ""),
        close=close, release=release, errors=(), prefetch=8,
    )  # fmt: skip
    await dying.attach()
    task = asyncio.ensure_future(dying.run())
    took_over: list[Delivery] = []

    async def next_in_line(delivery: Delivery) -> bytes:
        took_over.append(delivery)
        return b"next:" + delivery.body

    try:
        await broker.serve_shard(0, next_in_line)
        answer = asyncio.ensure_future(broker.request(0, b"move", timeout=30))
        await asyncio.wait_for(answering.wait(), 30)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await connection.close()  # the dying process's connection goes with it
        assert await answer == b"next:move"
        assert [(d.body, d.redelivered) for d in took_over] == [(b"move", True)]
        assert acked_or_released == []
    finally:
        task.cancel()
        await connection.close()
        await broker.cleanup()


def _published() -> float:
    """The messages this process has published (each counted once RabbitMQ confirmed it)."""
    labels = {"direction": "published"}
    return REGISTRY.get_sample_value("senet_broker_messages_total", labels) or 0.0


class CountedReplies(AmqpBroker):
    """A requester that notes the `type` of every reply message it receives."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.reply_types: list[str | None] = []

    async def _on_reply(self, message: AbstractIncomingMessage) -> None:
        self.reply_types.append(message.type)
        await super()._on_reply(message)


async def held_then_batched(
    server: AmqpBroker, publish: Callable[[bytes], Awaitable[None]]
) -> tuple[HeldBatches, list[bytes]]:
    """Serve shard 0 from `server`, hold a first batch of `c0`, publish c1..c7 with
    `publish` (each in the queue once it returns) and wait until they are delivered: on
    release, they make the second batch, whole."""
    held = HeldBatches()
    await server.serve_shard(0, held.handle, prefetch=8)
    await publish(b"c0")
    await until(lambda: held.batches == [[b"c0"]], timeout=30)
    later = [f"c{i}".encode() for i in range(1, 8)]
    for body in later:
        await publish(body)
    await delivered(server, 0)
    return held, later


async def test_the_replies_of_a_batch_to_one_requester_go_in_one_message(
    amqp_url: str, unique_name: str
) -> None:
    """Seven commands of one requester decided in one batch are answered in one message of
    type REPLY_BATCH, each answer reaching its own request."""
    server = AmqpBroker(amqp_url, TOPOLOGY, prefix=unique_name)
    requester = CountedReplies(amqp_url, TOPOLOGY, prefix=unique_name)
    await server.connect()
    await requester.connect()
    requests: list[asyncio.Future[bytes]] = []
    try:
        published = _published()

        async def publish(body: bytes) -> None:  # a request, returning once it is queued
            requests.append(asyncio.ensure_future(requester.request(0, body, timeout=30)))
            await until(lambda: _published() == published + len(requests), 30)

        held, later = await held_then_batched(server, publish)
        held.release.set()
        answers = await asyncio.gather(*requests)
        assert answers == [b"ok:" + body for body in [b"c0", *later]]
        assert held.batches == [[b"c0"], later]
        assert requester.reply_types == [None, REPLY_BATCH]
    finally:
        await requester.close()
        await server.cleanup()


async def test_a_requester_of_an_older_release_gets_one_plain_message_per_reply(
    amqp_url: str, unique_name: str
) -> None:
    """A reply queue whose name does not say it reads batches (a gateway of an older
    release during an upgrade) gets each answer of a batch as its own plain message."""
    server = AmqpBroker(amqp_url, TOPOLOGY, prefix=unique_name)
    await server.connect()
    connection = await aio_pika.connect(amqp_url)
    try:
        channel = await connection.channel(publisher_confirms=True)
        queue = await channel.declare_queue(
            f"{unique_name}.reply.{uuid.uuid4().hex}", exclusive=True, auto_delete=True
        )
        exchange = await channel.get_exchange(f"{unique_name}.{TOPOLOGY.commands_exchange}")

        async def publish(body: bytes) -> None:  # confirmed: in the queue once it returns
            message = aio_pika.Message(body, reply_to=queue.name, correlation_id=body.decode())
            await exchange.publish(message, routing_key="0")

        held, later = await held_then_batched(server, publish)
        held.release.set()
        received: list[tuple[str | None, str | None, bytes]] = []
        async with asyncio.timeout(30), queue.iterator() as messages:
            async for message in messages:
                await message.ack()
                received.append((message.type, message.correlation_id, message.body))
                if len(received) == 8:
                    break
        assert held.batches == [[b"c0"], later]
        assert received == [(None, b.decode(), b"ok:" + b) for b in [b"c0", *later]]
    finally:
        await connection.close()
        await server.cleanup()


async def test_a_lost_connection_fails_the_waiting_requests_at_once(
    amqp_url: str, unique_name: str
) -> None:
    """A command goes out without a publisher confirm: the reply answers for it. When the
    connection drops, the reply queue is gone, so a waiting request fails at once with
    `broker_unavailable` rather than at its timeout."""
    parts = urlsplit(amqp_url)
    proxy = TcpProxy(parts.hostname or "127.0.0.1", parts.port or 5672)
    port = proxy.start()
    credentials = parts.netloc.rpartition("@")[0]
    url = urlunsplit(parts._replace(netloc=f"{credentials}@127.0.0.1:{port}"))
    broker = AmqpBroker(url, TOPOLOGY, prefix=unique_name)
    await broker.connect()
    try:
        waiting = asyncio.create_task(broker.request(0, b"anyone?", timeout=600))
        await until(lambda: bool(broker._pending))  # published, its reply awaited
        proxy.cut()
        with pytest.raises(Unavailable) as error:
            async with asyncio.timeout(20):  # far below the request's own 600 s
                await waiting
        assert error.value.code == "broker_unavailable"
    finally:
        proxy.close()
        await broker.close()
    cleaner = AmqpBroker(amqp_url, TOPOLOGY, prefix=unique_name)
    await cleaner.connect()
    await cleaner.cleanup()
