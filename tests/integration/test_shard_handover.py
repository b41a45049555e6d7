"""Shard sharing on both broker adapters: stepping back in the single-active line, slots."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from shared.messaging.port import Delivery, ShardConsumer
from shared.messaging.urls import broker_from_url
from tests.integration.test_broker_contract import TOPOLOGY, MakeBroker, TestBroker, until


@pytest.fixture(params=["memory", "amqp"])
async def make_broker(
    request: pytest.FixtureRequest, unique_name: str
) -> AsyncIterator[MakeBroker]:
    """Connected brokers sharing one unique prefix; all cleaned up afterwards."""
    url = "memory" if request.param == "memory" else request.getfixturevalue("amqp_url")
    brokers: list[TestBroker] = []

    async def make() -> TestBroker:
        broker = broker_from_url(url, TOPOLOGY, prefix=unique_name)
        await broker.connect()
        brokers.append(broker)  # type: ignore[arg-type]
        return broker  # type: ignore[return-value]

    yield make
    for broker in brokers:
        await broker.cleanup()


class _Recorder:
    """Handlers for several consumers of one shard; checks they never overlap."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, bytes]] = []
        self.running = 0

    def handler(self, who: str):  # type: ignore[no-untyped-def]
        async def handle(delivery: Delivery) -> bytes:
            self.running += 1
            assert self.running == 1, "two consumers of one shard ran at once"
            self.seen.append((who, delivery.body))
            self.running -= 1
            return who.encode()

        return handle


async def test_a_busy_consumer_that_steps_back_hands_on_after_its_command_in_order(
    make_broker: MakeBroker,
) -> None:
    first, second = await make_broker(), await make_broker()
    recorder = _Recorder()
    consumers: list[ShardConsumer] = []
    handle_a = recorder.handler("a")

    async def a_then_step_back(delivery: Delivery) -> bytes:
        answer = await handle_a(delivery)
        if len(recorder.seen) == 10:
            await consumers[0].step_back()
        return answer

    consumers.append(await first.serve_shard(0, a_then_step_back))
    await second.serve_shard(0, recorder.handler("b"))
    bodies = [str(i).encode() for i in range(60)]
    for body in bodies:
        await first.publish(TOPOLOGY.commands_exchange, "0", body)
    await until(lambda: len(recorder.seen) == len(bodies))
    assert [body for _, body in recorder.seen] == bodies  # each once, in queue order
    assert [who for who, _ in recorder.seen] == ["a"] * 10 + ["b"] * 50


async def test_an_idle_consumer_that_steps_back_gives_the_shard_away_for_good(
    make_broker: MakeBroker,
) -> None:
    first, second = await make_broker(), await make_broker()
    recorder = _Recorder()
    active = await first.serve_shard(0, recorder.handler("a"))
    await second.serve_shard(0, recorder.handler("b"))
    assert await first.request(0, b"0", timeout=5) == b"a"
    await active.step_back()
    sent = 1
    while recorder.seen[-1][0] != "b" and sent < 200:
        await first.request(0, str(sent).encode(), timeout=5)
        sent += 1
    for extra in range(20):
        await first.request(0, str(sent + extra).encode(), timeout=5)
    owners = [who for who, _ in recorder.seen]
    switch = owners.index("b")
    assert owners == ["a"] * switch + ["b"] * (len(owners) - switch)
    assert [body for _, body in recorder.seen] == [str(i).encode() for i in range(sent + 20)]


async def test_a_consumer_active_on_a_shard_it_does_not_keep_hands_it_on(
    make_broker: MakeBroker,
) -> None:
    first, second = await make_broker(), await make_broker()
    recorder = _Recorder()
    await first.serve_shard(1, recorder.handler("a"), keep=lambda shard: False)
    await second.serve_shard(1, recorder.handler("b"), keep=lambda shard: True)
    for i in range(10):
        await first.request(1, str(i).encode(), timeout=5)
    assert [who for who, _ in recorder.seen] == ["a"] + ["b"] * 9


async def test_members_hold_the_lowest_free_slot_until_their_broker_closes(
    make_broker: MakeBroker,
) -> None:
    a, b, c, d = [await make_broker() for _ in range(4)]
    assert (await a.members("table", 3)).slot == 0
    joined = await b.members("table", 3)
    assert (joined.slot, joined.live) == (1, (0, 1))
    await a.close()
    assert (await b.members("table", 3)).live == (1,)
    rejoined = await c.members("table", 3)
    assert (rejoined.slot, rejoined.live) == (0, (0, 1))
    third = await d.members("table", 3)
    assert (third.slot, third.live) == (2, (0, 1, 2))
    assert (await b.members("table", 3)).live == (0, 1, 2)


async def test_a_member_beyond_the_group_size_holds_no_slot(make_broker: MakeBroker) -> None:
    a, b = await make_broker(), await make_broker()
    assert (await a.members("table", 1)).slot == 0
    extra = await b.members("table", 1)
    assert (extra.slot, extra.live) == (None, (0,))
