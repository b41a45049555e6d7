"""One middleware that turns errors into a status and `{code, message}`."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
import structlog
from aiohttp import hdrs, web
from eventsourcing.persistence import IntegrityError

from services.gateway.http import Handler
from services.gateway.keys import SETTINGS
from shared.contracts.envelopes import ErrorBody
from shared.contracts.errors import SenetError
from shared.store import STORE_OUTAGES

log = structlog.get_logger("senet.gateway")

RETRYABLE = frozenset({429, 503})  # answered with Retry-After
CLIENT_GONE = 499  # nobody reads it: the status of a request whose client went away (logs)


def error_response(
    status: int,
    code: str,
    message: str,
    details: object = None,
    headers: Mapping[str, str] | None = None,
) -> web.Response:
    """A JSON error answer."""
    body = ErrorBody(
        code=code,
        message=message,
        status=status,
        details=dict(details) if isinstance(details, dict) and details else None,
    )
    return web.Response(
        status=status,
        body=msgspec.json.encode(body),
        content_type="application/json",
        headers=headers,
    )


def _retry_after(request: web.Request, status: int, seconds: int | None) -> dict[str, str]:
    if status not in RETRYABLE:
        return {}
    return {hdrs.RETRY_AFTER: str(seconds or request.app[SETTINGS].retry_after)}


@web.middleware
async def errors_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Our errors become their status and code; anything unexpected is logged as a 500."""
    try:
        return await handler(request)
    except SenetError as exc:
        headers = _retry_after(request, exc.status, exc.retry_after)
        return error_response(exc.status, exc.code, exc.message, exc.details, headers)
    except STORE_OUTAGES as exc:
        log.warning("store_unavailable", path=request.path, error=repr(exc))
        headers = _retry_after(request, 503, None)
        message = "the event store is unavailable"
        return error_response(503, "store_unavailable", message, None, headers)
    except IntegrityError as exc:
        # A write that lost a race on one aggregate and was not retried (those that may race
        # retry: shared.store.retries): the client may try again; never a 500.
        log.warning("write_conflict", path=request.path, error=repr(exc)[:200])
        message = "this changed at the same time elsewhere; try again"
        return error_response(409, "write_conflict", message)
    except web.HTTPRequestEntityTooLarge:
        return error_response(413, "payload_too_large", "request body is too large")
    except web.HTTPException as exc:
        if exc.status >= 400:
            # Keep the exception's headers (Allow of a 405), not its text body's type.
            headers = {k: v for k, v in exc.headers.items() if k != hdrs.CONTENT_TYPE}
            code = exc.reason.lower().replace(" ", "_")
            return error_response(exc.status, code, exc.reason, None, headers)
        raise
    except ConnectionResetError:
        # The client closed its connection mid-request (mid-body, say): not our fault, and
        # nobody is there to read an answer (aiohttp's ClientConnectionResetError is one).
        log.debug("client_gone", path=request.path)
        return error_response(CLIENT_GONE, "client_gone", "the client closed the connection")
    except Exception:
        log.exception("unhandled_error", path=request.path)
        return error_response(500, "internal_error", "internal error")
