"""Presence: a socket counts while its gateway keeps repeating it, and no longer."""

from __future__ import annotations

import asyncio
import contextlib

from aiohttp import web

from services.gateway.keys import BROKER
from services.gateway.live.presence import keep_announcing
from services.notify.clock import FakeClock
from services.notify.service import NotifyService
from services.notify.settings import NotifySettings
from shared.messaging.memory import MemoryBroker
from shared.messaging.port import Delivery
from shared.notify.presence import PRESENCE, TTL, Presence, presence_decoder
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


async def test_the_gateway_repeats_an_open_sockets_signal_until_it_closes() -> None:
    broker = MemoryBroker()
    await broker.connect()
    heard: list[Presence] = []

    async def hear(delivery: Delivery) -> None:
        heard.append(presence_decoder.decode(delivery.body))

    await broker.subscribe(broker.topology.signals_exchange, PRESENCE, hear)
    app = web.Application()
    app[BROKER] = broker
    beat = asyncio.create_task(keep_announcing(app, "t", "p", "s1", every=0.01))
    while len(heard) < 3:
        await asyncio.sleep(0.01)
    beat.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await beat
    assert all(s.connected and s.ttl == TTL and s.socket == "s1" for s in heard)
    await broker.close()
