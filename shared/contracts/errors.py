"""The error hierarchy: every error the platform reports carries a stable code."""

from __future__ import annotations

from typing import Any

from shared.contracts.envelopes import ErrorBody


class SenetError(Exception):
    """Base of all errors with a stable, machine-readable code.

    `details` is a dict of JSON values (numbers stay numbers on the wire). An error crosses a
    service boundary as its wire form: `to_body()` there, `from_body()` back.
    """

    code: str = "error"
    status: int = 400
    retry_after: int | None = None  # seconds for Retry-After (429, 503); None: the gateway's

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        details: dict[str, Any] | None = None,
        retry_after: int | None = None,
        status: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.details = details
        if retry_after is not None:
            self.retry_after = retry_after

    def to_body(self) -> ErrorBody:
        """The error's wire form (the API's error JSON, an Outcome's `error`)."""
        details = dict(self.details) if self.details else None
        return ErrorBody(code=self.code, message=self.message, status=self.status, details=details)

    @classmethod
    def from_body(cls, body: ErrorBody) -> SenetError:
        """The error an `ErrorBody` describes, with its code, status and details."""
        return SenetError(body.message, code=body.code, details=body.details, status=body.status)


class BadRequest(SenetError):
    """Malformed JSON or a payload that does not fit the schema."""

    code = "bad_request"
    status = 400


class Unauthorized(SenetError):
    """Missing or unknown bearer token."""

    code = "unauthorized"
    status = 401


class Forbidden(SenetError):
    """The caller may not act for that seat or see that view."""

    code = "forbidden"
    status = 403


class NotFound(SenetError):
    """Unknown table, game or player."""

    code = "not_found"
    status = 404


class Conflict(SenetError):
    """The command does not fit the table's current state (turn, version, lobby)."""

    code = "conflict"
    status = 409


class NotYourTurn(Conflict):
    """The seat is not among those that must act now."""

    code = "not_your_turn"


class StaleVersion(Conflict):
    """The command's expected version is not the table's version."""

    code = "stale_version"


class DuplicateCommand(Conflict):
    """The command id was already used for a different command."""

    code = "duplicate_command"


class IllegalMove(SenetError):
    """The move breaks a rule of the game; the code names the rule."""

    code = "illegal_move"
    status = 422


class TooManyRequests(SenetError):
    """A rate or concurrency limit was exceeded; retry after `retry_after` seconds."""

    code = "rate_limited"
    status = 429
    retry_after = 1


class Unavailable(SenetError):
    """A backing service did not answer in time; the request may be retried."""

    code = "unavailable"
    status = 503


class InternalError(SenetError):
    """A bug: the request failed for a reason the caller cannot fix (logged with a traceback)."""

    code = "internal_error"
    status = 500
