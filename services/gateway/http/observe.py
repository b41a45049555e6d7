"""The gateway's observing middleware: correlation id, request log line, HTTP metrics."""

from __future__ import annotations

import time

import structlog
from aiohttp import web

from services.gateway.http import Handler
from services.gateway.http.routes import Route
from shared.observability import correlation, metrics
from shared.observability import http as observed

log = structlog.get_logger("senet.gateway")

_QUIET = frozenset({"/metrics", "/healthz", "/readyz"})  # probes: neither logged nor timed


@web.middleware
async def observe_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Give the request a correlation id (echoed in the answer), then log and count it."""
    if request.path in _QUIET:
        return await handler(request)
    # One task serves every request of a keep-alive connection: start from a clean context.
    structlog.contextvars.clear_contextvars()
    correlation_id = correlation.accept(request.headers.get(correlation.HEADER))
    correlation.set_current(correlation_id)
    structlog.contextvars.bind_contextvars(correlation_id=correlation_id)
    resource = request.match_info.route.resource
    route = resource.canonical if resource is not None else "unmatched"
    started = time.perf_counter()
    status = 500
    try:
        response = await handler(request)
        status = response.status
        if not response.prepared:  # a WebSocket has sent its headers already
            response.headers[correlation.HEADER] = correlation_id
        return response
    except web.HTTPException as exc:
        status = exc.status
        exc.headers[correlation.HEADER] = correlation_id
        raise
    finally:
        elapsed = time.perf_counter() - started
        metrics.HTTP_REQUESTS.labels(request.method, route, str(status)).inc()
        metrics.HTTP_SECONDS.labels(request.method, route).observe(elapsed)
        # One line per request is for debugging; an operator's INFO is start, stop, faults.
        level = log.debug if status < 500 else log.warning
        level("request_handled", method=request.method, route=route, status=status,
              ms=round(elapsed * 1000, 1))  # fmt: skip
        structlog.contextvars.clear_contextvars()
        correlation.set_current("")


# The probes and metrics (`shared.observability.http`): no token, not rate limited.
ROUTES: list[Route] = [
    Route("GET", "/healthz", observed.healthz, "Liveness: 200, or 503 with reasons", auth=False),
    Route(
        "GET",
        "/readyz",
        observed.readyz,
        "Readiness: 503 with reasons while the broker, the store or the views are not ready",
        auth=False,
    ),
    Route("GET", "/metrics", observed.metrics, "Prometheus metrics (text format)", auth=False),
]
