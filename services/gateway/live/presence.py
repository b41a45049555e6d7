"""Presence signals: tell the notify service who watches which table over WebSocket.

A gateway keeps one `PresenceBoard` of its open sockets and tells notify in batches
(`Presences`): the first change after a quiet spell at once, what changes while it lingers
(`LINGER`) in the next message, and every `HEARTBEAT` seconds all its open sockets again,
so a socket costs no message of its own and no task. The broker sees a few messages a
second however many sockets open and close.
"""

from __future__ import annotations

import asyncio
import contextlib

import msgspec

from shared.ids import fresh_id
from shared.messaging.port import Broker
from shared.notify.presence import (
    HEARTBEAT,
    PREFERENCES,
    PRESENCE,
    TTL,
    PreferencesChanged,
    Presence,
    Presences,
)

LINGER = 0.05  # seconds the changes after a message gather before the next one
PER_MESSAGE = 500  # signals of one message at most (a heartbeat of many sockets is split)
STOP_SECONDS = 2.0  # how long a stopping gateway tries to say its sockets closed


class PresenceBoard:
    """This gateway's open sockets by id, said to the notify service in batches."""

    def __init__(
        self, broker: Broker, linger: float = LINGER, heartbeat: float = HEARTBEAT
    ) -> None:
        self.broker = broker
        self.linger = linger
        self.heartbeat = heartbeat
        self.open: dict[str, tuple[str, str]] = {}  # socket -> (table, player)
        self.pending: dict[str, Presence] = {}  # socket -> its newest unsaid signal
        self.changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.sent = 0  # messages published (for tests)

    def opened(self, table_id: str, player_id: str) -> str:
        """A player's socket on a table opened: its id, for `closed`."""
        socket = fresh_id()
        self.open[socket] = (table_id, player_id)
        self.pending[socket] = _signal(socket, table_id, player_id, connected=True)
        self.changed.set()
        return socket

    def closed(self, socket: str) -> None:
        """The socket closed (nothing if it was never opened here)."""
        where = self.open.pop(socket, None)
        if where is not None:
            self.pending[socket] = _signal(socket, *where, connected=False)
            self.changed.set()

    async def start(self) -> None:
        """Say the changes from now on, in a task of its own."""
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop, saying what is still unsaid (the sockets a shutdown closed), briefly."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(STOP_SECONDS):
                await self._say(self._take(everyone=False))

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        beat_at = loop.time() + self.heartbeat
        while True:
            everyone = False
            try:
                async with asyncio.timeout_at(beat_at):
                    await self.changed.wait()
            except TimeoutError:
                everyone, beat_at = True, loop.time() + self.heartbeat
            await self._say(self._take(everyone))
            await asyncio.sleep(self.linger)  # what changes meanwhile goes in the next one

    def _take(self, everyone: bool) -> dict[str, Presence]:
        """The unsaid signals (with `everyone`, every open socket's too), now said."""
        batch, self.pending = self.pending, {}
        self.changed.clear()
        if everyone:
            for socket, where in self.open.items():
                batch[socket] = _signal(socket, *where, connected=True)
        return batch

    async def _say(self, batch: dict[str, Presence]) -> None:
        """Publish the batch; what a broker hiccup kept back is said with the next one
        (a newer signal of the same socket wins)."""
        signals = list(batch.values())
        for at in range(0, len(signals), PER_MESSAGE):
            part = signals[at : at + PER_MESSAGE]
            body = msgspec.json.encode(Presences(signals=part))
            try:
                await self.broker.publish(self.broker.topology.signals_exchange, PRESENCE, body)
            except BaseException as exc:  # a broker hiccup never breaks a socket; `stop`
                for signal in signals[at:]:  # says what its cancellation cut short
                    self.pending.setdefault(signal.socket, signal)
                if isinstance(exc, Exception):
                    return
                raise
            self.sent += 1


def _signal(socket: str, table_id: str, player_id: str, connected: bool) -> Presence:
    return Presence(
        table_id=table_id, player_id=player_id, connected=connected, socket=socket,
        ttl=TTL if connected else 0.0,
    )  # fmt: skip


async def preferences_changed(broker: Broker, player_id: str) -> None:
    """Wake the notify service (best effort: without it, its next round finds the change)."""
    signal = PreferencesChanged(player_id=player_id)
    with contextlib.suppress(Exception):
        await broker.publish(
            broker.topology.signals_exchange, PREFERENCES, msgspec.json.encode(signal)
        )
