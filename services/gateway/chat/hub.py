"""Live chat: every gateway hears every chat message on the broker's `signals` exchange
and hands it to its own chat sockets that may read it.

A message is stored first (`shared.chat.log.post`), then published; a socket opened after
that reads it from the store, one open before gets it live. A lost publish (a broker
outage) only delays a message until the reader's next fetch or reconnect. Mute changes
travel the same way, so a reader's sockets on every gateway stop showing a muted author.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

import msgspec

from shared.chat.log import Message
from shared.chat.rules import Channel
from shared.messaging.port import Broker, Delivery

QUEUE_SIZE = 256  # messages a socket may fall behind before it re-reads the store


class ChatPosted(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A message was stored."""

    table_id: str
    message: Message


class MutesChanged(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A player's mutes changed (all of them)."""

    player_id: str
    muted: list[str]


_decode = msgspec.json.Decoder(ChatPosted | MutesChanged)


@dataclass(eq=False)
class Listener:
    """One chat socket: whose, which table and channel, and what it has to send."""

    table_id: str
    channel: Channel
    player_id: str  # "" for an anonymous spectator
    muted: set[str] = field(default_factory=set)
    queue: asyncio.Queue[Message | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_SIZE)
    )  # None: fell behind, re-read the store


class ChatHub:
    """This gateway's chat sockets, fed from the broker."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.listeners: dict[str, set[Listener]] = {}
        self.running = False

    async def start(self) -> None:
        """Hear chat messages and mute changes through one private queue, in the order they
        were published: a mute answered before a message is posted silences that message
        (two queues would race). Other signals on the exchange are ignored."""
        self.running = True
        await self.broker.subscribe(self._exchange, "#", self._on_delivery, queue=None)

    async def stop(self) -> None:
        """Stop handing messages to sockets (closed by then). The private queue ends with
        the broker's connection, which its owner closes."""
        self.running = False
        self.listeners.clear()

    @property
    def _exchange(self) -> str:
        return self.broker.topology.signals_exchange

    def listen(self, listener: Listener) -> None:
        """Deliver the table's messages of the listener's channel to it from now on."""
        self.listeners.setdefault(listener.table_id, set()).add(listener)

    def unlisten(self, listener: Listener) -> None:
        """Stop delivering to a closed socket."""
        held = self.listeners.get(listener.table_id)
        if held is not None:
            held.discard(listener)
            if not held:
                del self.listeners[listener.table_id]

    async def posted(self, table_id: str, message: Message) -> None:
        """Tell every gateway (this one too) of a stored message (best effort)."""
        body = msgspec.json.encode(ChatPosted(table_id=table_id, message=message))
        with contextlib.suppress(Exception):
            await self.broker.publish(self._exchange, f"chat.{table_id}", body)

    async def mutes_changed(self, player_id: str, muted: list[str]) -> None:
        """Tell every gateway that a player's mutes changed (best effort)."""
        body = msgspec.json.encode(MutesChanged(player_id=player_id, muted=muted))
        with contextlib.suppress(Exception):
            await self.broker.publish(self._exchange, f"mutes.{player_id}", body)

    async def _on_delivery(self, delivery: Delivery) -> None:
        if not self.running:
            return
        try:
            signal = _decode.decode(delivery.body)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return  # not ours: a newer gateway's message kind
        if isinstance(signal, MutesChanged):
            for held in self.listeners.values():
                for listener in held:
                    if listener.player_id == signal.player_id:
                        listener.muted = set(signal.muted)
            return
        message = signal.message
        for listener in self.listeners.get(signal.table_id, ()):
            if listener.channel != message.channel or message.player_id in listener.muted:
                continue
            try:
                listener.queue.put_nowait(message)
            except asyncio.QueueFull:
                _fell_behind(listener)


def _fell_behind(listener: Listener) -> None:
    """Empty a full queue and leave the marker that makes the socket re-read the store."""
    while not listener.queue.empty():
        listener.queue.get_nowait()
    listener.queue.put_nowait(None)
