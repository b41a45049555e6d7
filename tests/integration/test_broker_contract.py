"""One contract for both broker adapters: in-process, and RabbitMQ on the machine's server."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from shared.contracts.errors import Unavailable
from shared.messaging.amqp import AmqpBroker
from shared.messaging.memory import MemoryBroker, topic_matches
from shared.messaging.port import Delivery, Topology
from shared.messaging.urls import broker_from_url

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


async def test_the_views_fanout_reaches_every_private_subscriber(make_broker: MakeBroker) -> None:
    first, second = await make_broker(), await make_broker()
    got: dict[str, list[bytes]] = {"first": [], "second": []}

    def record(gateway: str) -> Callable[[Delivery], Awaitable[None]]:
        async def handler(delivery: Delivery) -> None:
            got[gateway].append(delivery.body)

        return handler

    await first.subscribe(TOPOLOGY.views_exchange, "", record("first"))
    await second.subscribe(TOPOLOGY.views_exchange, "", record("second"))
    await first.publish(TOPOLOGY.views_exchange, "table.t1", b"changed")
    await until(lambda: got == {"first": [b"changed"], "second": [b"changed"]})


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
