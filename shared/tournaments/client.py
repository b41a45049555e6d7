"""Sending tournament commands (and match-table openings) to their shard over the broker.

A tournament's commands go to the shard of its id, like a table's, on the same shard
queues: the `x-senet-kind` header tells the shard's consumer it is not a table command. The
gateway and the process manager both send through here.
"""

from __future__ import annotations

import uuid

import msgspec

from shared.contracts.errors import SenetError
from shared.messaging.port import Broker
from shared.messaging.routing import shard_of
from shared.tournaments.actions import (
    KIND_HEADER,
    MATCH_OPENING,
    MATCH_TABLE_KIND,
    TOURNAMENT_KIND,
    OpenMatchTable,
    TournamentAction,
    TournamentCommand,
    TournamentOutcome,
)

_encode = msgspec.json.Encoder()
_decode_outcome = msgspec.json.Decoder(TournamentOutcome)


async def send(
    broker: Broker,
    *,
    tournament_id: str,
    player_id: str,
    action: TournamentAction,
    timeout: float,
    command_id: str | None = None,
    correlation_id: str = "",
) -> TournamentOutcome:
    """Send a command to the tournament's shard; the accepted outcome, or raise its error."""
    command = TournamentCommand(
        command_id=command_id or uuid.uuid4().hex, tournament_id=tournament_id,
        player_id=player_id, action=action, correlation_id=correlation_id,
    )  # fmt: skip
    shard = shard_of(tournament_id, broker.topology.shards)
    reply = await broker.request(
        shard, _encode.encode(command), timeout=timeout, headers={KIND_HEADER: TOURNAMENT_KIND}
    )
    return _accepted(_decode_outcome.decode(reply))


async def open_match_table(
    broker: Broker, *, tournament_id: str, table_id: str, timeout: float
) -> TournamentOutcome:
    """Ask the match table's shard to open it (idempotent: one command id per table)."""
    command = OpenMatchTable(
        command_id=f"{MATCH_OPENING}{table_id}", tournament_id=tournament_id, table_id=table_id
    )
    shard = shard_of(table_id, broker.topology.shards)
    reply = await broker.request(
        shard, _encode.encode(command), timeout=timeout, headers={KIND_HEADER: MATCH_TABLE_KIND}
    )
    return _accepted(_decode_outcome.decode(reply))


def _accepted(outcome: TournamentOutcome) -> TournamentOutcome:
    if not outcome.accepted:
        assert outcome.error is not None
        raise SenetError.from_body(outcome.error)
    return outcome
