"""Commit signals: a table worker tells the relays that it stored events.

A relay in the worker's own process is woken directly. A relay in another process (the
deployed layout: `senet table` and `senet relay` apart, or several table processes of which
one holds the relay lease) would otherwise learn of new events only at its next poll, a
floor under every push's latency. So workers on a real broker also publish a `Committed`
signal (routing key `committed`) on the `signals` exchange, which every relay hears
through a private queue. The signal
carries nothing: the relay reads the store from its position, so a lost, repeated or late
signal changes nothing but the delay. Signals are coalesced: while one is being published,
further commits only ask for one more.
"""

from __future__ import annotations

import asyncio
import contextlib

import msgspec

from shared.messaging.port import Broker, Delivery


class Committed(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """Events were stored: relays, read the store now."""


COMMITTED = "committed"  # the routing key of commit signals on the `signals` exchange
_BODY = msgspec.json.encode(Committed())
_decoder = msgspec.json.Decoder(Committed)


def is_commit_signal(delivery: Delivery) -> bool:
    """True for a `Committed` signal (a relay binds only `committed`)."""
    try:
        _decoder.decode(delivery.body)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return False
    return True


class CommitSignal:
    """Call it after a commit; publishes `Committed`, at most one in flight plus one more."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.sending: asyncio.Task[None] | None = None
        self.again = False
        self.sent = 0

    def __call__(self) -> None:
        if self.sending is not None:
            self.again = True
            return
        self.sending = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        try:
            while True:
                self.again = False
                with contextlib.suppress(Exception):  # a relay still polls: never fail a commit
                    exchange = self.broker.topology.signals_exchange
                    await self.broker.publish(exchange, COMMITTED, _BODY)
                    self.sent += 1
                if not self.again:
                    return
        finally:
            self.sending = None

    async def close(self) -> None:
        """Wait for a signal in flight (at shutdown)."""
        if self.sending is not None:
            with contextlib.suppress(Exception):
                await self.sending
