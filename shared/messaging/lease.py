"""A lease that at most one process holds at a time, made of broker primitives.

On RabbitMQ the lease is an exclusive queue `<prefix>.<name>`: declaring it fails with
RESOURCE_LOCKED while another connection holds it, and RabbitMQ deletes it when that
connection closes, including when its process dies (a SIGKILL closes the socket at once;
a lost network is noticed by the heartbeat). In one process (the in-process broker) the
lease is a name in a per-event-loop set.

Holding the lease makes duplicate work unlikely, not impossible: a holder cut off from
RabbitMQ may finish what it started after a standby took over. Users must stay correct
under that (the relay is: consumers skip what they applied).
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import Callable
from typing import Any, Protocol

import aio_pika
from aio_pika.abc import AbstractConnection
from aiormq.exceptions import ChannelLockedResource

from shared.messaging.port import Broker

HEARTBEAT = 10  # seconds; bounds how long a silently cut-off holder goes unnoticed


class Lease(Protocol):
    """Try to take it, learn when it is lost, give it back."""

    name: str
    on_lost: Callable[[], None] | None

    async def acquire(self) -> bool:
        """Try once; True if this process holds the lease now."""
        ...

    def held(self) -> bool:
        """True while this process holds the lease."""
        ...

    async def release(self) -> None:
        """Give the lease back (idempotent)."""
        ...


_HELD: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, set[str]] = weakref.WeakKeyDictionary()


class MemoryLease:
    """A lease among the holders in one event loop."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.on_lost: Callable[[], None] | None = None
        self._held = False

    async def acquire(self) -> bool:
        """Take the name if no one in this loop holds it."""
        if self._held:
            return True
        taken = _HELD.setdefault(asyncio.get_running_loop(), set())
        if self.name in taken:
            return False
        taken.add(self.name)
        self._held = True
        return True

    def held(self) -> bool:
        """True between acquire and release."""
        return self._held

    async def release(self) -> None:
        """Free the name."""
        if self._held:
            _HELD.get(asyncio.get_running_loop(), set()).discard(self.name)
            self._held = False


class AmqpLease:
    """The lease as an exclusive queue on its own connection (not a robust one: a lost
    connection must mean a lost lease, never a silent re-declare)."""

    def __init__(self, url: str, name: str) -> None:
        self.url = url
        self.name = name
        self.on_lost: Callable[[], None] | None = None
        self._connection: AbstractConnection | None = None
        self._held = False

    async def acquire(self) -> bool:
        """Declare the exclusive queue; False while another connection holds it."""
        if self._held:
            return True
        try:
            if self._connection is None or self._connection.is_closed:
                self._connection = await aio_pika.connect(
                    self.url, heartbeat=HEARTBEAT, client_properties={"connection_name": self.name}
                )
                self._connection.close_callbacks.add(self._closed)
            # Channel 1 again and again: a refused declare closes it, and numbers are finite.
            channel = await self._connection.channel(channel_number=1)
            await channel.declare_queue(self.name, exclusive=True)
        except ChannelLockedResource:
            return False
        except Exception:  # unreachable, refused, timed out: not held, try again later
            await self._drop()
            return False
        self._held = True
        return True

    def held(self) -> bool:
        """True while the connection that declared the queue is open."""
        return self._held

    async def release(self) -> None:
        """Close the connection: RabbitMQ deletes the queue and a standby may take it."""
        self._held = False
        await self._drop()

    async def _drop(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None and not connection.is_closed:
            with contextlib.suppress(Exception):  # a broken connection is gone anyway
                await connection.close()

    def _closed(self, *_: Any) -> None:
        if self._held:
            self._held = False
            if self.on_lost is not None:
                self.on_lost()


def lease_for(broker: Broker, name: str) -> Lease:
    """The lease `<prefix>.<name>` where the broker's processes meet."""
    from shared.messaging.amqp import AmqpBroker

    if isinstance(broker, AmqpBroker):
        return AmqpLease(broker.url, f"{broker.prefix}.{name}")
    prefix = getattr(broker, "prefix", "senet")
    return MemoryLease(f"{prefix}.{name}")
