"""The tournament worker: decides tournament commands and opens match tables, on the shard
consumers the table worker uses.

A message with the `x-senet-kind` header is ours (`routed` puts us in front of the table
worker's handler): a `TournamentCommand` for the shard of its tournament, or an
`OpenMatchTable` for the shard of the match table. Both are idempotent by command id: a
repeat is answered from the aggregate's memory of accepted commands and saves nothing, and a
match table's id is fixed by the pairing, so opening it again can only find it opened.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Callable
from typing import Any
from uuid import UUID

import msgspec
import structlog
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from shared.contracts.errors import BadRequest, InternalError, NotFound, SenetError, Unavailable
from shared.messaging.port import CommandHandler, Delivery
from shared.notify.timing import TableTiming
from shared.store import STORE_OUTAGES, EventStore
from shared.tables.aggregate import Table
from shared.tables.decide import is_repeat
from shared.tournaments import decide as decider
from shared.tournaments.actions import (
    KIND_HEADER,
    MATCH_TABLE_KIND,
    TOURNAMENT_KIND,
    CreateTournament,
    OpenMatchTable,
    TournamentCommand,
    TournamentOutcome,
)
from shared.tournaments.aggregate import Tournament
from shared.tournaments.tables import match_opening, match_seed, match_timing

log = structlog.get_logger("senet.tournament")
_encode = msgspec.json.Encoder()
_decode_command = msgspec.json.Decoder(TournamentCommand)
_decode_open = msgspec.json.Decoder(OpenMatchTable)
RETRIES = 3


def routed(tables: CommandHandler, tournaments: TournamentWorker) -> CommandHandler:
    """A shard handler: tournament messages to the tournament worker, the rest to `tables`."""

    async def handle(delivery: Delivery) -> bytes:
        if delivery.headers.get(KIND_HEADER) in (TOURNAMENT_KIND, MATCH_TABLE_KIND):
            return await tournaments.handle(delivery)
        return await tables(delivery)

    return handle


def fingerprint(command: TournamentCommand | OpenMatchTable) -> str:
    """A digest of what a command asks (its id and correlation id aside: a repeat comes in
    another request), to tell a repeat from a reused id."""
    if isinstance(command, TournamentCommand):
        command = msgspec.structs.replace(command, correlation_id="")
    body = _encode.encode(msgspec.structs.replace(command, command_id=""))
    return hashlib.sha256(body).hexdigest()[:32]


class TournamentWorker:
    """Decides the commands of the tournaments (and opens the match tables) of its shards."""

    def __init__(self, store: EventStore, on_saved: Callable[[], None] | None = None) -> None:
        self.store = store
        self.on_saved = on_saved
        self._lock = asyncio.Lock()  # tournament commands are rare: one at a time

    async def handle(self, delivery: Delivery) -> bytes:
        """Decide one delivery; the encoded outcome."""
        kind = delivery.headers.get(KIND_HEADER)
        try:
            command: Any = (_decode_open if kind == MATCH_TABLE_KIND else _decode_command).decode(
                delivery.body
            )
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _encode.encode(_rejected("", "", BadRequest(str(exc), code="bad_command")))
        with structlog.contextvars.bound_contextvars(
            tournament_id=command.tournament_id, command_id=command.command_id
        ):
            async with self._lock:
                try:
                    if isinstance(command, OpenMatchTable):
                        outcome = await asyncio.to_thread(self._open_table, command)
                    else:
                        outcome = await asyncio.to_thread(self._decide, command)
                except STORE_OUTAGES as exc:
                    log.warning("store_unavailable", error=repr(exc))
                    outage = Unavailable("the event store is unavailable", code="store_unavailable")
                    outcome = _rejected(command.command_id, command.tournament_id, outage)
            log.debug("tournament_command", accepted=outcome.accepted, events=outcome.events)
        if outcome.accepted and not outcome.replayed and self.on_saved is not None:
            self.on_saved()
        return _encode.encode(outcome)

    # ---- tournaments ------------------------------------------------------------------

    def _decide(self, command: TournamentCommand) -> TournamentOutcome:
        for _ in range(RETRIES):
            try:
                return self._decide_once(command)
            except IntegrityError:  # another writer got there first: re-read, re-decide
                continue
            except SenetError as exc:
                return _rejected(command.command_id, command.tournament_id, exc)
            except STORE_OUTAGES:
                raise
            except Exception:
                log.exception("tournament_command_failed")
                return _rejected(
                    command.command_id, command.tournament_id, InternalError("internal error")
                )
        return _rejected(command.command_id, command.tournament_id,
                         SenetError("tournament is busy, retry", code="busy"))  # fmt: skip

    def _decide_once(self, command: TournamentCommand) -> TournamentOutcome:
        tournament_id = _uuid(command.tournament_id)
        digest = fingerprint(command)
        tournament = self._get(tournament_id)
        if tournament is None:
            if not isinstance(command.action, CreateTournament):
                raise NotFound("no such tournament", code="unknown_tournament")
            seed = command.action.seed or secrets.token_bytes(32).hex()
            created = decider.new_tournament(command.player_id, command.action, seed)
            tournament = Tournament.open(tournament_id, created, command.command_id, digest)
        else:
            known = tournament.accepted.get(command.command_id)
            if is_repeat(known.fingerprint if known else None, digest):
                assert known is not None
                return _outcome(command, tournament, list(known.names), replayed=True)
            events = decider.decide(tournament.tournament, command.player_id, command.action)
            tournament.record(events, command_id=command.command_id, fingerprint=digest)
        pending = list(tournament.collect_events())
        if pending:
            self.store.save(*pending)
        names = [getattr(e, "name", "TournamentCreated") for e in pending]
        return _outcome(command, tournament, names)

    def _get(self, tournament_id: UUID) -> Tournament | None:
        """The tournament as stored (read for every command: tournaments take few, and a
        shard handed over to another worker leaves nothing stale behind)."""
        found = self._load(tournament_id)
        if found is not None and not isinstance(found, Tournament):
            raise NotFound("no such tournament", code="unknown_tournament")
        return found

    # ---- match tables ---------------------------------------------------------------------

    def _open_table(self, command: OpenMatchTable) -> TournamentOutcome:
        """Open a match table: everyone seated, the game started, with a new secret seed. A
        table that exists is answered as opened if this command opened it."""
        table_id = _uuid(command.table_id)
        digest = fingerprint(command)
        existing = self._load(table_id)
        if existing is not None:
            known = existing.accepted.get(command.command_id)
            if not isinstance(existing, Table) or known is None or known.fingerprint != digest:
                exists = SenetError("table already exists", code="table_exists")
                return _rejected(command.command_id, command.tournament_id, exists)
            return _opened(command, known.last_version, [], replayed=True)
        tournament = self._load(_uuid(command.tournament_id))
        if not isinstance(tournament, Tournament):
            missing = NotFound("no such tournament", code="unknown_tournament")
            return _rejected(command.command_id, command.tournament_id, missing)
        try:
            created = tournament.tournament.created
            seed = match_seed(created, str(table_id)) or secrets.token_bytes(32).hex()
            events = match_opening(tournament.tournament, str(table_id), seed)
        except SenetError as exc:
            return _rejected(command.command_id, command.tournament_id, exc)
        table = Table.open(table_id, events[0], command.command_id, digest)
        table.record(events[1:], command_id=command.command_id, fingerprint=digest, seat=0)
        saved: list[Any] = [table]
        timing = match_timing(tournament.tournament.created)
        if timing is not None:  # the tournament's deadline and policy, saved with the table
            saved.append(TableTiming(table_id=str(table_id), timing=msgspec.to_builtins(timing)))
        try:
            self.store.save(*saved)
        except IntegrityError:
            return self._open_table(command)  # opened meanwhile: answer as a repeat
        return _opened(command, table.version, [type(e).__name__ for e in events])

    def _load(self, aggregate_id: UUID) -> Any:
        """An aggregate from the store, or None."""
        try:
            return self.store.repository.get(aggregate_id)
        except AggregateNotFoundError:
            return None


def _opened(
    command: OpenMatchTable, version: int, events: list[str], replayed: bool = False
) -> TournamentOutcome:
    return TournamentOutcome(
        command_id=command.command_id, tournament_id=command.tournament_id, accepted=True,
        version=version, events=events, replayed=replayed,
    )  # fmt: skip


def _uuid(value: str) -> UUID:
    try:
        return UUID(value)
    except ValueError as exc:
        raise BadRequest("an id must be a UUID", code="bad_id") from exc


def _outcome(
    command: TournamentCommand, tournament: Tournament, events: list[str], replayed: bool = False
) -> TournamentOutcome:
    return TournamentOutcome(
        command_id=command.command_id, tournament_id=command.tournament_id, accepted=True,
        version=tournament.tournament.version, events=events, replayed=replayed,
        status=tournament.tournament.status,
    )  # fmt: skip


def _rejected(command_id: str, tournament_id: str, exc: SenetError) -> TournamentOutcome:
    return TournamentOutcome(
        command_id=command_id, tournament_id=tournament_id, accepted=False, error=exc.to_body()
    )
