"""Typed application keys of the gateway (one place for all of them)."""

from __future__ import annotations

import weakref

import msgspec
from aiohttp import web

from services.gateway.projector import ViewProjector
from shared.audit.verdicts import VerdictBook
from shared.messaging.port import Broker
from shared.store import EventStore


class GatewaySettings(msgspec.Struct, frozen=True, kw_only=True):
    """Gateway limits and timeouts."""

    max_body: int = 64 * 1024  # bytes; larger requests get 413
    command_timeout: float = 10.0  # seconds to wait for the table service's outcome
    view_wait: float = 5.0  # longest wait for ?min_version on a view
    ws_max_message: int = 4 * 1024
    admin_token_hashes: frozenset[str] = frozenset()  # SHA-256 of admin tokens (hex)


SETTINGS = web.AppKey("settings", GatewaySettings)
STORE = web.AppKey("store", EventStore)
BROKER = web.AppKey("broker", Broker)
PROJECTOR = web.AppKey("projector", ViewProjector)
SOCKETS = web.AppKey("sockets", weakref.WeakSet)  # of web.WebSocketResponse
VERDICTS = web.AppKey("verdicts", VerdictBook)  # audit verdicts, read from the store on demand
