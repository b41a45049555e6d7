"""A tournament's record verifies offline; a tampered result is named with its table, a
tampered pairing with its event."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest

from services.cli.platform import Platform
from shared.tournaments.record import (
    TournamentEventRecord,
    TournamentRecord,
    decode_tournament_record,
    export_tournament,
    is_tournament_record,
    verify_tournament,
)
from tests.platform import embedded_config
from tests.tournamenthttp import ok, play, round_opened, signed_up


@pytest.fixture(scope="module")
def record() -> TournamentRecord:
    """A 4-player Swiss tournament of 2 rounds, played to its end, exported."""
    return asyncio.run(_played())


async def _played() -> TournamentRecord:
    from aiohttp.test_utils import TestClient, TestServer

    platform = Platform(embedded_config())
    await platform.start()
    assert platform.app is not None
    client = TestClient(TestServer(platform.app))
    await client.start_server()
    try:
        tid, entrants = await signed_up(client, 4, fmt="swiss", rounds=2)
        by_id = {p.player_id: p for p in entrants}
        await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                    headers=entrants[0].auth))  # fmt: skip
        for number in (1, 2):
            view = await round_opened(client, tid, number)
            for match in view["rounds"][number - 1]["matches"]:
                await play(client, match["table_id"], by_id, number)
        assert (await round_opened(client, tid, 3))["summary"]["status"] == "finished"
        return await asyncio.to_thread(export_tournament, platform.store, tid)
    finally:
        await client.close()
        await platform.stop()


def _tampered(record: TournamentRecord, name: str, change: Any) -> TournamentRecord:
    events = list(record.events)
    index = next(i for i, e in enumerate(events) if e.name == name)
    payload = change(dict(events[index].payload))
    events[index] = TournamentEventRecord(
        version=events[index].version, name=name, command_id=events[index].command_id,
        payload=payload,
    )  # fmt: skip
    return msgspec.structs.replace(record, events=events)


def test_the_record_of_a_tournament_verifies_offline(record: TournamentRecord) -> None:
    raw = msgspec.json.encode(record)
    assert is_tournament_record(raw)
    report = verify_tournament(decode_tournament_record(raw))
    assert report.ok, report.problem
    assert report.tables == 4 and len(record.tables) == 4
    assert all(t.tournament == record.tournament_id for t in record.tables)


def test_a_tampered_result_is_named_with_its_table(record: TournamentRecord) -> None:
    first = next(e for e in record.events if e.name == "ResultRecorded")

    def flip(payload: dict[str, Any]) -> dict[str, Any]:
        return payload | {"ranks": list(reversed(payload["ranks"]))}

    report = verify_tournament(_tampered(record, "ResultRecorded", flip))
    assert report.problem is not None
    assert report.problem.kind == "result_differs"
    assert report.problem.table_id == first.payload["table_id"]
    assert first.payload["table_id"] in report.problem.message


def test_a_tampered_pairing_does_not_follow_from_the_seed(record: TournamentRecord) -> None:
    def swap(payload: dict[str, Any]) -> dict[str, Any]:
        matches = payload["matches"]
        a, b = matches[0]["players"][0], matches[1]["players"][0]
        matches = [
            matches[0] | {"players": [b, matches[0]["players"][1]]},
            matches[1] | {"players": [a, matches[1]["players"][1]]},
        ]
        return payload | {"matches": matches}

    report = verify_tournament(_tampered(record, "RoundPaired", swap))
    assert report.problem is not None and report.problem.kind == "derived_differs"
