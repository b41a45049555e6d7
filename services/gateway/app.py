"""The gateway application factory."""

from __future__ import annotations

import weakref
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from aiohttp import WSCloseCode, web

from services.gateway.accounts.revocations import Revocations
from services.gateway.chat.hub import ChatHub
from services.gateway.http.errors import errors_middleware
from services.gateway.http.guards import limits_middleware
from services.gateway.http.limits import Limiter
from services.gateway.http.observe import observe_middleware
from services.gateway.keys import (
    BROKER,
    CHAT,
    HISTORY,
    IDENTITIES,
    LIMITER,
    PRESENCE,
    READMODELS,
    REVOCATIONS,
    SETTINGS,
    SIGN_INS,
    SOCKETS,
    STORE,
    TABLE_CACHE,
    TABLES,
    GatewaySettings,
    HistoryReads,
)
from services.gateway.live.presence import PresenceBoard
from services.gateway.openapi.document import setup_routes
from services.gateway.views.table_cache import TableCache
from services.gateway.web.pages import setup_web
from shared.accounts import ledger
from shared.messaging.port import Broker
from shared.notify.asks import SignInDesk
from shared.observability.http import PROBES
from shared.observability.probes import Probes, StoreCheck, broker_check, flag_check
from shared.readmodels import ReadModels
from shared.store import EventStore
from shared.tables.client import TableClient
from shared.tables.reader import PastStates

READ_BUFSIZE = 2**16  # aiohttp's default


def create_app(
    settings: GatewaySettings,
    store: EventStore,
    broker: Broker,
    probes: Probes | None = None,
    readmodels: ReadModels | None = None,
) -> web.Application:
    """The gateway: HTTP API, WebSocket and its table cache; the broker must be connected.

    Its readiness checks are added to `probes` (a new set if None): broker, store, views.
    The paged lists read `readmodels` (started with the app; by default its own projection runner).
    """
    middlewares = [observe_middleware, errors_middleware, limits_middleware]
    # aiohttp closes a connection that sends no complete request (its headers) within its
    # keep-alive timeout, from the connection's start as after each answer. Its read buffer
    # holds a whole body of the largest size taken, which `guards` waits for before a write.
    handler_args = {
        "keepalive_timeout": settings.header_timeout,
        "read_bufsize": max(READ_BUFSIZE, settings.max_body),
    }
    app = web.Application(
        middlewares=middlewares, client_max_size=settings.max_body, handler_args=handler_args
    )
    app[SETTINGS] = settings
    app[LIMITER] = Limiter(
        rate=settings.rate_limit,
        burst=settings.rate_burst,
        per_player=settings.max_in_flight_per_player,
        total=settings.max_in_flight,
        sockets_per_player=settings.max_sockets_per_player,
        sockets_per_address=settings.max_sockets_per_address,
        arriving_per_address=settings.max_arriving_per_address,
        history_per_player=settings.max_history_in_flight_per_player,
        history_total=settings.max_history_in_flight,
        history_rate=settings.history_rate,
        history_burst=settings.history_burst,
    )
    app[STORE] = store
    app[BROKER] = broker
    app[TABLES] = TableClient(broker, timeout=settings.command_timeout)
    app[TABLE_CACHE] = cache = TableCache(store, broker, settings.table_cache)
    app[PROBES] = probes = probes if probes is not None else Probes()
    probes.ready.setdefault("broker", broker_check(broker))
    probes.ready.setdefault("store", StoreCheck(store))
    probes.ready["views"] = flag_check(lambda: cache.ready, "views are rebuilding")
    app[IDENTITIES] = {}
    app[REVOCATIONS] = Revocations(broker, app[IDENTITIES])
    app[SOCKETS] = weakref.WeakSet()
    app[CHAT] = ChatHub(broker)
    app[PRESENCE] = PresenceBoard(broker)
    app[SIGN_INS] = SignInDesk(store, lambda player_id: ledger.load_player(store, player_id).name)
    app[READMODELS] = readmodels if readmodels is not None else ReadModels(store, broker)
    threads = max(1, settings.max_history_in_flight or 4)
    app[HISTORY] = HistoryReads(
        ThreadPoolExecutor(threads, thread_name_prefix="history"), PastStates(settings.past_states)
    )
    setup_routes(app)
    setup_web(app)  # the web client's pages and assets
    # Each service its own context: started in this order, stopped in the reverse.
    app.cleanup_ctx.append(_readmodels_ctx)
    for key in (TABLE_CACHE, CHAT, REVOCATIONS, PRESENCE, SIGN_INS, HISTORY):
        app.cleanup_ctx.append(_running(key))
    app.on_shutdown.append(_close_sockets)
    return app


class _Service(Protocol):
    async def start(self) -> None: ...
    async def stop(self) -> None: ...


def _running(key: web.AppKey[Any]) -> Callable[[web.Application], AsyncIterator[None]]:
    """A cleanup context that starts the app's service under `key` and stops it."""

    async def running(app: web.Application) -> AsyncIterator[None]:
        service: _Service = app[key]
        await service.start()
        yield
        await service.stop()

    return running


async def _readmodels_ctx(app: web.Application) -> AsyncIterator[None]:
    readmodels = app[READMODELS]
    if readmodels.broker is app[BROKER]:  # one events queue per gateway
        readmodels.wake_with(app[TABLE_CACHE].on_event)
    await readmodels.start()
    yield
    await readmodels.stop()


async def _close_sockets(app: web.Application) -> None:
    open_sockets = app[SOCKETS]
    sockets: list[web.WebSocketResponse] = list(open_sockets)
    for socket in sockets:
        await socket.close(code=WSCloseCode.GOING_AWAY, message=b"server shutdown")
