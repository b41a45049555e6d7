"""Every route of the gateway, gathered from the feature packages that declare them.

The order is the published one: the OpenAPI document lists its paths in it (clients diff
the document) and aiohttp's router matches in it. A new route goes at the end of its
feature's list."""

from __future__ import annotations

from services.gateway.accounts import routes as accounts
from services.gateway.chat import routes as chat
from services.gateway.disputes import routes as disputes
from services.gateway.http import observe
from services.gateway.http.routes import Route
from services.gateway.settings import notifications as settings
from services.gateway.tables import routes as tables
from services.gateway.tournaments import routes as tournaments

ROUTES: list[Route] = [
    *accounts.ROUTES,
    *tables.ROUTES,
    *chat.ROUTES,
    *settings.ROUTES,
    *tables.RESULT_ROUTES,
    *tournaments.ROUTES,
    *tables.RECORD_ROUTES,
    *chat.ADMIN_ROUTES,
    *disputes.ROUTES,
    *observe.ROUTES,
]
