"""The gateway application factory."""

from __future__ import annotations

import weakref
from collections.abc import AsyncIterator

from aiohttp import WSCloseCode, web

from services.gateway.errors import errors_middleware
from services.gateway.keys import (
    BROKER,
    PROJECTOR,
    SETTINGS,
    SOCKETS,
    STORE,
    VERDICTS,
    GatewaySettings,
)
from services.gateway.openapi import setup_routes
from services.gateway.projector import ViewProjector
from shared.audit.verdicts import VerdictBook
from shared.messaging.port import Broker
from shared.store import EventStore


def create_app(settings: GatewaySettings, store: EventStore, broker: Broker) -> web.Application:
    """The gateway: HTTP API, WebSocket and its view projector; the broker must be connected."""
    app = web.Application(middlewares=[errors_middleware], client_max_size=settings.max_body)
    app[SETTINGS] = settings
    app[STORE] = store
    app[BROKER] = broker
    app[PROJECTOR] = ViewProjector(store, broker)
    app[SOCKETS] = weakref.WeakSet()
    app[VERDICTS] = VerdictBook()
    setup_routes(app)
    app.cleanup_ctx.append(_projector_ctx)
    app.on_shutdown.append(_close_sockets)
    return app


async def _projector_ctx(app: web.Application) -> AsyncIterator[None]:
    await app[PROJECTOR].start()
    yield


async def _close_sockets(app: web.Application) -> None:
    sockets: list[web.WebSocketResponse] = list(app[SOCKETS])
    for socket in sockets:
        await socket.close(code=WSCloseCode.GOING_AWAY, message=b"server shutdown")
