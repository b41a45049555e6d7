"""Start-up failures as one clear line: what failed, where, and how to fix it.

The CLI prints this line (credentials redacted) and exits non-zero; the traceback is
written only at `--log-level DEBUG`.
"""

from __future__ import annotations

import argparse
import errno
from urllib.parse import urlsplit

from shared.contracts.errors import Unavailable
from shared.redact import redact


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0].strip()


def _where(url: str) -> str:
    try:
        parts = urlsplit(url)
        return f"host {parts.hostname or '127.0.0.1'}, port {parts.port or 'default'}"
    except ValueError:
        return "a URL that does not parse"


def _chain(exc: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def explain(exc: BaseException, args: argparse.Namespace) -> str | None:
    """The one line for a known start-up failure, or None (then it is a bug: traceback)."""
    store = str(getattr(args, "store", "") or "")
    broker = str(getattr(args, "broker", "") or "")
    chain = _chain(exc)
    names = {f"{type(e).__module__}.{type(e).__name__}" for e in chain}
    for error in chain:
        if isinstance(error, OSError) and error.errno == errno.EADDRINUSE:
            where = f"{getattr(args, 'host', '?')}:{getattr(args, 'port', '?')}"
            return (
                f"cannot listen on {where}: the address is in use; "
                "choose another --port (SENET_PORT) or stop the process that holds it"
            )
    if isinstance(exc, Unavailable) or any("aiormq" in n or "aio_pika" in n for n in names):
        return (
            f"cannot reach the broker {redact(broker)} ({_where(broker)}): "
            f"{_first_line(chain[-1])}; check --broker (SENET_BROKER) and that RabbitMQ runs"
        )
    if any(n.startswith(("psycopg.", "eventsourcing.persistence.")) for n in names) or any(
        "sqlite3" in n for n in names
    ):
        kind = "PostgreSQL" if store.startswith("postgres") else "the database"
        return (
            f"cannot open the event store {redact(store)} ({_where(store)}): "
            f"{_first_line(chain[-1])}; check --store (SENET_STORE) and that {kind} runs"
        )
    if isinstance(exc, ValueError):
        return f"bad setting: {_first_line(exc)}"
    return None
