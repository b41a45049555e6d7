"""A tournament's match tables are opened by the table worker, the one writer of tables
(`OpenMatch`): a repeated opening answers the same table, nobody else may open one, and
every event of a match table, from its opening to its end, is a command the table worker
decided."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.contracts.envelopes import Command, OpenMatch, Outcome
from shared.tables.client import TableClient
from shared.tournaments.actions import MANAGER, MATCH_OPENING
from tests.platform import embedded_config
from tests.tournamenthttp import ok, play, round_opened, signed_up


@pytest.fixture
async def platform() -> AsyncIterator[Platform]:
    """The embedded platform (memory store and broker)."""
    running = Platform(embedded_config())
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
async def client(platform: Platform, aiohttp_client: Any) -> TestClient:
    """An HTTP client of its gateway."""
    assert platform.app is not None
    return await aiohttp_client(platform.app)


def _opening(
    table_id: str, tournament_id: str, *, by: str = MANAGER, command_id: str = ""
) -> Command:
    return Command(
        command_id=command_id or f"{MATCH_OPENING}{table_id}", table_id=table_id, player_id=by,
        action=OpenMatch(tournament=tournament_id),
    )  # fmt: skip


async def _first_match(client: TestClient, players: int = 2) -> tuple[str, str, list[Any]]:
    tid, entrants = await signed_up(client, players, fmt="swiss")
    await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                headers=entrants[0].auth))  # fmt: skip
    view = await round_opened(client, tid, 1)
    return tid, view["rounds"][0]["matches"][0]["table_id"], entrants


async def test_a_repeated_match_opening_answers_the_same_table_and_changes_nothing(
    platform: Platform, client: TestClient
) -> None:
    tid, table_id, _ = await _first_match(client)
    tables = TableClient(platform.broker)
    before = list(platform.store.events.get(uuid.UUID(table_id)))
    again = await tables.send(_opening(table_id, tid))
    assert again.accepted and again.replayed
    assert again.version == len(before)  # the table as the first opening left it
    assert len(list(platform.store.events.get(uuid.UUID(table_id)))) == len(before)
    other = await tables.send(_opening(table_id, tid, command_id=uuid.uuid4().hex))
    assert _code(other) == "table_exists"


async def test_only_the_manager_opens_a_match_table_and_only_one_the_pairing_names(
    platform: Platform, client: TestClient
) -> None:
    tid, _, entrants = await _first_match(client)
    tables = TableClient(platform.broker)
    unpaired = str(uuid.uuid4())
    assert _code(await tables.send(_opening(unpaired, tid, by=entrants[0].player_id))) == (
        "not_manager"
    )
    assert _code(await tables.send(_opening(unpaired, tid))) == "unknown_match"
    assert _code(await tables.send(_opening(unpaired, str(uuid.uuid4())))) == "unknown_tournament"
    assert list(platform.store.events.get(uuid.UUID(unpaired))) == []


async def test_every_event_of_a_match_table_is_a_command_the_table_worker_decided(
    platform: Platform, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = platform.worker
    assert worker is not None
    decided: set[str] = set()
    after = worker.after

    def seen(command: Command, outcome: Outcome) -> None:
        if outcome.accepted:
            decided.add(command.command_id)
        after(command, outcome)

    monkeypatch.setattr(worker, "after", seen)
    _, table_id, entrants = await _first_match(client)
    await play(client, table_id, {p.player_id: p for p in entrants}, 1)
    events = await asyncio.to_thread(lambda: list(platform.store.events.get(uuid.UUID(table_id))))
    assert {e.command_id for e in events} <= decided
    assert events[0].command_id == f"{MATCH_OPENING}{table_id}"
    assert len({e.command_id for e in events}) > 1  # the moves too


def _code(outcome: Outcome) -> str:
    assert not outcome.accepted and outcome.error is not None
    return outcome.error.code


async def test_a_match_table_offers_no_rematch_and_stays_as_it_was(client: TestClient) -> None:
    tid, table_id, entrants = await _first_match(client)
    await play(client, table_id, {p.player_id: p for p in entrants}, 2)
    player = entrants[0]
    before = await ok(await client.get(f"/api/tables/{table_id}/view", headers=player.auth))
    assert before["table"]["status"] == "over" and before["table"]["tournament"] == tid
    response = await client.post(
        f"/api/tables/{table_id}/rematch", json={"accept": True}, headers=player.auth
    )
    assert response.status == 409
    assert (await response.json())["code"] == "tournament_match"
    after = await ok(await client.get(f"/api/tables/{table_id}/view", headers=player.auth))
    assert after["table"]["version"] == before["table"]["version"]
