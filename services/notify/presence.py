"""Who has a table open: the gateways' presence signals, counted per table and player.

A gateway announces each WebSocket (`shared.notify.presence`, several a message) and repeats
the signals of its open sockets within their time to live; a socket whose signal was not
repeated in time counts as gone (its gateway died). The outbox holds back a turn notice
while its player watches the table.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from services.notify.clock import Clock
from shared.messaging.port import Delivery
from shared.notify.presence import PreferencesChanged, Presence, Presences, presence_decoder


class Sockets:
    """The open WebSockets of each (table, player), from the `signals` exchange."""

    def __init__(self, clock: Clock, on_preferences: Callable[[], None]) -> None:
        """`on_preferences`: called when a player's preferences changed (read the store)."""
        self.clock = clock
        self.on_preferences = on_preferences
        # (table, player) -> socket -> when its signal runs out (None: when closed)
        self.open: dict[tuple[str, str], dict[str, float | None]] = {}

    async def on_signal(self, delivery: Delivery) -> None:
        """A gateway's signal: sockets opened or closed, or changed preferences; anything
        that does not decode is dropped."""
        try:
            signal = presence_decoder.decode(delivery.body)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return
        if isinstance(signal, PreferencesChanged):
            self.on_preferences()
        elif isinstance(signal, Presences):
            for one in signal.signals:
                self.apply(one)
        else:
            self.apply(signal)

    def apply(self, signal: Presence) -> None:
        """Count a socket opening (or its repeated signal) or closing."""
        key = (signal.table_id, signal.player_id)
        sockets = self.open.setdefault(key, {})
        if signal.connected:
            sockets[signal.socket] = self.clock.now() + signal.ttl if signal.ttl else None
        else:
            sockets.pop(signal.socket, None)
        if not sockets:
            del self.open[key]

    def present(self, table_id: str, player_id: str) -> bool:
        """True while the player has a WebSocket open on the table whose signal is current."""
        sockets = self.open.get((table_id, player_id), {})
        now = self.clock.now()
        return any(until is None or until > now for until in sockets.values())
