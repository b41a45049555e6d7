"""Counting what a move costs in messages and store transactions, for the benches.

Broker messages are counted by the broker port of each platform process
(`senet_broker_messages_total{direction}` on its /metrics): published (commands, replies,
relay batches, signals) and delivered (to any consumer, replies included). Store round
trips are PostgreSQL's own count of committed and rolled-back transactions in the
database (`pg_stat_database`, every process and connection); SQLite and memory stores
have no such count.
"""

from __future__ import annotations

import contextlib
from typing import Any

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

METRIC = "senet_broker_messages_total"


async def sample(
    session: aiohttp.ClientSession, metrics_urls: dict[str, str], postgres: str | None
) -> dict[str, float]:
    """Broker messages so far, summed over the processes, and the database's transactions."""
    counts = {"published": 0.0, "delivered": 0.0}
    for url in metrics_urls.values():
        async with session.get(url) as answer:
            text = await answer.text()
        for family in text_string_to_metric_families(text):
            for found in family.samples:
                if found.name == METRIC and found.labels.get("direction") in counts:
                    counts[found.labels["direction"]] += found.value
    if postgres:
        counts["store_transactions"] = _transactions(postgres)
    return counts


def _transactions(url: str) -> float:
    """Committed and rolled-back transactions of the database since the stats were reset
    (PostgreSQL updates them within about a second)."""
    import psycopg

    base = url.split("?", 1)[0]
    with psycopg.connect(base, autocommit=True) as conn:
        with contextlib.suppress(Exception):
            conn.execute("SELECT pg_stat_clear_snapshot()")
        row = conn.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database "
            "WHERE datname = current_database()"
        ).fetchone()
    return float(row[0]) if row else 0.0


def per_move(
    before: dict[str, float] | None, after: dict[str, float] | None, moves: int
) -> dict[str, Any] | None:
    """What each move cost between two samples (None without both or without moves)."""
    if not before or not after or not moves:
        return None
    return {key: round((after[key] - before[key]) / moves, 2) for key in after if key in before}
