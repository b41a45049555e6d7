"""Building commands and driving tables through a table worker, without a broker: the
envelopes as the gateway sends them, a started two-seat table, random legal moves."""

from __future__ import annotations

import random
import uuid

import msgspec

from services.table.worker import TableWorker
from shared.contracts.envelopes import (
    Command,
    CreateTable,
    JoinTable,
    Outcome,
    PlayMove,
    StartTable,
)


def new_command(
    table_id: str, player: str, action: object, cid: str | None = None, corr: str = ""
) -> Command:
    """A command envelope as the gateway would send it."""
    return Command(
        command_id=cid or uuid.uuid4().hex, table_id=table_id, player_id=player,
        action=action, correlation_id=corr,  # type: ignore[arg-type]
    )  # fmt: skip


def started_table(worker: TableWorker, table_id: str) -> None:
    """Create, join and start a two-seat Ra table through the worker (no broker)."""
    for outcome in [
        worker.decide_and_store(
            new_command(table_id, "p0", CreateTable(game="ra", seats=2, player_name="zero"))
        ),
        worker.decide_and_store(new_command(table_id, "p1", JoinTable(player_name="one"))),
        worker.decide_and_store(new_command(table_id, "p0", StartTable())),
    ]:
        assert outcome.accepted, outcome


def play_some(worker: TableWorker, table_id: str, count: int, seed: int = 4) -> list[Outcome]:
    """`count` random legal moves through the worker; their outcomes."""
    rng = random.Random(seed)
    outcomes = []
    for _ in range(count):
        table = worker.tables.get(table_id)
        assert table is not None
        state = table.table
        seat = state.spec.to_act(state.game_state)[0]
        move = rng.choice(list(state.spec.legal_moves(state.game_state, seat)))
        action = PlayMove(move=msgspec.Raw(msgspec.json.encode(move)))
        outcome = worker.decide_and_store(new_command(table_id, f"p{seat}", action))
        assert outcome.accepted, outcome
        outcomes.append(outcome)
    return outcomes
