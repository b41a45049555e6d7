"""The table worker: consumes command shards, decides, stores, replies."""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Callable
from uuid import UUID

import msgspec
import structlog
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from services.table import commands
from shared.contracts.envelopes import Command, CreateTable, ErrorBody, Outcome
from shared.contracts.errors import BadRequest, DuplicateCommand, NotFound, SenetError
from shared.messaging.port import Broker, Delivery
from shared.store import EventStore
from shared.tables.aggregate import Table

log = structlog.get_logger("senet.table")

_decode_command = msgspec.json.Decoder(Command)
_encode = msgspec.json.Encoder()
RETRIES = 3


class TableWorker:
    """Decides commands for the tables of the shards it serves; one command at a time per shard."""

    def __init__(
        self,
        store: EventStore,
        broker: Broker,
        *,
        cache_size: int = 5000,
        on_saved: Callable[[], None] | None = None,
    ) -> None:
        self.store = store
        self.broker = broker
        self.cache: OrderedDict[UUID, Table] = OrderedDict()
        self.cache_size = cache_size
        self.on_saved = on_saved
        self.lock = asyncio.Lock()

    async def serve(self, shards: list[int] | None = None) -> None:
        """Start consuming the given shards (default: all)."""
        for shard in shards if shards is not None else range(self.broker.topology.shards):
            await self.broker.serve_shard(shard, self.handle)

    async def handle(self, delivery: Delivery) -> bytes:
        """Decide one command delivery and return the encoded outcome."""
        try:
            command = _decode_command.decode(delivery.body)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            error = ErrorBody(code="bad_command", message=str(exc), status=400)
            return _encode.encode(Outcome(command_id="", table_id="", accepted=False, error=error))
        structlog.contextvars.bind_contextvars(
            table_id=command.table_id,
            command_id=command.command_id,
            correlation_id=command.correlation_id,
        )
        try:
            outcome = await asyncio.to_thread(self.decide_and_store, command)
        finally:
            structlog.contextvars.clear_contextvars()
        if outcome.accepted and not outcome.replayed and self.on_saved is not None:
            self.on_saved()
        return _encode.encode(outcome)

    def decide_and_store(self, command: Command) -> Outcome:
        """Decide a command against the stored table and save what it causes (thread)."""
        for attempt in range(RETRIES):
            try:
                return self._attempt(command)
            except IntegrityError:
                # Another worker wrote first (shard hand-over): re-read and re-decide.
                self._evict(command.table_id)
                log.info("concurrent_write_retried", attempt=attempt)
            except SenetError as exc:
                return _rejected(command, exc)
            except Exception:
                self._evict(command.table_id)
                raise
        return _rejected(command, SenetError("table is busy, retry", code="busy"))

    def _attempt(self, command: Command) -> Outcome:
        table = self._load(command.table_id)
        digest = commands.fingerprint(command)
        if table is None:
            if not isinstance(command.action, CreateTable):
                raise NotFound("no such table", code="unknown_table")
            table = commands.open_table(command, command.action)
            seat: int | None = 0
        else:
            known = table.accepted.get(command.command_id)
            if known is not None:
                if known.fingerprint != digest:
                    raise DuplicateCommand("command id already used for another command")
                return Outcome(
                    command_id=command.command_id,
                    table_id=command.table_id,
                    accepted=True,
                    version=known.last_version,
                    events=list(known.names),
                    seat=known.seat,
                    replayed=True,
                )
            events, seat, move = commands.decide(table, command)
            table.record(
                events, command_id=command.command_id, fingerprint=digest, seat=seat, move=move
            )
        pending = table.collect_events()
        self.store.save(*pending)
        self._remember(table)
        names = [getattr(e, "name", "TableCreated") for e in pending]
        log.info("command_accepted", events=len(pending), version=table.table.version)
        return Outcome(
            command_id=command.command_id,
            table_id=command.table_id,
            accepted=True,
            version=table.table.version,
            events=names,
            seat=seat,
        )

    def _load(self, table_id: str) -> Table | None:
        try:
            key = UUID(table_id)
        except ValueError as exc:
            raise BadRequest("table id must be a UUID", code="bad_table_id") from exc
        table = self.cache.get(key)
        if table is not None:
            self.cache.move_to_end(key)
            return table
        try:
            table = self.store.repository.get(key)
        except AggregateNotFoundError:
            return None
        assert isinstance(table, Table)
        return table

    def _remember(self, table: Table) -> None:
        self.cache[table.id] = table
        self.cache.move_to_end(table.id)
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)

    def _evict(self, table_id: str) -> None:
        with contextlib.suppress(ValueError):
            self.cache.pop(UUID(table_id), None)


def _rejected(command: Command, exc: SenetError) -> Outcome:
    log.info("command_rejected", code=exc.code)
    details = {k: str(v) for k, v in exc.details.items()} if isinstance(exc.details, dict) else None
    return Outcome(
        command_id=command.command_id,
        table_id=command.table_id,
        accepted=False,
        error=ErrorBody(code=exc.code, message=exc.message, status=exc.status, details=details),
    )
