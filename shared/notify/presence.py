"""Presence signals: the gateway says who is connected to which table over WebSocket.

They travel on the `signals` exchange (routing key `presence`), several in one message
(`Presences`); notify keeps a set of (table, player) from them and sends nothing to a player
who is watching that table. A gateway repeats the signals of all its open sockets every
`HEARTBEAT` seconds with a time to live (`ttl`), so the sockets of a gateway that dies
without saying goodbye are forgotten after `ttl` seconds. A lone `Presence` (an older
gateway's message) means the same as a batch of one.
"""

from __future__ import annotations

import msgspec


class Presence(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A player opened (connected=True) or closed a WebSocket on a table."""

    table_id: str
    player_id: str
    connected: bool
    socket: str  # one id per socket, so two tabs count twice
    ttl: float = 0.0  # seconds the signal holds unless repeated (0: until closed)


HEARTBEAT = 30.0  # seconds between a gateway's repeats of an open socket's signal
TTL = 3 * HEARTBEAT  # a socket not repeated for this long counts as gone


class Presences(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A gateway's signals of one moment, oldest first: the sockets that opened and closed
    since its last message, or (its heartbeat) every socket it holds open."""

    signals: list[Presence]


class PreferencesChanged(msgspec.Struct, frozen=True, kw_only=True, tag=True):
    """A player's address or notification settings changed: the notify service looks now
    (a new address's confirmation mail must not wait for the next table event)."""

    player_id: str


# Everything the gateways say to the notify service on the `signals` exchange, by routing key.
PRESENCE = "presence"
PREFERENCES = "preferences"
Signal = Presence | Presences | PreferencesChanged
presence_decoder = msgspec.json.Decoder(Signal)
