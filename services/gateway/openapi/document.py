"""The OpenAPI document, built from the routes the feature packages declare
(`services.gateway.openapi.routes`), and their registration with the document's own route."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from aiohttp import web

from services.gateway.http.routes import QUERY, add_routes
from services.gateway.openapi.games import add_game_schemas, game_types, statuses
from services.gateway.openapi.routes import ROUTES
from shared.contracts.envelopes import ErrorBody

ERRORS = {
    "400": "Malformed JSON or schema; a bad cursor, limit or filter value (bad_query)",
    "401": "Missing or unknown token",
    "403": "Not your seat, not a player of the table, not an admin, or a foreign WebSocket origin",
    "404": "Unknown table or game",
    "405": "Method not allowed (the Allow header lists the methods)",
    "408": "The request body did not arrive in time (body_timeout); the connection is closed",
    "409": "Not your turn, stale version, lobby conflict, a name taken (name_taken)",
    "413": "Body too large",
    "422": "Illegal move (details.rule names the rule)",
    "429": "Rate limit or in-flight bound exceeded; retry after Retry-After seconds",
    "503": "Broker or store unavailable or too slow; retry after Retry-After seconds",
}
RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before retrying",
        "required": True,
        "schema": {"type": "integer", "minimum": 1},
    }
}


def setup_routes(app: web.Application) -> None:
    """Register every route behind the checks it declares, and the OpenAPI document."""
    add_routes(app, ROUTES)
    app.router.add_get("/api/openapi.json", openapi_handler)


async def openapi_handler(request: web.Request) -> web.Response:
    """The OpenAPI document."""
    return web.json_response(openapi_document())


def _error(text: str, schema: dict[str, Any], status: str) -> dict[str, Any]:
    answer = {"description": text, "content": {"application/json": {"schema": schema}}}
    return answer | ({"headers": RETRY_AFTER} if status in ("429", "503") else {})


def _path_schema(patterns: dict[str, str], name: str) -> dict[str, Any]:
    pattern = patterns.get(name)
    return {"type": "string"} | ({"pattern": f"^{pattern}$"} if pattern else {})


# Component names clients generated code from, kept when a module moved (msgspec names a
# type by its module where two types share a name).
STABLE_NAMES = {"services.gateway.views.player.PlayerView": "services.gateway.views.PlayerView"}


def openapi_document() -> dict[str, Any]:
    """OpenAPI 3.1 for the route table; schemas come from the msgspec types."""
    document = _document()
    encoded = msgspec.json.encode(document).decode()
    for now, kept in STABLE_NAMES.items():
        encoded = encoded.replace(f'"#/components/schemas/{now}"', f'"#/components/schemas/{kept}"')
    renamed: dict[str, Any] = msgspec.json.decode(encoded)
    schemas = renamed["components"]["schemas"]
    for now, kept in STABLE_NAMES.items():
        if now in schemas:
            schemas[kept] = schemas.pop(now)
    return renamed


def _document() -> dict[str, Any]:
    types = [r.body for r in ROUTES if r.body] + [r.answer for r in ROUTES if r.answer]
    types += [t for r in ROUTES for t in r.messages]
    types.append(ErrorBody)
    games = game_types()
    schemas, components = msgspec.json.schema_components(
        [*types, *games.values()], ref_template="#/components/schemas/{name}"
    )
    by_type = dict(zip(types, schemas, strict=False))
    add_game_schemas(components, dict(zip(games, schemas[len(types) :], strict=True)))
    paths: dict[str, dict[str, Any]] = {}
    error_ref = by_type[ErrorBody]
    for route in ROUTES:
        op: dict[str, Any] = {"summary": route.summary, "operationId": route.handler.__name__}
        if route.description:
            op["description"] = route.description
        if route.messages:
            op["x-websocket-messages"] = [by_type[t] for t in route.messages]
        patterns = dict(route.patterns)
        params = [
            {"name": name, "in": "path", "required": True, "schema": _path_schema(patterns, name)}
            for name in re.findall(r"{(\w+)}", route.path)
        ] + [{"name": name, "in": "query", "schema": QUERY[name]} for name in route.query]
        if params:
            op["parameters"] = params
        if route.body is not None:
            # A body whose fields all have defaults may be left out (it reads as `{}`).
            needed = any(f.required for f in msgspec.structs.fields(route.body))
            op["requestBody"] = {
                "required": needed,
                "content": {"application/json": {"schema": by_type[route.body]}},
            }
        ok: dict[str, Any] = {"description": "OK"}
        if route.answer is not None:
            ok["content"] = {"application/json": {"schema": by_type[route.answer]}}
        returned = statuses(
            route.method, route.path, auth=route.auth, body=route.body is not None,
            query=bool(route.query),
        )  # fmt: skip
        op["responses"] = {str(route.status): ok} | {
            code: _error(ERRORS[code], error_ref, code) for code in returned
        }
        if route.auth or route.admin:
            op["security"] = [{"bearer": []}, {}] if route.viewers else [{"bearer": []}]
        paths.setdefault(route.path, {})[route.method.lower()] = op
    paths["/api/openapi.json"] = {
        "get": {"summary": "This document", "responses": {"200": {"description": "OK"}}}
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "senet", "version": "1"},
        "paths": paths,
        "components": {
            "schemas": components,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }
