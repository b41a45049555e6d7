"""Presence signals: tell the notify service who watches which table over WebSocket."""

from __future__ import annotations

import asyncio
import contextlib

import msgspec
from aiohttp import web

from services.gateway.keys import BROKER
from shared.notify.presence import (
    HEARTBEAT,
    PREFERENCES,
    PRESENCE,
    TTL,
    PreferencesChanged,
    Presence,
)


async def announce(
    app: web.Application, table_id: str, player_id: str, socket: str, connected: bool
) -> None:
    """Publish on the `signals` exchange; a broker hiccup never breaks the socket."""
    broker = app[BROKER]
    signal = Presence(
        table_id=table_id, player_id=player_id, connected=connected, socket=socket,
        ttl=TTL if connected else 0.0,
    )  # fmt: skip
    with contextlib.suppress(Exception):
        await broker.publish(
            broker.topology.signals_exchange, PRESENCE, msgspec.json.encode(signal)
        )


async def preferences_changed(app: web.Application, player_id: str) -> None:
    """Wake the notify service (best effort: without it, its next round finds the change)."""
    broker = app[BROKER]
    signal = PreferencesChanged(player_id=player_id)
    with contextlib.suppress(Exception):
        await broker.publish(
            broker.topology.signals_exchange, PREFERENCES, msgspec.json.encode(signal)
        )


async def keep_announcing(
    app: web.Application, table_id: str, player_id: str, socket: str, every: float = HEARTBEAT
) -> None:
    """Say the socket is open now and every `every` seconds until cancelled."""
    while True:
        await announce(app, table_id, player_id, socket, connected=True)
        await asyncio.sleep(every)
