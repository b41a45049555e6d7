"""structlog set-up: JSON lines in production, readable console output in development.

Lines from the standard library's loggers (aio-pika, asyncio, our adapters) go through
the same renderer, so `--log-json` gives JSON on every line.

Lines go to whatever `sys.stderr` is when they are written, and loggers are not cached:
a test runner swaps `sys.stderr` per test and closes the old one, and `configure()` or
structlog's `capture_logs()` in a later test must take effect on every logger. (Assembling
a logger per line costs some microseconds; rebuilds skip their per-event debug lines
unless debug is on.)
"""

from __future__ import annotations

import logging
import sys

import structlog

from shared.redact import redact_event


class _CurrentStderr:
    """Writes to whatever `sys.stderr` is at the time of writing, never a stale stream."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure(*, json: bool = False, level: str = "INFO") -> None:
    """Configure structlog and the standard library's logging once per process."""
    numeric = getattr(logging, level.upper(), logging.INFO)
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer() if json else structlog.dev.ConsoleRenderer(colors=False)
    )
    common: list[structlog.typing.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    handler = logging.StreamHandler(_CurrentStderr())
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=[*common, structlog.stdlib.add_logger_name],
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                redact_event,
                renderer,
            ],
        )
    )
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(numeric)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    logging.getLogger("aio_pika").setLevel(logging.WARNING)
    logging.getLogger("aiormq").setLevel(logging.WARNING)
    logging.getLogger("asyncio").setLevel(logging.INFO)  # its DEBUG line names the selector
    structlog.configure(
        processors=[
            *common,
            structlog.processors.StackInfoRenderer(),
            structlog.processors.format_exc_info,
            redact_event,  # no password of a store, broker or SMTP URL in any line
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(_CurrentStderr()),  # type: ignore[arg-type]
        cache_logger_on_first_use=False,
    )
