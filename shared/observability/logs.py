"""The log fields every line about a command or one of its events carries."""

from __future__ import annotations

from typing import Any

from shared.contracts.envelopes import EventEnvelope


def log_fields(envelope: EventEnvelope) -> dict[str, Any]:
    """`table_id`, `command_id`, `seat` and `correlation_id` of an event, for structlog."""
    return {
        "table_id": envelope.table_id,
        "command_id": envelope.command_id,
        "seat": envelope.seat,
        "correlation_id": envelope.correlation_id,
    }
