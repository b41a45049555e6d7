"""One middleware that turns errors into a status and `{code, message}`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import msgspec
import structlog
from aiohttp import web

from shared.contracts.envelopes import ErrorBody
from shared.contracts.errors import SenetError
from shared.store import STORE_OUTAGES

log = structlog.get_logger("senet.gateway")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
RETRY_AFTER = "1"  # seconds a client should wait before repeating a request answered 503


def error_response(status: int, code: str, message: str, details: object = None) -> web.Response:
    """A JSON error answer."""
    body = ErrorBody(
        code=code,
        message=message,
        status=status,
        details={k: str(v) for k, v in details.items()} if isinstance(details, dict) else None,
    )
    return web.Response(
        status=status, body=msgspec.json.encode(body), content_type="application/json"
    )


@web.middleware
async def errors_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Our errors become their status and code; anything unexpected is logged as a 500."""
    try:
        return await handler(request)
    except SenetError as exc:
        response = error_response(exc.status, exc.code, exc.message, exc.details)
        if exc.status == 503:  # retryable: repeat the request (same command id) after a while
            response.headers["Retry-After"] = RETRY_AFTER
        return response
    except STORE_OUTAGES as exc:
        log.warning("store_unavailable", path=request.path, error=repr(exc))
        response = error_response(503, "store_unavailable", "the event store is unavailable")
        response.headers["Retry-After"] = RETRY_AFTER
        return response
    except web.HTTPRequestEntityTooLarge:
        return error_response(413, "payload_too_large", "request body is too large")
    except web.HTTPException as exc:
        if exc.status >= 400:
            return error_response(exc.status, exc.reason.lower().replace(" ", "_"), exc.reason)
        raise
    except Exception:
        log.exception("unhandled_error", path=request.path)
        return error_response(500, "internal_error", "internal error")
