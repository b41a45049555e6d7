"""A revoked token stops working at once on every gateway.

Each gateway remembers the tokens it has seen (`auth.identify`) and holds WebSockets opened
with them. Revoking a token is one event on the player (`players.change_token`); the gateway
that saved it then publishes `TokenRevoked` on the `signals` exchange, and every gateway
forgets the token and closes the sockets opened with it. Should that signal be lost (a
broker outage), a remembered token is checked against the store again after
`auth.IDENTITY_TTL` seconds anyway.
"""

from __future__ import annotations

import contextlib
import weakref

import msgspec
from aiohttp import web

from services.gateway.live import closing
from shared.messaging.port import Broker, Delivery


class TokenRevoked(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A player's token (by its hash) stopped working."""

    player_id: str
    token_hash: str


_decode = msgspec.json.Decoder(TokenRevoked)


class Revocations:
    """This gateway's memory of tokens and the sockets opened with them."""

    def __init__(self, broker: Broker, memo: dict[str, object]) -> None:
        self.broker = broker
        self.memo = memo  # token hash -> what `auth.identify` remembers of it
        self.sockets: dict[str, weakref.WeakSet[web.WebSocketResponse]] = {}
        self.running = False

    async def start(self) -> None:
        """Hear revocations through a private queue."""
        self.running = True
        exchange = self.broker.topology.signals_exchange
        await self.broker.subscribe(exchange, "revoked.*", self._on_delivery, queue=None)

    async def stop(self) -> None:
        """Stop acting on revocations (the sockets are closed by then). The private queue
        ends with the broker's connection, which its owner closes."""
        self.running = False
        self.sockets.clear()

    def opened(self, token_hash: str, socket: web.WebSocketResponse) -> None:
        """A socket was opened with this token."""
        self.sockets.setdefault(token_hash, weakref.WeakSet()).add(socket)

    async def revoked(self, player_id: str, token_hash: str) -> None:
        """Forget the token here at once, then tell every gateway (best effort)."""
        await self._forget(token_hash)
        body = msgspec.json.encode(TokenRevoked(player_id=player_id, token_hash=token_hash))
        exchange = self.broker.topology.signals_exchange
        with contextlib.suppress(Exception):
            await self.broker.publish(exchange, f"revoked.{player_id}", body)

    async def _on_delivery(self, delivery: Delivery) -> None:
        if not self.running:
            return
        try:
            signal = _decode.decode(delivery.body)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return
        await self._forget(signal.token_hash)

    async def _forget(self, token_hash: str) -> None:
        self.memo.pop(token_hash, None)
        for socket in list(self.sockets.pop(token_hash, ())):
            await closing.close(socket, closing.TOKEN_REVOKED, "token_revoked")
