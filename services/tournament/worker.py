"""The tournament worker: decides tournament commands on the shard consumers the table
worker uses.

A message with the `x-senet-kind: tournament` header is a `TournamentCommand` for the shard
of its tournament (`routed` puts us in front of the table worker's handler). It is
idempotent by command id: a repeat is answered from the aggregate's memory of accepted
commands and saves nothing. The skeleton (decode, store outages, retries on a concurrent
write, the answer) is the table worker's (`services.table.handler`). Match tables are no
business of ours: the tournament manager sends `OpenMatch` to the table's shard, and the
table worker opens it, the one writer of tables.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any
from uuid import UUID

import msgspec
import structlog
from eventsourcing.application import AggregateNotFoundError

from services.table.handler import ShardHandler
from shared.contracts.errors import BadRequest, NotFound, SenetError
from shared.messaging.port import CommandHandler, Delivery
from shared.store import EventStore
from shared.tables.decide import fingerprint, is_repeat
from shared.tournaments import decide as decider
from shared.tournaments.actions import (
    KIND_HEADER,
    TOURNAMENT_KIND,
    CreateTournament,
    TournamentCommand,
    TournamentOutcome,
)
from shared.tournaments.aggregate import Tournament

log = structlog.get_logger("senet.tournament")


def routed(tables: CommandHandler, tournaments: TournamentWorker) -> CommandHandler:
    """A shard handler: tournament messages to the tournament worker, the rest to `tables`."""

    async def handle(delivery: Delivery) -> bytes:
        if delivery.headers.get(KIND_HEADER) == TOURNAMENT_KIND:
            return await tournaments.handle(delivery)
        return await tables(delivery)

    return handle


class TournamentWorker(ShardHandler[TournamentCommand, TournamentOutcome]):
    """Decides the commands of the tournaments of its shards."""

    decoder = msgspec.json.Decoder(TournamentCommand)

    def __init__(self, store: EventStore, on_saved: Callable[[], None] | None = None) -> None:
        self.store = store
        self.on_saved = on_saved
        self._lock = asyncio.Lock()  # tournament commands are rare: one at a time

    def context(self, command: TournamentCommand) -> dict[str, Any]:
        return {"tournament_id": command.tournament_id, "command_id": command.command_id}

    async def decided(self, command: TournamentCommand) -> TournamentOutcome:
        async with self._lock:
            outcome = await asyncio.to_thread(self.stored, command, lambda: self._once(command))
        log.debug("tournament_command", accepted=outcome.accepted, events=outcome.events)
        return outcome

    def refused(self, command: TournamentCommand | None, error: SenetError) -> TournamentOutcome:
        return TournamentOutcome(
            command_id=command.command_id if command else "",
            tournament_id=command.tournament_id if command else "",
            accepted=False, error=error.to_body(),
        )  # fmt: skip

    def _once(self, command: TournamentCommand) -> TournamentOutcome:
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
        try:
            found: object = self.store.repository.get(tournament_id)
        except AggregateNotFoundError:
            return None
        if not isinstance(found, Tournament):
            raise NotFound("no such tournament", code="unknown_tournament")
        return found


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
