"""Open tables left without activity are cancelled: the table service's sweep.

A table nobody joined, left or started for `SENET_OPEN_TABLE_TTL` seconds (default 7 days)
is cancelled with reason `inactive` (event TableCancelled). The sweep runs beside the table
workers (one per table process): every `every` seconds it reads the open tables with their
version and the time of their last event from the tables read model (`rm_tables`: status,
version, updated_at; no log is folded here), and for each one idle past the TTL sends an
`ExpireTable` command to the table's shard like any other command. The table decider
cancels only if the table is still open and at the version the sweep saw, so a join that
races the sweep wins; the command id is derived from table and version, so several sweeps
(several table processes) cancel a table once.
"""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime
from typing import Any

import structlog

from shared.contracts.envelopes import Command, ExpireTable
from shared.messaging.port import Broker
from shared.readmodels.db import ReadModelDB
from shared.readmodels.schema import create_schema
from shared.tables.client import TableClient

log = structlog.get_logger("senet.table.sweep")
DEFAULT_TTL = 7 * 24 * 3600.0
SWEEPER = "senet-sweep"  # the player id of the sweep's commands


def open_table_ttl(raw: str) -> float:
    """Seconds an open table may stay idle (`--open-table-ttl`, SENET_OPEN_TABLE_TTL): more
    than 0 and under ten years; "" is the default of 7 days. ValueError otherwise."""
    if not raw.strip():
        return DEFAULT_TTL
    try:
        ttl = float(raw)
    except ValueError as exc:
        raise ValueError(f"an open table's TTL is a number of seconds, not {raw!r}") from exc
    if not 0 < ttl < 10 * 365 * 24 * 3600:
        raise ValueError("an open table's TTL is between 0 and ten years (seconds)")
    return ttl


class OpenTableSweeper:
    """Expires the open tables idle past the TTL, as the tables read model shows them."""

    def __init__(self, db: ReadModelDB, broker: Broker, ttl: float) -> None:
        self.db = db
        self.tables = TableClient(broker)
        self.ttl = ttl
        self.every = min(max(ttl / 4, 0.05), 600.0)  # seconds between sweeps
        self._created = False

    async def run(self) -> None:
        """Sweep every `every` seconds until cancelled (the first after one interval); a
        failed sweep is logged and tried again."""
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.sweep()
            except Exception:
                log.exception("open_table_sweep_failed")

    async def sweep(self, now: datetime | None = None) -> int:
        """Expire every open table idle past the TTL; how many."""
        now = now or datetime.now(UTC)
        rows = await asyncio.to_thread(self._open_tables)
        idle = [
            (str(table_id), int(version))
            for table_id, version, updated_at in rows
            if (now - _parse(str(updated_at))).total_seconds() >= self.ttl
        ]
        expired = 0
        for table_id, version in idle:
            expired += await self._expire(table_id, version)
        return expired

    def _open_tables(self) -> list[tuple[Any, ...]]:
        if not self._created:  # a table process may start before any projection ran
            create_schema(self.db)
            self._created = True
        return self.db.query(
            "SELECT table_id, version, updated_at FROM rm_tables WHERE status = 'open'"
        )

    async def _expire(self, table_id: str, version: int) -> int:
        command = Command(
            command_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"senet:expire:{table_id}:{version}")),
            table_id=table_id,
            player_id=SWEEPER,
            action=ExpireTable(version=version),
        )
        outcome = await self.tables.send(command)
        if outcome.accepted:
            log.info("open_table_expired", table_id=table_id, version=version)
            return 1
        code = outcome.error.code if outcome.error else ""
        # table_active: a newer event is on its way to the read model; the others: gone
        # (a broker_timeout or broker_unavailable is tried again next round)
        if code not in ("table_not_open", "table_cancelled", "unknown_table", "table_active"):
            log.warning("open_table_expiry_refused", table_id=table_id, code=code)
        return 0


def _parse(iso: str) -> datetime:
    when = datetime.fromisoformat(iso)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
