"""Open tables left without activity are cancelled: the table service's sweep.

A table nobody joined, left or started for `SENET_OPEN_TABLE_TTL` seconds (default 7 days)
is cancelled with reason `inactive` (event TableCancelled). The sweep runs beside the table
workers (one per table process): it follows the event log from the store, keeps only the
open tables with the time of their last event, and for each one idle past the TTL sends an
`ExpireTable` command to the table's shard like any other command. The table decider
cancels only if the table is still open and at the version the sweep saw, so a join that
races the sweep wins; the command id is derived from table and version, so several sweeps
(several table processes) cancel a table once.
"""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime

import structlog

from shared.contracts.envelopes import Command, EventEnvelope, ExpireTable
from shared.messaging.port import Broker
from shared.store import EventStore
from shared.tables.client import TableClient
from shared.tables.follower import LogFollower

log = structlog.get_logger("senet.table.sweep")
DEFAULT_TTL = 7 * 24 * 3600.0
CLOSED = frozenset({"TableStarted", "TableCancelled"})  # no longer open: forgotten
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


class OpenTableSweeper(LogFollower):
    """Follows the log for open tables and expires the idle ones."""

    consumer = "open-table-sweep"

    def __init__(self, store: EventStore, broker: Broker, ttl: float) -> None:
        super().__init__(store)
        self.tables = TableClient(broker)
        self.ttl = ttl
        self.every = min(max(ttl / 4, 0.05), 600.0)  # seconds between sweeps
        self.poll = self.every
        self.open: dict[str, tuple[int, datetime]] = {}  # table -> (version, last event time)

    async def apply(self, envelope: EventEnvelope) -> None:
        """Remember an open table's version and the time of its last event."""
        if envelope.name in CLOSED:
            self.open.pop(envelope.table_id, None)
        elif envelope.name == "TableCreated" or envelope.table_id in self.open:
            self.open[envelope.table_id] = (envelope.version, _parse(envelope.time))

    async def run(self) -> None:
        """Sweep every `every` seconds until cancelled (the first after one interval, so a
        process starting up does not read the log for it at once); a failed round is logged
        and retried."""
        await asyncio.sleep(self.every)
        await self.follow()

    async def round(self) -> bool:
        """One sweep (`follow` runs one every `poll` = `every` seconds)."""
        try:
            await self.sweep()
        except Exception:
            log.exception("open_table_sweep_failed")
        return False

    async def sweep(self, now: datetime | None = None) -> int:
        """Read new events, then expire every open table idle past the TTL; how many."""
        await self.catch_up()
        now = now or datetime.now(UTC)
        idle = [
            (table_id, version)
            for table_id, (version, last) in self.open.items()
            if (now - last).total_seconds() >= self.ttl
        ]
        expired = 0
        for table_id, version in idle:
            expired += await self._expire(table_id, version)
        return expired

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
            self.open.pop(table_id, None)
            return 1
        code = outcome.error.code if outcome.error else ""
        if code in ("table_not_open", "table_cancelled", "unknown_table"):
            self.open.pop(table_id, None)
        elif code != "table_active":  # table_active: its newer event is on its way here
            # (a broker_timeout or broker_unavailable is tried again next round)
            log.warning("open_table_expiry_refused", table_id=table_id, code=code)
        return 0


def _parse(iso: str) -> datetime:
    when = datetime.fromisoformat(iso)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)
