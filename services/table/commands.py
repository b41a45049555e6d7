"""Deciding a command against a table: lobby rules, turn and version checks, the game's rules."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any
from uuid import UUID

import msgspec

from shared.audit.decisions import MAX_SEAT_NAME, join_events, play_events, seat_name, start_events
from shared.contracts.envelopes import (
    Command,
    CreateTable,
    JoinTable,
    PlayMove,
    StartTable,
    TimeOutTurn,
)
from shared.contracts.errors import (
    BadRequest,
    Conflict,
    Forbidden,
    StaleVersion,
)
from shared.games.registry import get_game
from shared.observability.metrics import DECIDE_SECONDS
from shared.tables.aggregate import Table
from shared.tables.events import SeatTaken, TableCreated
from shared.tables.state import TableState
from shared.tables.timeouts import timeout_events

__all__ = ["MAX_SEAT_NAME", "commitment_of", "decide", "fingerprint", "open_table"]


def fingerprint(command: Command) -> str:
    """A digest of what the command asks, to tell a repeat from a reused id."""
    body = msgspec.json.encode([command.player_id, command.action])
    return hashlib.sha256(body).hexdigest()[:32]


def commitment_of(table_id: str, seed_hex: str) -> str:
    """The public commitment to a table's secret seed: SHA-256 over table id and seed."""
    return hashlib.sha256(table_id.encode() + bytes.fromhex(seed_hex)).hexdigest()


@DECIDE_SECONDS.time()
def open_table(command: Command, action: CreateTable) -> Table:
    """A new table for a CreateTable command, the creator seated; raises on bad input."""
    game = get_game(action.game)
    if not game.min_players <= action.seats <= game.max_players:
        raise BadRequest(
            f"{game.title} is for {game.min_players}-{game.max_players} players",
            code="bad_seat_count",
        )
    try:
        options = game.convert_options(msgspec.json.decode(action.options))
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"bad options: {exc}", code="bad_options") from exc
    table_id = _table_uuid(command.table_id)
    seed = secrets.token_bytes(32).hex()
    created = TableCreated(
        game=game.name,
        seats=action.seats,
        options=msgspec.to_builtins(options),
        rules_version=game.rules_version,
        creator=command.player_id,
        commitment=commitment_of(str(table_id), seed),
        seed=seed,
    )
    digest = fingerprint(command)
    table = Table.open(table_id, created, command.command_id, digest, command.correlation_id)
    seat = SeatTaken(seat=0, player_id=command.player_id, player_name=_name(action.player_name))
    table.record(
        [seat], command_id=command.command_id, fingerprint=digest, seat=0,
        correlation_id=command.correlation_id,
    )  # fmt: skip
    return table


@DECIDE_SECONDS.time()
def decide(table: Table, command: Command) -> tuple[list[Any], int | None, dict[str, Any] | None]:
    """The events a command causes at an existing table, its seat and its move."""
    state = table.table
    if command.expected_version is not None and command.expected_version != state.version:
        raise StaleVersion(
            f"table is at version {state.version}, not {command.expected_version}",
            details={"version": str(state.version)},
        )
    action = command.action
    if isinstance(action, CreateTable):
        raise Conflict("table already exists", code="table_exists")
    if isinstance(action, JoinTable):
        return _join(state, command.player_id, action), state.free_seat(), None
    if isinstance(action, TimeOutTurn):
        # Sent by the notify service only (the gateway has no route that makes one).
        events, move = timeout_events(state, action.seat, action.policy, action.turn)
        return events, action.seat, move
    seat = state.seat_of(command.player_id)
    if seat is None:
        raise Forbidden("you have no seat at this table", code="not_seated")
    if isinstance(action, StartTable):
        return _start(state), seat, None
    assert isinstance(action, PlayMove)
    events, move = _play(state, seat, action)
    return events, seat, move


def _join(state: TableState, player_id: str, action: JoinTable) -> list[Any]:
    return join_events(state, player_id, action.player_name)


def _start(state: TableState) -> list[Any]:
    return start_events(state)


def _play(state: TableState, seat: int, action: PlayMove) -> tuple[list[Any], dict[str, Any]]:
    events, move = play_events(state, seat, action.move)
    return events, msgspec.to_builtins(move)


def _name(name: str) -> str:
    return seat_name(name)


def _table_uuid(table_id: str) -> UUID:
    try:
        return UUID(table_id)
    except ValueError as exc:
        raise BadRequest("table id must be a UUID", code="bad_table_id") from exc
