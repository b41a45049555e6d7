"""Every sender of shard commands goes through the one `TableClient`: with no table service
to answer, the gateway's table and tournament routes, the open-table sweep, notify's
deadlines and the tournament manager all meet the same `broker_timeout` (503, retryable),
and a reply that is no outcome is `bad_reply`, never an exception."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import GatewaySettings
from services.notify.timers import Timers
from services.table.sweeper import OpenTableSweeper
from services.tournament.manager import TournamentManager
from shared.contracts.envelopes import Command, CreateTable
from shared.contracts.errors import Unavailable
from shared.messaging.port import Delivery
from shared.tables.client import TableClient
from shared.tournaments.actions import (
    KIND_HEADER,
    MANAGER,
    TOURNAMENT_KIND,
    StartTournament,
    TournamentCommand,
)
from tests.platform import embedded_config, register

TIMEOUT = 0.5  # seconds: nobody answers, so every send takes this long


@pytest.fixture
async def stalled(aiohttp_client: Any) -> AsyncIterator[tuple[Platform, TestClient]]:
    """A gateway without a table service: no command is ever answered."""
    config = embedded_config()
    config.gateway = GatewaySettings(command_timeout=TIMEOUT)
    config.roles = frozenset({"gateway"})
    platform = Platform(config)
    await platform.start()
    assert platform.app is not None
    try:
        yield platform, await aiohttp_client(platform.app)
    finally:
        await platform.stop()


async def _error(response: Any) -> tuple[int, str]:
    return response.status, (await response.json())["code"]


async def test_no_reply_is_broker_timeout_for_every_sender(
    stalled: tuple[Platform, TestClient],
) -> None:
    platform, client = stalled
    ann = await register(client, "ann")
    table = {"game": "ra", "seats": 2}
    assert await _error(await client.post("/api/tables", json=table, headers=ann.auth)) == (
        503, "broker_timeout",
    )  # fmt: skip
    tournament = {"name": "cup", "format": "swiss", "game": "cantstop"}
    assert await _error(
        await client.post("/api/tournaments", json=tournament, headers=ann.auth)
    ) == (503, "broker_timeout")

    assert platform.readmodels is not None  # the gateway's lists started them
    db = platform.readmodels.db
    sweeper = OpenTableSweeper(db, platform.broker, ttl=3600)
    sweeper.tables.timeout = TIMEOUT
    idle = str(uuid.uuid4())
    two_hours_ago = (datetime.now(UTC) - timedelta(hours=2)).isoformat()
    with db.transaction() as cur:  # an open table the read model shows idle for two hours
        cur.execute(
            "INSERT INTO rm_tables (table_id, created_pos, game, status, version, created_at,"
            " updated_at, body) VALUES (?, 0, 'ra', 'open', 1, ?, ?, '{}')",
            (idle, two_hours_ago, two_hours_ago),
        )
    assert await sweeper.sweep() == 0  # not expired, and no error: the client answered
    assert await sweeper.sweep() == 0  # the table is still open: swept again next round

    timers = Timers(None, None, platform.broker, None, None, None)  # type: ignore[arg-type]
    timers.tables.timeout = TIMEOUT  # type: ignore[union-attr]
    await timers._time_out(idle, 0, 3, "bot", 3)  # not sent: tried again on a later tick
    assert timers.timed_out == []

    manager = TournamentManager(platform.store, platform.broker, None, timeout=TIMEOUT)  # type: ignore[arg-type]
    start = TournamentCommand(
        command_id="c", tournament_id=str(uuid.uuid4()), player_id=MANAGER,
        action=StartTournament(),
    )  # fmt: skip
    with pytest.raises(Unavailable) as raised:  # the manager's batch is tried again
        await manager._effect(start, "started")
    assert raised.value.code == "broker_timeout"


async def test_a_reply_that_is_no_outcome_is_bad_reply(
    stalled: tuple[Platform, TestClient],
) -> None:
    platform, _ = stalled

    async def garbage(delivery: Delivery) -> bytes:
        return b"not an outcome"

    for shard in range(platform.broker.topology.shards):
        await platform.broker.serve_shard(shard, garbage)
    tables = TableClient(platform.broker, timeout=5)
    create = CreateTable(game="ra", seats=2, player_name="A")
    command = Command(command_id="x", table_id=str(uuid.uuid4()), player_id="p", action=create)
    outcome = await tables.send(command)
    assert not outcome.accepted and outcome.error is not None
    assert (outcome.error.code, outcome.error.status) == ("bad_reply", 500)
    cup = TournamentCommand(
        command_id="y", tournament_id=str(uuid.uuid4()), player_id="p", action=StartTournament()
    )
    answer = await tables.send(cup)
    assert not answer.accepted and answer.error is not None
    assert answer.error.code == "bad_reply"


async def test_table_and_tournament_workers_answer_a_body_that_is_no_command_alike() -> None:
    """One handler skeleton: the same refusal from the table and the tournament worker."""
    platform = Platform(embedded_config())
    await platform.start()
    try:
        answers = [
            msgspec.json.decode(await platform.broker.request(0, b"{}", timeout=10, headers=h))
            for h in ({}, {KIND_HEADER: TOURNAMENT_KIND})
        ]
    finally:
        await platform.stop()
    assert [(a["accepted"], a["error"]["code"]) for a in answers] == [
        (False, "bad_command"),
        (False, "bad_command"),
    ]
