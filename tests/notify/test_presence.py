"""Presence: a socket counts while its gateway keeps repeating it, and no longer."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

from services.gateway.live.presence import PresenceBoard
from services.notify.clock import FakeClock
from services.notify.service import NotifyService
from services.notify.settings import NotifySettings
from shared.messaging.memory import MemoryBroker
from shared.messaging.port import Delivery
from shared.notify.presence import PRESENCE, TTL, Presence, Presences, presence_decoder
from shared.store import open_store


def _service(clock: FakeClock) -> NotifyService:
    return NotifyService(open_store("memory"), None, NotifySettings(), clock=clock)


def _signal(socket: str, connected: bool = True, ttl: float = TTL) -> Presence:
    return Presence(table_id="t", player_id="p", connected=connected, socket=socket, ttl=ttl)


def test_a_socket_whose_gateway_stops_repeating_it_expires_after_its_ttl() -> None:
    clock = FakeClock(start=1000.0)
    service = _service(clock)
    service.sockets.apply(_signal("a"))
    clock.advance(TTL - 1)
    assert service.sockets.present("t", "p")
    service.sockets.apply(_signal("a"))  # the heartbeat: another TTL from now
    clock.advance(TTL - 1)
    assert service.sockets.present("t", "p")
    clock.advance(2)  # the gateway died: nothing repeated it
    assert not service.sockets.present("t", "p")


def test_closing_one_of_two_sockets_keeps_the_player_present() -> None:
    clock = FakeClock(start=1000.0)
    service = _service(clock)
    service.sockets.apply(_signal("a"))
    service.sockets.apply(_signal("b"))
    service.sockets.apply(_signal("a", connected=False, ttl=0))
    assert service.sockets.present("t", "p")
    service.sockets.apply(_signal("b", connected=False, ttl=0))
    assert not service.sockets.present("t", "p")
    assert service.sockets.open == {}  # nothing kept for a player who left


def test_a_signal_without_ttl_from_an_older_gateway_holds_until_closed() -> None:
    clock = FakeClock(start=1000.0)
    service = _service(clock)
    service.sockets.apply(_signal("a", ttl=0))
    clock.advance(10 * TTL)
    assert service.sockets.present("t", "p")


class _Heard:
    """The presence messages a memory broker carried, decoded."""

    def __init__(self) -> None:
        self.messages: list[list[Presence]] = []

    async def hear(self, delivery: Delivery) -> None:
        signal = presence_decoder.decode(delivery.body)
        assert isinstance(signal, Presences)  # a gateway says even one change as a batch
        self.messages.append(signal.signals)

    async def until(self, messages: int) -> None:
        while len(self.messages) < messages:
            await asyncio.sleep(0.005)


async def _heard_board(
    linger: float, heartbeat: float
) -> tuple[MemoryBroker, _Heard, PresenceBoard]:
    broker = MemoryBroker()
    await broker.connect()
    heard = _Heard()
    await broker.subscribe(broker.topology.signals_exchange, PRESENCE, heard.hear)
    board = PresenceBoard(broker, linger=linger, heartbeat=heartbeat)
    await board.start()
    return broker, heard, board


async def test_the_gateway_repeats_its_open_sockets_every_heartbeat_until_they_close() -> None:
    broker, heard, board = await _heard_board(linger=0.0, heartbeat=0.02)
    one = board.opened("t", "p")
    two = board.opened("u", "q")
    await heard.until(3)  # the opening, then two heartbeats
    for signals in heard.messages[1:3]:  # a heartbeat says every open socket, in one message
        assert {(s.socket, s.table_id, s.player_id) for s in signals} == {
            (one, "t", "p"), (two, "u", "q"),
        }  # fmt: skip
        assert all(s.connected and s.ttl == TTL for s in signals)
    board.closed(one)
    board.closed(two)
    closes = {(one, False, 0.0), (two, False, 0.0)}
    while not closes <= {(s.socket, s.connected, s.ttl) for m in heard.messages for s in m}:
        await asyncio.sleep(0.005)  # (a heartbeat taken before the closes may come first)
    assert board.open == {}  # later heartbeats say nothing of them
    await board.stop()
    await broker.close()


async def test_sockets_opening_and_closing_while_the_board_lingers_go_in_one_message() -> None:
    broker, heard, board = await _heard_board(linger=3600.0, heartbeat=3600.0)
    first = board.opened("t", "p0")
    await heard.until(1)  # the first change after a quiet spell goes at once
    assert [(s.socket, s.connected) for s in heard.messages[0]] == [(first, True)]
    later = [board.opened("t", f"p{n}") for n in range(1, 40)]
    board.closed(first)
    board.closed(later[0])
    await board.stop()  # the lingering board says the rest as it stops: one message
    await heard.until(2)
    assert len(heard.messages) == 2
    said = {s.socket: s.connected for s in heard.messages[1]}
    assert said == {first: False, later[0]: False, **{s: True for s in later[1:]}}
    assert board.sent == 2
    await broker.close()


class _FlakyBroker(MemoryBroker):
    """A memory broker whose next `failures` publishes fail."""

    failures = 0

    async def publish(
        self, exchange: str, routing_key: str, body: bytes, headers: Any = None
    ) -> None:
        if self.failures:
            self.failures -= 1
            raise ConnectionError("broker hiccup")
        await super().publish(exchange, routing_key, body, headers)


async def test_signals_a_broker_hiccup_kept_back_are_said_with_the_next_message() -> None:
    broker = _FlakyBroker()
    await broker.connect()
    heard = _Heard()
    await broker.subscribe(broker.topology.signals_exchange, PRESENCE, heard.hear)
    board = PresenceBoard(broker, linger=0.0, heartbeat=3600.0)
    await board.start()
    broker.failures = 1
    lost = board.opened("t", "p")
    while broker.failures:  # the first message failed
        await asyncio.sleep(0.005)
    assert heard.messages == [] and board.pending[lost].connected
    board.closed(lost)  # the next change: the socket's newest signal, once
    await heard.until(1)
    assert [(s.socket, s.connected) for s in heard.messages[0]] == [(lost, False)]
    await board.stop()
    await broker.close()


async def test_notify_counts_a_batch_and_an_older_gateways_lone_signal_alike() -> None:
    clock = FakeClock(start=1000.0)
    service = _service(clock)
    batch = Presences(signals=[_signal("a"), _signal("b"), _signal("a", connected=False, ttl=0)])
    await service.sockets.on_signal(Delivery(body=msgspec.json.encode(batch), routing_key=PRESENCE))
    assert set(service.sockets.open[("t", "p")]) == {"b"}
    lone = _signal("b", connected=False, ttl=0)
    await service.sockets.on_signal(Delivery(body=msgspec.json.encode(lone), routing_key=PRESENCE))
    assert not service.sockets.present("t", "p")
