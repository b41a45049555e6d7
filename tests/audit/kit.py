"""Helpers for audit tests: tables played by random bots through the table worker's logic."""

from __future__ import annotations

import hashlib
import random
import secrets
import uuid
from typing import Any
from uuid import UUID

import msgspec

from services.table.worker import TableWorker
from shared.audit.export import export_table
from shared.audit.record import GameRecord
from shared.contracts.envelopes import Command, CreateTable, JoinTable, PlayMove, StartTable
from shared.games.registry import get_game
from shared.store import EventStore
from shared.tables.aggregate import Table
from shared.tables.events import SeatTaken, TableCreated
from shared.tables.state import TableState

SEATS = {"ra": 3, "egizia": 3, "sobek": 2}


class Driver:
    """Sends commands to a table worker that saves into a store (no broker needed)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.worker = TableWorker(store, None)  # type: ignore[arg-type]

    def send(self, table_id: str, player: str, action: Any) -> None:
        """Decide one command and save its events; fails on a refusal."""
        command_id = uuid.uuid4().hex
        command = Command(
            command_id=command_id, table_id=table_id, player_id=player, action=action,
            correlation_id=f"corr-{command_id[:8]}",
        )  # fmt: skip
        outcome = self.worker.decide_and_store(command)
        assert outcome.accepted, outcome.error

    def refused(self, table_id: str, player: str, action: Any) -> str:
        """Decide one command that must be refused; its error code (nothing is stored)."""
        command = Command(
            command_id=uuid.uuid4().hex, table_id=table_id, player_id=player, action=action
        )
        outcome = self.worker.decide_and_store(command)
        assert not outcome.accepted and outcome.error is not None
        return outcome.error.code

    def start_table(self, table_id: str, game: str, players: list[str], **table: Any) -> None:
        """Open a table (`table`: more of CreateTable, e.g. takebacks), seat every player in
        order and start the game."""
        create = CreateTable(game=game, seats=len(players), player_name="P0", **table)
        self.send(table_id, players[0], create)
        for index, player in enumerate(players[1:], 1):
            self.send(table_id, player, JoinTable(player_name=f"P{index}"))
        self.send(table_id, players[0], StartTable())

    def state(self, table_id: str) -> TableState:
        """The table's current state as the worker holds it."""
        table = self.worker.tables.get(table_id)
        assert table is not None
        return table.table


def open_forged_table(
    store: EventStore,
    table_id: str,
    game: str,
    seats: int,
    creator: str,
    *,
    rules_version: int | None = None,
    honest: bool = False,
) -> None:
    """Save a new table whose published commitment is not that of its seed.

    That is what a cheating table service would write: it could pick the seed after the
    players saw the commitment. With `honest` the commitment is right (a table opened under
    an older `rules_version`, as one opened before a rules change would be).
    """
    seed = secrets.token_bytes(32)
    committed = seed if honest else secrets.token_bytes(32)
    created = TableCreated(
        game=game,
        seats=seats,
        options=msgspec.to_builtins(get_game(game).convert_options({})),
        rules_version=rules_version or get_game(game).rules_version,
        creator=creator,
        commitment=hashlib.sha256(table_id.encode() + committed).hexdigest(),
        seed=seed.hex(),
    )
    command_id = uuid.uuid4().hex
    table = Table.open(UUID(table_id), created, command_id, "forged")
    seat = SeatTaken(seat=0, player_id=creator, player_name="P0")
    table.record([seat], command_id=command_id, fingerprint="forged", seat=0)
    store.save(table)


def play_table(
    store: EventStore,
    game: str,
    seed: int,
    seats: int | None = None,
    *,
    forged: bool = False,
    rules_version: int | None = None,
) -> str:
    """A full random game at a new table (with a forged commitment if asked, or opened under
    an older rules version); returns its id."""
    bots = random.Random(f"{game}-{seed}")
    seats = seats or SEATS.get(game, 2)
    driver = Driver(store)
    table_id = str(uuid.UUID(int=bots.getrandbits(128)))
    players = [f"player-{seed}-{i}" for i in range(seats)]
    if forged or rules_version is not None:
        open_forged_table(store, table_id, game, seats, players[0],
                          rules_version=rules_version, honest=not forged)  # fmt: skip
        for index, player in enumerate(players[1:], 1):
            driver.send(table_id, player, JoinTable(player_name=f"P{index}"))
        driver.send(table_id, players[0], StartTable())
    else:
        driver.start_table(table_id, game, players)
    state = driver.state(table_id)
    spec = state.spec
    while spec.result(state.game_state) is None:
        seat = bots.choice(list(spec.to_act(state.game_state)))
        move = bots.choice(list(spec.legal_moves(state.game_state, seat)))
        raw = msgspec.Raw(msgspec.json.encode(move))
        driver.send(table_id, players[seat], PlayMove(move=raw))
        state = driver.state(table_id)
    return table_id


def record(store: EventStore, game: str, seed: int, rules_version: int | None = None) -> GameRecord:
    """The exported record of a freshly played game (at a table of that rules version)."""
    return export_table(store, play_table(store, game, seed, rules_version=rules_version))


def as_builtins(rec: GameRecord) -> dict[str, Any]:
    """A record as JSON builtins, to tamper with."""
    return msgspec.json.decode(msgspec.json.encode(rec))


def from_builtins(data: dict[str, Any]) -> GameRecord:
    """A record back from (tampered) builtins."""
    return msgspec.convert(data, type=GameRecord)


def table_uuid(table_id: str) -> UUID:
    """The UUID of a table id."""
    return UUID(table_id)
