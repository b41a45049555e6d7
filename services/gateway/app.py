"""The gateway application factory."""

from __future__ import annotations

import weakref
from collections.abc import AsyncIterator

from aiohttp import WSCloseCode, web

from services.gateway.errors import errors_middleware
from services.gateway.guards import limits_middleware
from services.gateway.keys import (
    BROKER,
    LIMITER,
    PROJECTOR,
    SETTINGS,
    SOCKETS,
    STORE,
    GatewaySettings,
)
from services.gateway.limits import Limiter
from services.gateway.openapi import setup_routes
from services.gateway.projector import ViewProjector
from shared.messaging.port import Broker
from shared.store import EventStore


def create_app(settings: GatewaySettings, store: EventStore, broker: Broker) -> web.Application:
    """The gateway: HTTP API, WebSocket and its view projector; the broker must be connected."""
    app = web.Application(
        middlewares=[errors_middleware, limits_middleware], client_max_size=settings.max_body
    )
    app[SETTINGS] = settings
    app[LIMITER] = Limiter(
        rate=settings.rate_limit,
        burst=settings.rate_burst,
        per_player=settings.max_in_flight_per_player,
        total=settings.max_in_flight,
    )
    app[STORE] = store
    app[BROKER] = broker
    app[PROJECTOR] = ViewProjector(store, broker)
    app[SOCKETS] = weakref.WeakSet()
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
