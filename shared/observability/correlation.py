"""Correlation ids: one id follows a request from the gateway through table and projectors.

The gateway accepts a caller's `X-Correlation-Id` when it is short and plain, otherwise
makes one; it travels in the `Command`, the stored event and the `EventEnvelope`, and
every log line about it carries it as `correlation_id`.
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from shared.ids import fresh_id

HEADER = "X-Correlation-Id"
MAX_LENGTH = 64
_VALID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]*")
_current: ContextVar[str] = ContextVar("correlation_id", default="")


def accept(raw: str | None) -> str:
    """The caller's id if it is 1-64 letters, digits or `._:-`; otherwise a fresh one."""
    if raw and len(raw) <= MAX_LENGTH and _VALID.fullmatch(raw):
        return raw
    return fresh_id()


def current() -> str:
    """The correlation id of the request being handled ("" outside a request)."""
    return _current.get()


def set_current(correlation_id: str) -> None:
    """Make an id the current one for this task's context (the gateway's middleware)."""
    _current.set(correlation_id)
