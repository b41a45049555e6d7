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


def known_error(exc: BaseException, path: str) -> SenetError | None:
    """The stable error an exception of a handler stands for (ours, a store outage, a lost
    write race), None for anything else; the HTTP answers and the socket's answers to moves
    (`services.gateway.live.moves`) both come from here."""
    if isinstance(exc, SenetError):
        return exc
    if isinstance(exc, STORE_OUTAGES):
        log.warning("store_unavailable", path=path, error=repr(exc))
        return SenetError("the event store is unavailable", code="store_unavailable", status=503)
    if isinstance(exc, IntegrityError):
        # A write that lost a race on one aggregate and was not retried (those that may race
        # retry: shared.store.retries): the client may try again; never a 500.
        log.warning("write_conflict", path=path, error=repr(exc)[:200])
        message = "this changed at the same time elsewhere; try again"
        return SenetError(message, code="write_conflict", status=409)
    return None


KNOWN_ERRORS: tuple[type[Exception], ...] = (SenetError, IntegrityError, *STORE_OUTAGES)


@web.middleware
async def errors_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Our errors become their status and code; anything unexpected is logged as a 500."""
    try:
        return await handler(request)
    except KNOWN_ERRORS as exc:
        error = known_error(exc, request.path)
        assert error is not None
        headers = _retry_after(request, error.status, error.retry_after)
        return error_response(error.status, error.code, error.message, error.details, headers)
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
