"""The table worker: consumes command shards, decides, stores, replies.

`handle` is glue: decode the delivery, pass the command through the group committer (or
decide it alone), log and count the outcome, encode it. Deciding is the table decider's
(`shared.tables.decide`, through `services.table.commands`); the tables are held by a
`TableCache`; batches are formed by a `GroupCommitter`; every Outcome is built by
`outcome_of` or `rejected`.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Callable
from typing import Any

import msgspec
import structlog
from eventsourcing.persistence import IntegrityError

from services.table import commands
from services.table.cache import TableCache
from services.table.group_commit import GroupCommitter
from services.table.rematch import RematchOpener
from shared.contracts.envelopes import (
    Command,
    Committed,
    CreateTable,
    OpenRematch,
    Outcome,
    Reply,
)
from shared.contracts.errors import (
    BadRequest,
    InternalError,
    NotFound,
    SenetError,
    Unavailable,
)
from shared.messaging.port import Broker, Delivery
from shared.observability import metrics
from shared.store import STORE_OUTAGES, EventStore
from shared.tables.aggregate import Table
from shared.tables.decide import is_repeat

log = structlog.get_logger("senet.table")

_decode_command = msgspec.json.Decoder(Command)
_encode = msgspec.json.Encoder()
RETRIES = 3
Staged = tuple[Outcome, Table | None, list[Any]]  # outcome, table and its unsaved events


class TableWorker:
    """Decides commands for the tables of the shards it serves, in batches (group commit)."""

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
        self.tables = TableCache(store, cache_size)
        self.on_saved = on_saved
        self.rematches = RematchOpener(broker)  # an agreed rematch is opened by the worker
        self.committer: GroupCommitter | None = None
        if group_commit:
            self.committer = GroupCommitter(self.decide_and_store_many, internal_error, max_batch)

    @property
    def prefetch(self) -> int:
        """Commands a shard consumer may take at once: a group's worth with group commit
        (they are decided in order and stored together), else one."""
        return self.committer.max_batch if self.committer is not None else 1

    @property
    def batches(self) -> int:
        """Group commits done so far."""
        return self.committer.batches if self.committer is not None else 0

    async def serve(self, shards: list[int] | None = None) -> None:
        """Start consuming the given shards (default: all)."""
        for shard in shards if shards is not None else range(self.broker.topology.shards):
            await self.broker.serve_shard(shard, self.handle, prefetch=self.prefetch)

    async def close(self) -> None:
        """Stop the group-commit writer (after the broker stopped delivering)."""
        await self.rematches.close()
        if self.committer is not None:
            await self.committer.close()

    async def handle(self, delivery: Delivery) -> bytes:
        """Decide one command delivery and return the encoded outcome."""
        try:
            command = _decode_command.decode(delivery.body)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _encode.encode(rejected(None, BadRequest(str(exc), code="bad_command")))
        with structlog.contextvars.bound_contextvars(
            table_id=command.table_id, command_id=command.command_id,
            correlation_id=command.correlation_id, worker=self.worker_id,
        ):  # fmt: skip
            outcome = await self._decided(command)
            _log_outcome(outcome)
            self.rematches.after(command, outcome)
        if outcome.accepted and not outcome.replayed and self.on_saved is not None:
            self.on_saved()
        return _encode.encode(outcome)

    async def _decided(self, command: Command) -> Outcome:
        """Decide and store; a store outage is answered as a retryable 503, not redelivered;
        any other failure of a decision as a 500 for that command alone.

        The requester repeats the command with its id once the store is back: if the
        commit did reach the store after all, the repeat is answered from it, not applied
        again. (Requeueing instead would spin the command into the dead-letter queue.)
        """
        try:
            if self.committer is not None:
                return await self.committer.submit(command)
            return await asyncio.to_thread(self.decide_and_store, command)
        except STORE_OUTAGES as exc:
            log.warning("store_unavailable", error=repr(exc))
            self.tables.evict(command.table_id)
            outage = Unavailable("the event store is unavailable", code="store_unavailable")
            return rejected(command, outage)

    def decide_and_store(self, command: Command) -> Outcome:
        """Decide a command against the stored table and save what it causes (thread)."""
        for attempt in range(RETRIES):
            try:
                outcome, table, pending = self._decide(command)
                if table is not None:
                    recordings = self.store.save(*pending)
                    self.tables.remember(table)
                    return _at(outcome, _positions(recordings).get(id(pending[-1]), 0))
                return outcome
            except IntegrityError:
                # Another worker wrote first (shard hand-over): re-read and re-decide.
                self.tables.evict(command.table_id)
                log.info("concurrent_write_retried", attempt=attempt)
            except SenetError as exc:
                return rejected(command, exc)
            except STORE_OUTAGES:
                self.tables.evict(command.table_id)
                raise
            except Exception:
                self.tables.evict(command.table_id)
                return failed(command)
        return rejected(command, SenetError("table is busy, retry", code="busy"))

    def decide_and_store_many(self, batch: list[Command]) -> list[Outcome]:
        """Decide several commands in order and save all their events in one transaction
        (thread).

        Commands of one table are decided one after the other on the same aggregate, each
        seeing what the ones before it caused, so a batch keeps each table's order. A
        command refused, or whose decision raises, is answered alone; if the joint save
        fails (a conflict, or events that cannot be stored), each staged command is
        re-read, re-decided and saved on its own, in order, so one command cannot sink the
        others. Only a store outage fails the batch.
        """
        outcomes: list[Outcome | None] = [None] * len(batch)
        staged: list[tuple[int, Table, list[Any], Outcome]] = []
        deferred: list[int] = []  # decided alone after the joint save, in order
        tainted: set[str] = set()  # tables whose aggregate a failed decision may have touched
        for index, command in enumerate(batch):
            if command.table_id in tainted:
                deferred.append(index)
                continue
            try:
                outcome, table, pending = self._decide(command)
            except SenetError as exc:
                outcomes[index] = rejected(command, exc)
                continue
            except STORE_OUTAGES:
                self._forget(staged, command.table_id)
                raise
            except Exception:  # a bug in this command's decision: only it fails
                outcomes[index] = failed(command)
                if any(str(t.id) == command.table_id for _, t, _, _ in staged):
                    # Its aggregate holds this batch's events and perhaps half of this
                    # decision's: the table's commands are decided again on their own.
                    tainted.add(command.table_id)
                    moved = [e for e in staged if str(e[1].id) == command.table_id]
                    staged = [e for e in staged if str(e[1].id) != command.table_id]
                    deferred += [entry[0] for entry in moved]
                self.tables.evict(command.table_id)
                continue
            if table is None:
                outcomes[index] = outcome
            else:
                self.tables.remember(table)  # the next command of this table sees it
                staged.append((index, table, pending, outcome))
        if staged:
            try:
                saved = self.store.save(
                    *[event for _, _, pending, _ in staged for event in pending]
                )
            except STORE_OUTAGES:
                self._forget(staged)
                raise
            except Exception:
                self._forget(staged)
                deferred += [index for index, _, _, _ in staged]
            else:
                stored_at = _positions(saved)
                for index, _, pending, outcome in staged:
                    outcomes[index] = _at(outcome, stored_at.get(id(pending[-1]), 0))
        for index in sorted(deferred):
            outcomes[index] = self.decide_and_store(batch[index])
        assert all(o is not None for o in outcomes)
        return [o for o in outcomes if o is not None]

    def _forget(self, staged: list[tuple[int, Table, list[Any], Outcome]], *more: str) -> None:
        """Evict the tables of a batch whose events were not saved (and any named)."""
        for table_id in {str(table.id) for _, table, _, _ in staged} | set(more):
            self.tables.evict(table_id)

    def _decide(self, command: Command) -> Staged:
        """The outcome, and the table with its unsaved events (None: nothing to save).

        A rejection decided on a cached table is checked again against the store: after a
        shard hand-over another worker may have moved the table on (an acceptance needs no
        such check, since saving it would fail on the version).
        """
        cached = self.tables.holds(command.table_id)
        table = self.tables.get(command.table_id)
        try:
            return self._decide_on(table, command)
        except SenetError:
            if not cached or table is None or not self.tables.behind_store(table):
                raise
        self.tables.evict(command.table_id)
        return self._decide_on(self.tables.get(command.table_id), command)

    def _decide_on(self, table: Table | None, command: Command) -> Staged:
        if table is None:
            action = command.action
            if isinstance(action, OpenRematch):
                opened = commands.open_rematch(command, action, self.tables.store)
                return _staged(command, opened, seat=0)
            if not isinstance(action, CreateTable):
                raise NotFound("no such table", code="unknown_table")
            return _staged(command, commands.open_table(command, action), seat=0)
        known = table.accepted.get(command.command_id)
        if is_repeat(known.fingerprint if known else None, commands.fingerprint(command)):
            assert known is not None
            repeat = outcome_of(
                command, table, seat=known.seat, version=known.last_version,
                events=list(known.names), replayed=True,
            )  # fmt: skip
            return repeat, None, []
        decision = commands.decide(table, command)
        commands.record(table, command, decision)
        return _staged(command, table, seat=decision.seat)


def default_worker_id() -> str:
    """host:pid, the name a worker gives itself in logs (`worker`)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _staged(command: Command, table: Table, seat: int | None) -> Staged:
    """A decided command: its outcome, its table and the events to save."""
    pending = list(table.collect_events())
    names = [getattr(e, "name", "TableCreated") for e in pending]
    outcome = outcome_of(command, table, seat=seat, events=names, committed=_committed(pending))
    return outcome, table, pending


def _committed(pending: list[Any]) -> list[Committed]:
    """The recorded events as the reply carries them (the gateway folds them at once)."""
    return [
        Committed(
            version=event.originator_version,
            name=event.name,
            time=event.timestamp.isoformat(),
            payload=_raw(event.payload),
            seat=event.seat,
        )
        for event in pending
        if isinstance(event, Table.Recorded)
    ]


def _positions(recordings: Any) -> dict[int, int]:
    """The store position of each saved event, by the event object's id."""
    return {id(r.domain_event): r.notification.id for r in recordings or ()}


def _at(outcome: Outcome, position: int) -> Outcome:
    """The outcome with the store position of its command's last event."""
    return msgspec.structs.replace(outcome, position=position) if position else outcome


def _raw(payload: Any) -> msgspec.Raw:
    """A payload as JSON: recorded ones are encoded already (`Table.record`)."""
    return payload if isinstance(payload, msgspec.Raw) else msgspec.Raw(_encode.encode(payload))


def outcome_of(
    command: Command,
    table: Table,
    *,
    seat: int | None,
    events: list[str],
    version: int | None = None,
    replayed: bool = False,
    committed: list[Committed] | None = None,
) -> Reply:
    """An accepted command's Outcome (a Reply with the events it stored, if any): the
    table's version, status and seats to act after it."""
    state = table.table
    to_act: list[int] = []
    if state.game_state is not None and state.status == "playing":
        to_act = list(state.spec.to_act(state.game_state))
    return Reply(
        command_id=command.command_id,
        table_id=command.table_id,
        accepted=True,
        version=state.version if version is None else version,
        events=events,
        seat=seat,
        status=state.status,
        to_act=to_act,
        replayed=replayed,
        committed=committed or [],
    )


def rejected(command: Command | None, exc: SenetError) -> Outcome:
    """A refused command's Outcome (None: a delivery that is no command), with the error."""
    return Outcome(
        command_id=command.command_id if command else "",
        table_id=command.table_id if command else "",
        accepted=False,
        error=exc.to_body(),
    )


def internal_error(command: Command) -> Outcome:
    """The 500 `internal_error` Outcome of a command that failed for a bug (not logged)."""
    return rejected(command, InternalError("internal error"))


def failed(command: Command) -> Outcome:
    """`internal_error`, logged with the table, the command and the traceback; call it in
    the `except` block."""
    log.exception("command_failed", table_id=command.table_id, command_id=command.command_id)
    return internal_error(command)


def _log_outcome(outcome: Outcome) -> None:
    if outcome.accepted:
        log.debug(  # per move: DEBUG (INFO is for what an operator needs)
            "command_accepted", version=outcome.version, replayed=outcome.replayed,
            seat=outcome.seat,
        )  # fmt: skip
    else:
        log.debug("command_rejected", code=outcome.error.code if outcome.error else "")
    metrics.count_command(outcome)
