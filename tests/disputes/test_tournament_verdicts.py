"""A verdict on a match table's dispute re-scores the tournament, on SQLite and the real
PostgreSQL: the manager sends it once (`verdict:<dispute>`), the standings and the final
ranking follow it, and the tournament's record checks it against the table's verdicts."""

from __future__ import annotations

import asyncio

import msgspec
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.tournaments.record import export_tournament, verify_tournament
from tests.disputes.kit import ADMIN
from tests.observekit import until
from tests.tournamenthttp import ok, play, round_opened, signed_up


async def test_a_forfeit_verdict_re_scores_the_finished_tournament(
    platform: Platform, client: TestClient
) -> None:
    tid, entrants = await signed_up(client, 2, "swiss", rounds=1)
    by_id = {p.player_id: p for p in entrants}
    await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                headers=entrants[0].auth))  # fmt: skip
    view = await round_opened(client, tid, 1)
    match = view["rounds"][0]["matches"][0]
    table_id = match["table_id"]
    await play(client, table_id, by_id, 1)
    view = await round_opened(client, tid, 2)
    assert view["summary"]["status"] == "finished"
    ranks = view["rounds"][0]["matches"][0]["ranks"]
    seat = ranks.index(1)  # the winner (or seat 0 of a draw) is ruled out
    first, second = match["players"][seat], match["players"][1 - seat]
    points = {s["player_id"]: s["points"] for s in view["standings"]}
    assert points[first] >= 0.5  # the game's own result: a win or a draw

    body = {"reason": "abuse", "version": 3, "text": "my opponent had help"}
    opened = await client.post(
        f"/api/tables/{table_id}/disputes", json=body, headers=by_id[second].auth
    )
    assert opened.status == 201, await opened.text()
    dispute_id = (await opened.json())["dispute_id"]
    verdict = {"verdict": "forfeit", "reason": "help from outside", "seat": seat}
    settled = await client.post(
        f"/api/admin/disputes/{dispute_id}/verdict", json=verdict, headers=ADMIN
    )
    assert settled.status == 200, await settled.text()

    async def rescored() -> bool:
        seen = await ok(await client.get(f"/api/tournaments/{tid}"))
        return bool(seen["rounds"][0]["matches"][0]["ruling"] == "forfeit")

    await until(rescored, "the tournament shows the ruling")
    seen = await ok(await client.get(f"/api/tournaments/{tid}"))
    assert seen["rounds"][0]["matches"][0]["ruled_out"] == [first]
    assert seen["ranking"] == [second, first]
    rows = (await ok(await client.get(f"/api/tournaments/{tid}/standings")))["items"]
    assert {r["player_id"]: r["points"] for r in rows} == {second: 1.0, first: 0.0}

    record = await asyncio.to_thread(export_tournament, platform.store, tid)
    names = [e.name for e in record.events]
    assert names.count("MatchRescored") == 1  # sent once, under `verdict:<dispute>`
    rescore = next(e for e in record.events if e.name == "MatchRescored")
    assert rescore.command_id == f"verdict:{dispute_id}"
    assert verify_tournament(record).ok
    # A record whose table lost the verdict no longer explains the re-scoring.
    tables = [msgspec.structs.replace(t, verdicts=[]) for t in record.tables]
    report = verify_tournament(msgspec.structs.replace(record, tables=tables))
    assert report.problem is not None and report.problem.kind == "verdict_missing"
    # A ranking that does not follow from the ruling is found too.
    events = [
        msgspec.structs.replace(e, payload={**e.payload, "ranking": [first, second]})
        if e.name == "MatchRescored" else e
        for e in record.events
    ]  # fmt: skip
    report = verify_tournament(msgspec.structs.replace(record, events=events))
    assert report.problem is not None and report.problem.kind == "derived_differs"
