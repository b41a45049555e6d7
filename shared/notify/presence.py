"""Presence signals: the gateway says who is connected to which table over WebSocket.

They travel on the `views` fanout exchange; notify keeps a set of (table, player) from them
and sends nothing to a player who is watching that table.
"""

from __future__ import annotations

import msgspec


class Presence(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A player opened (connected=True) or closed a WebSocket on a table."""

    table_id: str
    player_id: str
    connected: bool
    socket: str  # one id per socket, so two tabs count twice


presence_decoder = msgspec.json.Decoder(Presence)
