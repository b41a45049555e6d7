"""Credentials never reach a log line or an error message: `scheme://user:***@host`."""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from typing import Any

# user:password@ right after a URL scheme (amqp://, postgresql://, smtp://, ...)
_CREDENTIALS = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*://)([^:/@\s]*):([^@/\s]+)@")


def redact(text: str) -> str:
    """The text with every URL's password replaced by `***`."""
    return _CREDENTIALS.sub(r"\1\2:***@", text) if "://" in text else text


def redact_event(_logger: Any, _method: str, event: MutableMapping[str, Any]) -> Any:
    """A structlog processor: redact every string field (messages, errors, tracebacks)."""
    for key, value in event.items():
        if isinstance(value, str) and "://" in value:
            event[key] = redact(value)
    return event
