"""The table worker: consumes command shards, decides, stores, replies."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
import socket
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from uuid import UUID

import msgspec
import structlog
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from services.table import commands
from shared.contracts.envelopes import Command, CreateTable, ErrorBody, Outcome
from shared.contracts.errors import (
    BadRequest,
    DuplicateCommand,
    NotFound,
    SenetError,
    Unavailable,
)
from shared.messaging.port import Broker, Delivery
from shared.observability import metrics
from shared.store import STORE_OUTAGES, EventStore
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
        group_commit: bool = True,
        max_batch: int = 64,
        worker_id: str | None = None,
    ) -> None:
        self.store = store
        self.worker_id = worker_id or default_worker_id()
        self.broker = broker
        self.cache: OrderedDict[UUID, Table] = OrderedDict()
        self.cache_size = cache_size
        self.on_saved = on_saved
        self.group_commit = group_commit
        self.max_batch = max_batch
        self._queue: list[tuple[Command, asyncio.Future[Outcome]]] = []
        self._wakeup = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self.batches = 0

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
            worker=self.worker_id,
        )
        try:
            outcome = await self._decided(command)
            if outcome.accepted:
                log.debug(  # per move: DEBUG (INFO is for what an operator needs)
                    "command_accepted", version=outcome.version, replayed=outcome.replayed,
                    seat=outcome.seat,
                )  # fmt: skip
            else:
                log.debug("command_rejected", code=outcome.error.code if outcome.error else "")
            metrics.count_command(outcome)
        finally:
            structlog.contextvars.clear_contextvars()
        if outcome.accepted and not outcome.replayed and self.on_saved is not None:
            self.on_saved()
        return _encode.encode(outcome)

    async def _decided(self, command: Command) -> Outcome:
        """Decide and store; a store outage is answered as a retryable 503, not redelivered.

        The requester repeats the command with its id once the store is back: if the
        commit did reach the store after all, the repeat is answered from it, not applied
        again. (Requeueing instead would spin the command into the dead-letter queue.)
        """
        try:
            if self.group_commit:
                return await self._through_group_commit(command)
            return await asyncio.to_thread(self.decide_and_store, command)
        except STORE_OUTAGES as exc:
            log.warning("store_unavailable", error=repr(exc))
            self._evict(command.table_id)
            outage = Unavailable("the event store is unavailable", code="store_unavailable")
            return _rejected(command, outage)

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

    async def close(self) -> None:
        """Stop the group-commit writer (after the broker stopped delivering)."""
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None

    async def _through_group_commit(self, command: Command) -> Outcome:
        """Queue the command for the writer; its outcome arrives after the batch's commit."""
        if self._writer is None or self._writer.done():
            # A fresh context: the writer must not carry the first command's log bindings.
            self._writer = asyncio.create_task(
                self._write_batches(), name="group-commit", context=contextvars.Context()
            )
        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self._queue.append((command, future))
        self._wakeup.set()
        return await future

    async def _write_batches(self) -> None:
        """Decide and store queued commands of different tables in one transaction each turn."""
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            while self._queue:
                batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
                metrics.GROUP_COMMIT_BATCH.observe(len(batch))
                try:
                    outcomes = await asyncio.to_thread(
                        self.decide_and_store_many, [command for command, _ in batch]
                    )
                except Exception as exc:  # the store is down: every message is requeued
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                self.batches += 1
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if not future.done():
                        future.set_result(outcome)

    def decide_and_store_many(self, batch: list[Command]) -> list[Outcome]:
        """Decide several commands and save all their events in one transaction (thread).

        Commands must be for different tables (one command per shard is in flight at a
        time, and a table belongs to one shard). If the joint save fails, each command is
        re-read, re-decided and saved on its own, so one conflict cannot sink the others.
        """
        outcomes: list[Outcome | None] = [None] * len(batch)
        staged: list[tuple[int, Table, list[Any], Outcome]] = []
        tables: set[str] = set()
        for index, command in enumerate(batch):
            if command.table_id in tables:
                outcomes[index] = self.decide_and_store(command)  # rare: decided on its own
                continue
            try:
                outcome, table, pending = self._decide(command)
            except SenetError as exc:
                outcomes[index] = _rejected(command, exc)
                continue
            except Exception:
                self._evict(command.table_id)
                raise
            if table is None:
                outcomes[index] = outcome
            else:
                tables.add(command.table_id)
                staged.append((index, table, pending, outcome))
        if staged:
            try:
                self.store.save(*[event for _, _, pending, _ in staged for event in pending])
            except IntegrityError:
                for index, table, _, _ in staged:
                    self._evict(str(table.id))
                    outcomes[index] = self.decide_and_store(batch[index])
            except Exception:
                for _, table, _, _ in staged:
                    self._evict(str(table.id))
                raise
            else:
                for index, table, _, outcome in staged:
                    self._remember(table)
                    outcomes[index] = outcome
        assert all(o is not None for o in outcomes)
        return [o for o in outcomes if o is not None]

    def _attempt(self, command: Command) -> Outcome:
        outcome, table, pending = self._decide(command)
        if table is None:
            return outcome
        self.store.save(*pending)
        self._remember(table)
        return outcome

    def _decide(self, command: Command) -> tuple[Outcome, Table | None, list[Any]]:
        """The outcome, and the table with its unsaved events (None: nothing to save).

        A rejection decided on a cached table is checked again against the store: after a
        shard hand-over another worker may have moved the table on (an acceptance needs no
        such check, since saving it would fail on the version).
        """
        cached = self._is_cached(command.table_id)
        table = self._load(command.table_id)
        try:
            return self._decide_on(table, command)
        except SenetError:
            if not cached or table is None or not self._behind_store(table):
                raise
        self._evict(command.table_id)
        return self._decide_on(self._load(command.table_id), command)

    def _behind_store(self, table: Table) -> bool:
        """True if the store holds events of the table that the cached copy lacks."""
        newest = self.store.recorder.select_events(table.id, desc=True, limit=1)
        return bool(newest) and newest[0].originator_version > table.version

    def _decide_on(
        self, table: Table | None, command: Command
    ) -> tuple[Outcome, Table | None, list[Any]]:
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
                replayed = Outcome(
                    command_id=command.command_id,
                    table_id=command.table_id,
                    accepted=True,
                    version=known.last_version,
                    events=list(known.names),
                    seat=known.seat,
                    status=table.table.status,
                    to_act=_to_act(table),
                    replayed=True,
                )
                return replayed, None, []
            events, seat, move = commands.decide(table, command)
            table.record(
                events, command_id=command.command_id, fingerprint=digest, seat=seat, move=move,
                correlation_id=command.correlation_id,
            )  # fmt: skip
        pending = list(table.collect_events())
        names = [getattr(e, "name", "TableCreated") for e in pending]
        outcome = Outcome(
            command_id=command.command_id,
            table_id=command.table_id,
            accepted=True,
            version=table.table.version,
            events=names,
            seat=seat,
            status=table.table.status,
            to_act=_to_act(table),
        )
        return outcome, table, pending

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

    def _is_cached(self, table_id: str) -> bool:
        try:
            return UUID(table_id) in self.cache
        except ValueError:
            return False

    def _remember(self, table: Table) -> None:
        self.cache[table.id] = table
        self.cache.move_to_end(table.id)
        while len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)

    def _evict(self, table_id: str) -> None:
        with contextlib.suppress(ValueError):
            self.cache.pop(UUID(table_id), None)


def default_worker_id() -> str:
    """host:pid, the name a worker gives itself in logs (`worker`)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _to_act(table: Table) -> list[int]:
    state = table.table
    if state.game_state is None or state.status != "playing":
        return []
    return list(state.spec.to_act(state.game_state))


def _rejected(command: Command, exc: SenetError) -> Outcome:
    details = {k: str(v) for k, v in exc.details.items()} if isinstance(exc.details, dict) else None
    return Outcome(
        command_id=command.command_id,
        table_id=command.table_id,
        accepted=False,
        error=ErrorBody(code=exc.code, message=exc.message, status=exc.status, details=details),
    )
