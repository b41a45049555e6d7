"""One middleware that turns errors into a status and `{code, message}`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import msgspec
import structlog
from aiohttp import web

from shared.contracts.envelopes import ErrorBody
from shared.contracts.errors import SenetError

log = structlog.get_logger("senet.gateway")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


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
        return error_response(exc.status, exc.code, exc.message, exc.details)
    except web.HTTPRequestEntityTooLarge:
        return error_response(413, "payload_too_large", "request body is too large")
    except web.HTTPException as exc:
        if exc.status >= 400:
            return error_response(exc.status, exc.reason.lower().replace(" ", "_"), exc.reason)
        raise
    except Exception:
        log.exception("unhandled_error", path=request.path)
        return error_response(500, "internal_error", "internal error")
