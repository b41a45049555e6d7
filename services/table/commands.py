"""A command applied to the `Table` aggregate: the table decider's events, recorded.

The rules themselves are `shared.tables.decide` (the audit re-decider calls them too);
this module only opens the aggregate of a new table and records what a decision caused.
"""

from __future__ import annotations

import secrets
from uuid import UUID, uuid4

import msgspec
from eventsourcing.application import AggregateNotFoundError

from shared.contracts.envelopes import Command, CreateTable, OpenMatch, OpenRematch, Rematch
from shared.contracts.errors import BadRequest, Forbidden, NotFound
from shared.observability.metrics import DECIDE_SECONDS
from shared.store import EventStore
from shared.tables import decide as decider
from shared.tables.aggregate import Table
from shared.tables.decide import Decision, fingerprint
from shared.tables.reader import load_state
from shared.tournaments.actions import MANAGER
from shared.tournaments.aggregate import Tournament
from shared.tournaments.tables import match_opening, match_seed

__all__ = [
    "Decision",
    "decide",
    "fingerprint",
    "open_match",
    "open_rematch",
    "open_table",
    "record",
]


@DECIDE_SECONDS.time()
def open_table(command: Command, action: CreateTable, digest: str) -> Table:
    """A new table for a CreateTable command, the creator seated; raises on bad input."""
    table_id = table_uuid(command.table_id)
    seed = action.seed or secrets.token_bytes(32).hex()
    created = decider.new_table(str(table_id), command.player_id, action, seed)
    decision = decider.opening(created, action.player_name)
    table = Table.open(table_id, created, command.command_id, digest, command.correlation_id)
    record(table, command, Decision(events=decision.events[1:], seat=decision.seat), digest)
    return table


@DECIDE_SECONDS.time()
def open_rematch(command: Command, action: OpenRematch, store: EventStore, digest: str) -> Table:
    """The agreed rematch of a finished table, everyone seated and the game started, with a
    new secret seed; refused unless that table agreed on this one and the caller plays it."""
    table_id = table_uuid(command.table_id)
    old = load_state(store, action.from_table)
    if old is None:
        raise NotFound("no such table", code="unknown_table")
    if old.state.rematch_table != str(table_id):
        raise NotFound("that table agreed on no rematch here", code="no_rematch_agreed")
    if command.player_id not in old.state.rematch_players:
        raise Forbidden("you do not play the rematch", code="not_seated")
    seed = secrets.token_bytes(32).hex()
    opened = decider.rematch_created(old.state, seed)
    players = list(old.state.rematch_players)
    names = list(old.state.rematch_names)
    decision = decider.rematch_opening(str(table_id), opened, players, names)
    table = Table.open(table_id, opened, command.command_id, digest, command.correlation_id)
    record(table, command, Decision(events=decision.events[1:], seat=0), digest)
    return table


@DECIDE_SECONDS.time()
def open_match(command: Command, action: OpenMatch, store: EventStore, digest: str) -> Table:
    """A tournament's match table as its pairing says, with a new secret seed (derived from
    the tournament's when self-play chose it: `match_seed`) and the tournament's timing;
    refused unless the tournament manager asks it and the tournament paired a match at this
    table."""
    table_id = table_uuid(command.table_id)
    if command.player_id != MANAGER:
        raise Forbidden("only the tournament manager opens match tables", code="not_manager")
    try:
        tournament: object = store.repository.get(table_uuid(action.tournament))
    except AggregateNotFoundError:
        tournament = None
    if not isinstance(tournament, Tournament):
        raise NotFound("no such tournament", code="unknown_tournament")
    created = tournament.tournament.created
    seed = match_seed(created, str(table_id)) or secrets.token_bytes(32).hex()
    events = match_opening(tournament.tournament, str(table_id), seed)
    table = Table.open(table_id, events[0], command.command_id, digest, command.correlation_id)
    record(table, command, Decision(events=events[1:], seat=0), digest)
    return table


@DECIDE_SECONDS.time()
def decide(table: Table, command: Command) -> Decision:
    """What a command causes at an existing table (not yet recorded). A rematch answer gets
    a random id for the table it may agree on (the command's fingerprint stays the
    client's, so a repeat is still a repeat)."""
    action = command.action
    if isinstance(action, Rematch):
        action = msgspec.structs.replace(action, new_table=str(uuid4()))
    return decider.decide(
        table.table, command.player_id, action, expected_version=command.expected_version
    )


def record(table: Table, command: Command, decision: Decision, digest: str) -> None:
    """Record a decision's events on the aggregate, attributed to the command (`digest`:
    its fingerprint, computed once by the worker)."""
    table.record(
        decision.events, command_id=command.command_id, fingerprint=digest,
        seat=decision.seat, move=decision.move, correlation_id=command.correlation_id,
        state_after=decision.state,
    )  # fmt: skip


def table_uuid(table_id: str) -> UUID:
    """The table id as a UUID; 400 `bad_table_id` otherwise."""
    try:
        return UUID(table_id)
    except ValueError as exc:
        raise BadRequest("table id must be a UUID", code="bad_table_id") from exc
