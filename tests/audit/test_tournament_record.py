"""A tournament's record verifies offline; a tampered result is named with its table, a
tampered pairing with its event."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

import msgspec
import pytest

from services.cli.platform import Platform
from shared.store import open_store
from shared.tournaments.aggregate import TOURNAMENT_TOPICS
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
def store_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite store holding a 4-player Swiss tournament of 2 rounds, played to its end."""
    url = f"sqlite:///{tmp_path_factory.mktemp('tournament')}/senet.db"
    asyncio.run(_played(url))
    return url


@pytest.fixture(scope="module")
def record(store_url: str) -> TournamentRecord:
    """That tournament's record."""
    store = open_store(store_url, create=False)
    (tid,) = {str(n.originator_id) for n in store.notifications(0, 10_000, None,
                                                                TOURNAMENT_TOPICS)}  # fmt: skip
    return export_tournament(store, tid)


async def _played(url: str) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    platform = Platform(embedded_config(url))
    await platform.start()
    assert platform.app is not None
    client = TestClient(TestServer(platform.app))
    await client.start_server()
    try:
        tid, entrants = await signed_up(client, 4, fmt="swiss", rounds=2, game="cantstop")
        by_id = {p.player_id: p for p in entrants}
        await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                    headers=entrants[0].auth))  # fmt: skip
        for number in (1, 2):
            view = await round_opened(client, tid, number)
            for match in view["rounds"][number - 1]["matches"]:
                await play(client, match["table_id"], by_id, number)
        assert (await round_opened(client, tid, 3))["summary"]["status"] == "finished"
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


def test_export_verify_and_replay_cover_a_tournament(
    store_url: str, record: TournamentRecord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from services.cli.verbs import export, replay, verify

    tid = record.tournament_id
    assert export.run(argparse.Namespace(table=tid, store=store_url)) == 0
    written = tmp_path / "tournament.json"
    written.write_bytes(capsys.readouterr().out.encode())
    assert verify.run(argparse.Namespace(record=str(written))) == 0
    assert '"ok":true' in capsys.readouterr().out
    tampered = _tampered(record, "ResultRecorded",
                         lambda p: p | {"ranks": list(reversed(p["ranks"]))})  # fmt: skip
    written.write_bytes(msgspec.json.encode(tampered))
    assert verify.run(argparse.Namespace(record=str(written))) == 1
    assert "result_differs" in capsys.readouterr().err
    at = argparse.Namespace(table=tid, store=store_url, at=3, seat=None, verify=False)
    assert replay.run(at) == 0
    shown = msgspec.json.decode(capsys.readouterr().out)
    assert shown["summary"]["status"] == "open" and len(shown["players"]) == 2
    checked = argparse.Namespace(table=tid, store=store_url, at=None, seat=None, verify=True)
    assert replay.run(checked) == 0
