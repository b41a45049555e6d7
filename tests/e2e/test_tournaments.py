"""Tournaments over HTTP on the embedded platform: sign-up, the manager opening each round's
tables, results recorded when the tables end, standings; the manager redoing a batch after a
crash opens nothing twice."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.tournament.manager import TournamentManager, manager_runner
from shared.audit.export import export_table
from shared.audit.verify import verify_record
from shared.tournaments import readmodel
from tests.platform import embedded_config, register
from tests.tournamenthttp import code_of, ok, play, round_opened, signed_up


@pytest.fixture
async def platform() -> AsyncIterator[Platform]:
    """The embedded platform (memory store and broker)."""
    running = Platform(embedded_config())
    await running.start()
    yield running
    await running.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
async def stored_client(
    request: pytest.FixtureRequest, tmp_path: Path, aiohttp_client: Any
) -> AsyncIterator[TestClient]:
    """The embedded platform on a SQLite file or a PostgreSQL schema (the read model's SQL
    on both databases)."""
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgres_url"))
    else:
        url = f"sqlite:///{tmp_path}/senet.db"
    running = Platform(embedded_config(url))
    await running.start()
    assert running.app is not None
    yield await aiohttp_client(running.app)
    await running.stop()


@pytest.fixture
async def client(platform: Platform, aiohttp_client: Any) -> TestClient:
    """An HTTP client of its gateway."""
    assert platform.app is not None
    return await aiohttp_client(platform.app)


async def test_a_round_robin_is_played_to_its_end_with_standings_for_everyone(
    stored_client: TestClient,
) -> None:
    client = stored_client
    tid, entrants = await signed_up(client, 4)
    by_id = {p.player_id: p for p in entrants}
    await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                headers=entrants[0].auth))  # fmt: skip
    for number in (1, 2, 3):
        view = await round_opened(client, tid, number)
        matches = view["rounds"][number - 1]["matches"]
        assert len(matches) == 2
        await asyncio.gather(*(play(client, m["table_id"], by_id, number) for m in matches))
    view = await round_opened(client, tid, 4)
    assert view["summary"]["status"] == "finished"
    assert len(view["ranking"]) == 4
    standings = await ok(await client.get(f"/api/tournaments/{tid}/standings?limit=3"))
    rest = await ok(
        await client.get(f"/api/tournaments/{tid}/standings?cursor={standings['next']}")
    )
    rows = standings["items"] + rest["items"]
    assert [r["player_id"] for r in rows] == view["ranking"]
    assert sum(r["points"] for r in rows) == 6.0  # six games, one point each
    finished = await ok(await client.get("/api/tournaments?state=finished"))
    assert tid in [t["tournament_id"] for t in finished["items"]]
    mine = await ok(await client.get("/api/me/tournaments", headers=entrants[1].auth))
    assert [t["tournament_id"] for t in mine["items"]] == [tid]
    first = await ok(await client.get(f"/api/tournaments/{tid}/tables?limit=4"))
    rest = await ok(await client.get(f"/api/tournaments/{tid}/tables?cursor={first['next']}"))
    tables = first["items"] + rest["items"]
    assert len(tables) == 6 and all(t["over"] for t in tables) and rest["next"] is None
    rounds = await ok(await client.get(f"/api/tournaments/{tid}/rounds"))
    assert [r["round"] for r in rounds["items"]] == [1, 2, 3]


async def test_sign_up_rules_answer_their_codes(client: TestClient) -> None:
    tid, entrants = await signed_up(client, 2, max_players=2)
    late = await register(client, "late")
    join = f"/api/tournaments/{tid}/join"
    assert await code_of(await client.post(join, json={}, headers=late.auth), 409) == (
        "tournament_full"
    )
    assert await code_of(await client.post(join, json={}, headers=entrants[0].auth), 409) == (
        "already_joined"
    )
    start = f"/api/tournaments/{tid}/start"
    assert await code_of(await client.post(start, json={}, headers=entrants[1].auth), 403) == (
        "not_creator"
    )
    unknown = f"/api/tournaments/{uuid.uuid4()}"
    assert await code_of(await client.get(unknown), 404) == "unknown_tournament"
    bad = {"name": "x", "format": "knockout", "game": "ra", "seats": 3}
    response = await client.post("/api/tournaments", json=bad, headers=late.auth)
    assert await code_of(response, 400) == "bad_seat_count"
    listed = await ok(await client.get("/api/tournaments?state=open"))
    assert tid in [t["tournament_id"] for t in listed["items"]]
    assert await code_of(await client.get("/api/tournaments?state=playing"), 400) == "bad_query"


async def test_a_private_tournament_is_joined_with_its_invitation_code(
    client: TestClient,
) -> None:
    host, guest = await register(client, "host"), await register(client, "guest")
    body = {"name": "club", "format": "swiss", "game": "cantstop", "visibility": "private"}
    created = await ok(await client.post("/api/tournaments", json=body, headers=host.auth), 201)
    tid, code = created["tournament_id"], created["invitation"]
    join = f"/api/tournaments/{tid}/join"
    response = await client.post(join, json={"invitation": "wrong"}, headers=guest.auth)
    assert await code_of(response, 403) == "bad_invitation"
    await ok(await client.post(join, json={"invitation": code}, headers=guest.auth))
    listed = await ok(await client.get("/api/tournaments"))
    assert tid not in [t["tournament_id"] for t in listed["items"]]  # not in public lists


async def test_the_manager_redoing_a_batch_after_a_crash_opens_no_table_twice(
    platform: Platform, client: TestClient
) -> None:
    tid, entrants = await signed_up(client, 4, fmt="swiss", rounds=2)
    await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                headers=entrants[0].auth))  # fmt: skip
    view = await round_opened(client, tid, 1)
    before = platform.store.last_position()
    assert platform.tournaments is not None
    db = platform.tournaments.db
    # A manager that crashed after its effects, before its position moved, starts again
    # from the beginning of the log: every effect is repeated.
    with db.transaction() as cur:
        readmodel.move(cur, readmodel.position(db), 0)
    again = manager_runner(TournamentManager(platform.store, platform.broker, db), lease=False)
    await again.catch_up()
    assert platform.store.last_position() == before  # nothing new was stored
    after = await ok(await client.get(f"/api/tournaments/{tid}"))
    assert after["rounds"] == view["rounds"]
    by_id = {p.player_id: p for p in entrants}
    for match in view["rounds"][0]["matches"]:
        await play(client, match["table_id"], by_id, 1)
    view = await round_opened(client, tid, 2)
    assert len(view["rounds"]) == 2


async def test_match_tables_take_the_tournaments_deadline_and_timeout_policy(
    platform: Platform, client: TestClient
) -> None:
    """The timing is the match table's own fact: its opening command chose it
    (`TimingChosen`), recorded by the table worker with the rest of the opening."""
    tid, entrants = await signed_up(
        client, 2, fmt="swiss", move_deadline=12, timeout_policy="forfeit"
    )
    await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                headers=entrants[0].auth))  # fmt: skip
    view = await round_opened(client, tid, 1)
    table_id = view["rounds"][0]["matches"][0]["table_id"]
    player = next(p for p in entrants if p.player_id in view["rounds"][0]["matches"][0]["players"])
    timing = await ok(await client.get(f"/api/tables/{table_id}/timing", headers=player.auth))
    assert (timing["deadline"], timing["policy"], timing["last_warning"]) == (12.0, "forfeit", 6.0)
    # The timing is a fact of the match table's own log, recorded when it was opened.
    log = await ok(await client.get(f"/api/tables/{table_id}/events", headers=player.auth))
    [chosen] = [e["payload"] for e in log["items"] if e["name"] == "TimingChosen"]
    assert {k: chosen[k] for k in timing} == timing
    assert set(await asyncio.to_thread(_command_ids, platform, table_id)) == {
        f"open-match:{table_id}"
    }  # one command, the table worker's, opened it all
    by_id = {p.player_id: p for p in entrants}
    await play(client, table_id, by_id, 1)
    record = await asyncio.to_thread(export_table, platform.store, table_id)
    assert verify_record(record).ok  # the audit re-decides the opening with its timing


def _command_ids(platform: Platform, table_id: str) -> list[str]:
    """The command id of each stored event of a table."""
    return [e.command_id for e in platform.store.events.get(uuid.UUID(table_id))]


async def test_a_tournament_starts_by_itself_once_its_sign_up_deadline_is_past(
    client: TestClient,
) -> None:
    tid, _ = await signed_up(
        client, 3, fmt="swiss", signup_deadline="2020-01-01T00:00:00Z", min_players=3
    )
    deadline = asyncio.get_running_loop().time() + 60  # a guard: the manager starts it
    while (view := await ok(await client.get(f"/api/tournaments/{tid}")))["summary"][
        "status"
    ] != "running":
        assert asyncio.get_running_loop().time() < deadline, "the tournament never started"
        await asyncio.sleep(0.05)
    assert view["summary"]["status"] == "running" and len(view["seeding"]) == 3


async def test_a_match_table_in_my_tables_names_its_tournament(client: TestClient) -> None:
    tid, entrants = await signed_up(client, 2)
    await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                headers=entrants[0].auth))  # fmt: skip
    view = await round_opened(client, tid, 1)
    (match,) = view["rounds"][0]["matches"]
    mine = await ok(await client.get("/api/me/tables", headers=entrants[0].auth))
    listed = {row["table_id"]: row for row in mine["items"]}
    assert listed[match["table_id"]]["tournament"] == tid  # the page links it to the tournament
    summary = await ok(await client.get(f"/api/tables/{match['table_id']}",
                                        headers=entrants[0].auth))  # fmt: skip
    assert summary["tournament"] == tid


async def test_one_manager_runs_per_deployment_and_a_standby_takes_over(
    platform: Platform, client: TestClient
) -> None:
    """The manager holds the lease `tournaments.lease`: a second one stands by (its effects
    would double the commands), and takes over when the first stops."""
    first = next(r for r in platform.runners if r.name == readmodel.CONSUMER)
    assert platform.tournaments is not None
    second = manager_runner(
        TournamentManager(platform.store, platform.broker, platform.tournaments.db)
    )
    second.retry = 0.05
    second.start()
    try:
        tid, entrants = await signed_up(client, 4, fmt="swiss", rounds=2)
        await ok(await client.post(f"/api/tournaments/{tid}/start", json={},
                                    headers=entrants[0].auth))  # fmt: skip
        await round_opened(client, tid, 1)
        assert first.active and not second.active and second.batches == 0
        running = next(t for t in platform.tasks if t.get_name() == "tournament-manager")
        running.cancel()  # the first manager stops: it gives the lease back
        await asyncio.gather(running, return_exceptions=True)
        deadline = asyncio.get_running_loop().time() + 30
        while not second.active:  # it takes the lease within its retry
            assert asyncio.get_running_loop().time() < deadline, "the standby never took over"
            await asyncio.sleep(0.02)
        await signed_up(client, 2, fmt="swiss", rounds=1)  # news for the new holder
        assert await second.wait(platform.store.last_position(), timeout=30)
        assert second.batches > 0
    finally:
        await second.stop()


async def test_a_tournament_command_repeated_in_another_request_is_answered_as_a_repeat(
    client: TestClient,
) -> None:
    """One fingerprint for table and tournament commands: who asks what. The request's
    correlation id is not part of it, so a client's retry is a repeat, not a reused id."""
    tid, _ = await signed_up(client, 2)
    late = await register(client, "late")
    body = {"command_id": uuid.uuid4().hex}
    first = await ok(await client.post(f"/api/tournaments/{tid}/join", json=body,
                                        headers={**late.auth, "X-Request-ID": "one"}))  # fmt: skip
    again = await ok(await client.post(f"/api/tournaments/{tid}/join", json=body,
                                        headers={**late.auth, "X-Request-ID": "two"}))  # fmt: skip
    assert not first.get("replayed") and again.get("replayed")
    assert again["version"] == first["version"]
