"""The table worker: consumes command shards, decides, stores, replies.

`handle` is the shard handlers' skeleton (`services.table.handler`: decode, decide, map a
store outage, encode); here the command goes through the group committer, and its outcome
is logged and counted. Deciding is the table decider's (`shared.tables.decide`, through
`services.table.commands`); the tables are held by a `TableCache`; batches are formed by a
`GroupCommitter`; every Outcome is built by `outcome_of` or `rejected`. A command's
fingerprint is computed once, when it is first decided, and kept with its staged outcome
(a re-decision after a failed joint save reuses it).
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections import deque
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec
import structlog

from services.table import commands
from services.table.cache import TableCache
from services.table.group_commit import GroupCommitter
from services.table.handler import ShardHandler
from services.table.rematch import RematchOpener
from shared.contracts.envelopes import (
    Command,
    Committed,
    CreateTable,
    OpenMatch,
    OpenRematch,
    Outcome,
    Reply,
)
from shared.contracts.errors import InternalError, NotFound, SenetError
from shared.messaging.port import Broker
from shared.observability import metrics
from shared.store import STORE_OUTAGES, EventStore
from shared.tables.aggregate import Table
from shared.tables.client import TableClient
from shared.tables.decide import fingerprint, is_repeat
from shared.tables.reader import finished_snapshot, save_snapshots
from shared.tasks import stop_tasks

log = structlog.get_logger("senet.table")

_encode = msgspec.json.Encoder()


class Staged(NamedTuple):
    """A decided command: its outcome, its table with the unsaved events (None: nothing to
    save), its fingerprint (computed once) and, when it ended the game, the table's
    snapshot at that end (saved once the events are)."""

    outcome: Outcome
    table: Table | None
    pending: list[Any]
    digest: str
    snapshot: Any = None


class TableWorker(ShardHandler[Command, Outcome]):
    """Decides commands for the tables of the shards it serves, in batches (group commit)."""

    decoder = msgspec.json.Decoder(Command)

    def __init__(
        self,
        store: EventStore,
        broker: Broker,
        *,
        cache_size: int = 5000,
        on_saved: Callable[[], None] | None = None,
        max_batch: int = 64,
        worker_id: str | None = None,
    ) -> None:
        self.store = store
        self.worker_id = worker_id or default_worker_id()
        self.broker = broker
        self.tables = TableCache(store, cache_size)
        self.on_saved = on_saved
        self.rematches = RematchOpener(TableClient(broker))  # the worker opens agreed rematches
        self.committer = GroupCommitter(
            self.decide_and_store_many, internal_error, max_batch, call=store.call
        )
        self._snapshots: deque[Any] = deque()  # of games ended and stored, to save (`after`)
        self._background: set[asyncio.Task[None]] = set()

    @property
    def prefetch(self) -> int:
        """Commands a shard consumer may take at once: a group's worth (they are decided in
        order and stored together)."""
        return self.committer.max_batch

    @property
    def batches(self) -> int:
        """Group commits done so far."""
        return self.committer.batches

    async def serve(self, shards: list[int] | None = None) -> None:
        """Start consuming the given shards (default: all)."""
        for shard in shards if shards is not None else range(self.broker.topology.shards):
            await self.broker.serve_shard(shard, self.handle, prefetch=self.prefetch)

    async def close(self) -> None:
        """Stop the group-commit writer (after the broker stopped delivering)."""
        await self.rematches.close()
        await self.committer.close()
        await stop_tasks(self._background)

    # ---- the skeleton's hooks ------------------------------------------------------------

    def context(self, command: Command) -> dict[str, Any]:
        return {
            "table_id": command.table_id, "command_id": command.command_id,
            "correlation_id": command.correlation_id, "worker": self.worker_id,
        }  # fmt: skip

    async def decided(self, command: Command) -> Outcome:
        """Decide and store, in a group commit."""
        return await self.committer.submit(command)

    def refused(self, command: Command | None, error: SenetError) -> Outcome:
        return rejected(command, error)

    def forget(self, command: Command) -> None:
        self.tables.evict(command.table_id)

    def after(self, command: Command, outcome: Outcome) -> None:
        _log_outcome(outcome)
        self.rematches.after(command, outcome)
        if self._snapshots:
            task = asyncio.create_task(self._save_snapshots())
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    # ---- deciding and storing ------------------------------------------------------------

    def decide_and_store(self, command: Command, digest: str | None = None) -> Outcome:
        """Decide a command against the stored table and save what it causes (thread);
        `digest`: its fingerprint, if known already."""
        digest = digest or fingerprint(command)

        def attempt() -> Outcome:
            staged = self._decide(command, digest)
            if staged.table is None:
                return staged.outcome
            recordings = self.store.save(*staged.pending)
            self.tables.remember(staged.table)
            self._snapshot_later([staged])
            return _at(staged.outcome, _positions(recordings).get(id(staged.pending[-1]), 0))

        return self.stored(command, attempt)

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
        staged: list[tuple[int, Table, Staged]] = []
        deferred: dict[int, str | None] = {}  # decided alone after the joint save, in order,
        # with the fingerprint of a command decided (and staged) once already
        tainted: set[str] = set()  # tables whose aggregate a failed decision may have touched
        for index, command in enumerate(batch):
            if command.table_id in tainted:
                deferred[index] = None
                continue
            try:
                decided = self._decide(command, fingerprint(command), fresh=True)
            except SenetError as exc:
                outcomes[index] = rejected(command, exc)
                continue
            except STORE_OUTAGES:
                self._forget(staged, command.table_id)
                raise
            except Exception:  # a bug in this command's decision: only it fails
                outcomes[index] = self.failed(command)
                if any(str(t.id) == command.table_id for _, t, _ in staged):
                    # Its aggregate holds this batch's events and perhaps half of this
                    # decision's: the table's commands are decided again on their own.
                    tainted.add(command.table_id)
                    moved = [e for e in staged if str(e[1].id) == command.table_id]
                    staged = [e for e in staged if str(e[1].id) != command.table_id]
                    deferred |= {i: entry.digest for i, _, entry in moved}
                self.tables.evict(command.table_id)
                continue
            if decided.table is None:
                outcomes[index] = decided.outcome
            else:
                self.tables.remember(decided.table)  # the next command of this table sees it
                staged.append((index, decided.table, decided))
        if staged:
            try:
                saved = self.store.save(
                    *[event for _, _, decided in staged for event in decided.pending]
                )
            except STORE_OUTAGES:
                self._forget(staged)
                raise
            except Exception:
                self._forget(staged)
                deferred |= {i: entry.digest for i, _, entry in staged}
            else:
                stored_at = _positions(saved)
                for index, _, decided in staged:
                    last = id(decided.pending[-1])
                    outcomes[index] = _at(decided.outcome, stored_at.get(last, 0))
                self._snapshot_later([decided for _, _, decided in staged])
        for index in sorted(deferred):
            outcomes[index] = self.decide_and_store(batch[index], deferred[index])
        assert all(o is not None for o in outcomes)
        return [o for o in outcomes if o is not None]

    def _snapshot_later(self, saved: list[Staged]) -> None:
        """Keep the snapshots of the games these saved decisions ended, for `after` to save
        in the background (not on the way of the batch's answers)."""
        self._snapshots.extend(s.snapshot for s in saved if s.snapshot is not None)

    async def _save_snapshots(self) -> None:
        due = []
        while self._snapshots:  # filled by the committing thread: a deque, taken one by one
            due.append(self._snapshots.popleft())
        try:
            await self.store.call(save_snapshots, self.store, due)
        except Exception as exc:  # a snapshot is an optimisation: never fail for it
            log.warning("snapshot_failed", snapshots=len(due), error=repr(exc))

    def _forget(self, staged: list[tuple[int, Table, Staged]], *more: str) -> None:
        """Evict the tables of a batch whose events were not saved (and any named)."""
        for table_id in {str(table.id) for _, table, _ in staged} | set(more):
            self.tables.evict(table_id)

    def _decide(self, command: Command, digest: str, fresh: bool = False) -> Staged:
        """The outcome, and the table with its unsaved events (None: nothing to save).

        A rejection decided on a cached table is checked again against the store: after a
        shard hand-over another worker may have moved the table on (an acceptance needs no
        such check, since saving it would fail on the version).
        `fresh` (the batch path): a `CreateTable` of a table not cached opens it without
        reading the store, whose answer is almost always "no such table"; if it exists
        after all (a retried create, a repeated seed), saving its first event fails on the
        version, and the command is decided again alone, from the store.
        """
        cached = self.tables.holds(command.table_id)
        if fresh and not cached and isinstance(command.action, CreateTable):
            return self._decide_on(None, command, digest)
        table = self.tables.get(command.table_id)
        try:
            return self._decide_on(table, command, digest)
        except SenetError:
            if not cached or table is None or not self.tables.behind_store(table):
                raise
        self.tables.evict(command.table_id)
        return self._decide_on(self.tables.get(command.table_id), command, digest)

    def _decide_on(self, table: Table | None, command: Command, digest: str) -> Staged:
        if table is None:
            action = command.action
            store = self.tables.store
            if isinstance(action, OpenRematch):
                opened = commands.open_rematch(command, action, store, digest)
            elif isinstance(action, OpenMatch):
                opened = commands.open_match(command, action, store, digest)
            elif isinstance(action, CreateTable):
                opened = commands.open_table(command, action, digest)
            else:
                raise NotFound("no such table", code="unknown_table")
            return _staged(command, opened, digest, seat=0, store=self.store)
        known = table.accepted.get(command.command_id)
        if is_repeat(known.fingerprint if known else None, digest):
            assert known is not None
            repeat = outcome_of(
                command, table, seat=known.seat, version=known.last_version,
                events=list(known.names), replayed=True,
            )  # fmt: skip
            return Staged(repeat, None, [], digest)
        decision = commands.decide(table, command)
        commands.record(table, command, decision, digest)
        return _staged(command, table, digest, seat=decision.seat, store=self.store)


def default_worker_id() -> str:
    """host:pid, the name a worker gives itself in logs (`worker`)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _staged(
    command: Command, table: Table, digest: str, seat: int | None, store: EventStore
) -> Staged:
    """A decided command: its outcome, its table and the events to save (and the table's
    snapshot if they end the game: its seed revealed is a game's last event)."""
    pending = list(table.collect_events())
    names = [getattr(e, "name", "TableCreated") for e in pending]
    outcome = outcome_of(command, table, seat=seat, events=names, committed=_committed(pending))
    ended = finished_snapshot(store, table) if "SeedRevealed" in names else None
    return Staged(outcome, table, pending, digest, ended)


def _committed(pending: list[Any]) -> list[Committed]:
    """The stored events as the reply carries them (the gateway folds them at once; a
    table's opening, `TableCreated`, lets it cache the new table without reading it)."""
    return [
        Committed(
            version=event.originator_version,
            name=getattr(event, "name", "TableCreated"),
            time=event.timestamp.isoformat(),
            payload=_raw(event.payload),
            seat=getattr(event, "seat", None),
        )
        for event in pending
        if isinstance(event, Table.Recorded | Table.Created)
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


def _log_outcome(outcome: Outcome) -> None:
    if outcome.accepted:
        log.debug(  # per move: DEBUG (INFO is for what an operator needs)
            "command_accepted", version=outcome.version, replayed=outcome.replayed,
            seat=outcome.seat,
        )  # fmt: skip
    else:
        log.debug("command_rejected", code=outcome.error.code if outcome.error else "")
    metrics.count_command(outcome)
