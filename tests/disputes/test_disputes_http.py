"""Disputes over HTTP, on SQLite and the real PostgreSQL: a player opens a case, a stranger can
neither open nor read it, the arbiters' queue shows it with the record's verification, and
an annulled verdict removes the game from results and ratings."""

from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from shared.audit.export import export_table
from shared.disputes.bounds import MAX_TEXT, PER_DAY
from shared.disputes.record import check_ratings
from shared.readmodels.db import ReadModelDB
from shared.readmodels.rebuild import rebuild
from shared.readmodels.schema import dump
from tests.disputes.kit import (
    ADMIN,
    error,
    finished_table,
    ratings,
    results,
)
from tests.observekit import until
from tests.platform import open_table, register, view

GAME = "sobek"


async def test_an_annulled_game_leaves_results_and_ratings_as_if_unplayed(
    platform: Platform, client: TestClient
) -> None:
    before_table, before_players = await finished_table(client, GAME)
    table_id, (a, b) = await finished_table(client, GAME)

    async def in_results() -> bool:
        return table_id in await results(client, a) and before_table in await results(
            client, before_players[0]
        )

    await until(in_results, "the games are in the results")
    rated = await ratings(client, GAME)
    assert a.player_id in rated and b.player_id in rated
    others = {p.player_id: rated[p.player_id] for p in before_players}
    stranger = await register(client, "stranger")
    body = {"reason": "wrong_score", "version": 3, "text": "the score <b>looks</b> wrong"}
    await error(
        await client.post(f"/api/tables/{table_id}/disputes", json=body, headers=stranger.auth),
        403, "not_a_player",
    )  # fmt: skip
    opened = await client.post(f"/api/tables/{table_id}/disputes", json=body, headers=b.auth)
    assert opened.status == 201, await opened.text()
    case = await opened.json()
    dispute_id = case["dispute_id"]
    assert case["text"] == body["text"] and case["state"] == "open"  # kept plain, not markup
    await error(
        await client.get(f"/api/disputes/{dispute_id}", headers=stranger.auth),
        404, "unknown_dispute",
    )  # fmt: skip
    await error(
        await client.get("/api/admin/disputes?state=open", headers=stranger.auth),
        403, "not_arbiter",
    )  # fmt: skip
    mine = await client.get(f"/api/disputes/{dispute_id}", headers=a.auth)
    assert mine.status == 200
    page = await mine.json()
    assert [s["seat"] for s in page["states"]] == [0] and page["record"] is None

    async def queued() -> bool:
        response = await client.get("/api/admin/disputes?state=open", headers=ADMIN)
        items = (await response.json())["items"]
        return any(x["dispute_id"] == dispute_id for x in items)

    await until(queued, "the case is in the queue")
    response = await client.get("/api/admin/disputes?state=open", headers=ADMIN)
    item = next(x for x in (await response.json())["items"] if x["dispute_id"] == dispute_id)
    assert item["table_id"] == table_id and item["verified"]["outcome"] == "ok"
    evidence = await (await client.get(f"/api/admin/disputes/{dispute_id}", headers=ADMIN)).json()
    assert evidence["all_hands"] and [s["seat"] for s in evidence["states"]] == [0, 1]
    assert evidence["record"]["table_id"] == table_id and "players" in evidence["chat"]

    verdict = {"verdict": "annulled", "reason": "the arbiter found the score wrong"}
    settled = await client.post(
        f"/api/admin/disputes/{dispute_id}/verdict", json=verdict, headers=ADMIN
    )
    assert settled.status == 200, await settled.text()
    assert (await settled.json())["verdict"]["verdict"] == "annulled"

    async def gone() -> bool:
        return table_id not in await results(client, a) + await results(client, b)

    await until(gone, "the annulled game left the results")
    rated = await ratings(client, GAME)
    assert a.player_id not in rated and b.player_id not in rated
    assert {p: rated[p] for p in others} == others  # the other game counts as it did
    await error(
        await client.post(
            f"/api/admin/disputes/{dispute_id}/verdict", json=verdict, headers=ADMIN
        ),
        409, "dispute_settled",
    )  # fmt: skip
    await _the_record_carries_it_and_ratings_follow(platform, table_id)


async def _the_record_carries_it_and_ratings_follow(platform: Platform, table_id: str) -> None:
    """`senet export` carries the verdict; the ratings are the fold of the results without
    the game, a rebuild gives the same rows, and a tampered rating is found."""
    record = await asyncio.to_thread(export_table, platform.store, table_id)
    assert [v.verdict for v in record.verdicts] == ["annulled"]
    db = ReadModelDB.of(platform.store)  # the platform's own, closed with its store
    assert await asyncio.to_thread(check_ratings, platform.store, db) == []
    models = ("results", "disputes")
    before = {m: dump(db, m) for m in models}
    await rebuild(platform.store, models)
    assert {m: dump(db, m) for m in models} == before
    with db.transaction() as cur:
        cur.execute("UPDATE rm_ratings SET rating = rating + 1 WHERE game = ?", (GAME,))
    problems = await asyncio.to_thread(check_ratings, platform.store, db)
    assert problems == [f"{GAME}: the ratings are not the fold of the results and verdicts"]


async def test_bad_requests_are_refused_with_their_code_and_change_nothing(
    client: TestClient,
) -> None:
    table_id, (a, b) = await finished_table(client, GAME)
    path = f"/api/tables/{table_id}/disputes"
    good = {"reason": "timing", "version": 2, "text": "the deadline passed"}
    bad = [
        ({**good, "reason": "boredom"}, 400, "invalid_request"),
        ({**good, "version": 0}, 400, "invalid_request"),
        ({**good, "version": 9_999_999}, 400, "bad_version"),
        ({**good, "text": "x" * (MAX_TEXT + 1)}, 400, "invalid_request"),
        ({**good, "text": " \x00\x07 "}, 400, "bad_text"),
        ({**good, "extra": 1}, 400, "invalid_request"),
    ]
    for body, status, code in bad:
        response = await client.post(path, json=body, headers=a.auth)
        assert response.status == status, (body, await response.text())
        assert (await response.json())["code"] == code
    await error(await client.post(path, json=good), 401, "missing_token")
    unknown = "/api/tables/00000000-0000-4000-8000-000000000000/disputes"
    await error(await client.post(unknown, json=good, headers=a.auth), 404, "unknown_table")
    opened = await client.post(path, json=good, headers=a.auth)
    assert opened.status == 201
    case = (await opened.json())["dispute_id"]
    await error(await client.post(path, json=good, headers=a.auth), 409, "dispute_exists")
    # the opener's text is the case; the other player adds one statement, bounded
    statements = f"/api/disputes/{case}/statements"
    await error(
        await client.post(statements, json={"text": "me too"}, headers=a.auth), 403, "not_a_player"
    )
    long = {"text": "y" * (MAX_TEXT + 1)}
    assert (await client.post(statements, json=long, headers=b.auth)).status == 400
    said = await client.post(statements, json={"text": "all was fine"}, headers=b.auth)
    assert said.status == 201
    assert [s["text"] for s in (await said.json())["statements"]] == ["all was fine"]
    await error(
        await client.post(statements, json={"text": "again"}, headers=b.auth),
        409, "already_stated",
    )  # fmt: skip
    verdict = f"/api/admin/disputes/{case}/verdict"
    for body, code in [
        ({"verdict": "maybe", "reason": "r"}, "invalid_request"),
        ({"verdict": "forfeit", "reason": "r"}, "bad_seat"),
        ({"verdict": "forfeit", "reason": "r", "seat": 5}, "bad_seat"),
        ({"verdict": "stands", "reason": "r", "seat": 0}, "bad_seat"),
        ({"verdict": "replayed", "reason": "r"}, "bad_version"),
        ({"verdict": "stands", "reason": "  "}, "bad_text"),
    ]:
        await error(await client.post(verdict, json=body, headers=ADMIN), 400, code)
    await error(
        await client.post(verdict, json={"verdict": "stands", "reason": "r"}, headers=a.auth),
        403, "not_arbiter",
    )  # fmt: skip
    missing = "/api/admin/disputes/00000000-0000-4000-8000-000000000000/verdict"
    await error(
        await client.post(missing, json={"verdict": "stands", "reason": "r"}, headers=ADMIN),
        404, "unknown_dispute",
    )  # fmt: skip
    page = await (await client.get(f"/api/disputes/{case}", headers=b.auth)).json()
    assert page["dispute"]["state"] == "open" and page["dispute"]["actions"] == []
    assert page["dispute"]["version"] == good["version"]  # the table's, whatever the case's
    assert [s["view"]["table"]["version"] for s in page["states"]] == [good["version"]]


async def test_a_named_arbiter_decides_but_never_a_case_of_their_own_table(
    client: TestClient,
) -> None:
    table_id, (a, b) = await finished_table(client, GAME)
    other_table, (c, _) = await finished_table(client, GAME)
    for player in (a, c):
        named = await client.put(f"/api/admin/arbiters/{player.player_id}", headers=ADMIN)
        assert named.status == 200
    await error(
        await client.put(f"/api/admin/arbiters/{b.player_id}", headers=a.auth), 403, "not_admin"
    )
    body = {"reason": "abuse", "version": 2, "text": "they play together"}
    opened = await client.post(f"/api/tables/{table_id}/disputes", json=body, headers=b.auth)
    case = (await opened.json())["dispute_id"]
    await error(await client.get(f"/api/admin/disputes/{case}", headers=a.auth), 403, "own_table")
    seen = await client.get(f"/api/admin/disputes/{case}", headers=c.auth)
    assert seen.status == 200
    forfeit = {"verdict": "forfeit", "reason": "seat 0 colluded", "seat": 0}
    settled = await client.post(f"/api/admin/disputes/{case}/verdict", json=forfeit, headers=c.auth)
    assert settled.status == 200, await settled.text()
    action = (await settled.json())["actions"][-1]
    assert (action["arbiter"], action["action"]) == (c.player_id, "verdict:forfeit")

    async def forfeited() -> bool:
        response = await client.get(f"/api/players/{a.player_id}/results", headers=a.auth)
        mine = [x for x in (await response.json())["items"] if x["table_id"] == table_id]
        return bool(mine) and mine[0]["forfeited"] and not mine[0]["won"]

    await until(forfeited, "seat 0 forfeited the game")
    response = await client.get(f"/api/players/{b.player_id}/results", headers=b.auth)
    theirs = next(x for x in (await response.json())["items"] if x["table_id"] == table_id)
    assert theirs["won"] and theirs["rank"] == 1
    queue = await client.get("/api/admin/disputes?state=settled", headers=c.auth)
    assert case in [x["dispute_id"] for x in (await queue.json())["items"]]
    await error(
        await client.get("/api/admin/disputes?state=closed", headers=ADMIN), 400, "bad_query"
    )
    unnamed = await client.delete(f"/api/admin/arbiters/{c.player_id}", headers=ADMIN)
    assert c.player_id not in (await unnamed.json())["players"]
    await error(await client.get("/api/admin/disputes", headers=c.auth), 403, "not_arbiter")
    assert other_table


async def test_a_live_game_is_untouched_and_its_hands_are_shown_only_by_a_logged_choice(
    client: TestClient,
) -> None:
    table_id, (a, b) = await open_table(client, GAME, 2)
    before = await view(client, table_id, a)
    body = {"reason": "abuse", "version": 1, "text": "they talk elsewhere"}
    opened = await client.post(f"/api/tables/{table_id}/disputes", json=body, headers=a.auth)
    assert opened.status == 201
    case = (await opened.json())["dispute_id"]
    after = await view(client, table_id, a)
    assert after["table"]["version"] == before["table"]["version"]  # the game is untouched
    assert after["game"] == before["game"]
    evidence = await (await client.get(f"/api/admin/disputes/{case}", headers=ADMIN)).json()
    assert not evidence["all_hands"] and [s["seat"] for s in evidence["states"]] == [None]
    assert evidence["verified"]["outcome"] == "pending" and evidence["record"] is None
    shown = await client.post(f"/api/admin/disputes/{case}/hands", headers=ADMIN)
    assert [x["action"] for x in (await shown.json())["actions"]] == ["hands_shown"]
    evidence = await (await client.get(f"/api/admin/disputes/{case}", headers=ADMIN)).json()
    assert evidence["all_hands"] and [s["seat"] for s in evidence["states"]] == [0, 1]
    annul = {"verdict": "annulled", "reason": "too early"}
    await error(
        await client.post(f"/api/admin/disputes/{case}/verdict", json=annul, headers=ADMIN),
        409, "game_not_over",
    )  # fmt: skip
    stands = {"verdict": "stands", "reason": "no sign of it"}
    done = await client.post(f"/api/admin/disputes/{case}/verdict", json=stands, headers=ADMIN)
    assert done.status == 200
    assert (await view(client, table_id, b))["table"]["version"] == before["table"]["version"]


async def test_a_player_opens_at_most_the_documented_number_of_cases_a_day(
    client: TestClient,
) -> None:
    a, b = await register(client, "often"), await register(client, "other")
    tables = []
    for _ in range(PER_DAY + 1):
        made = await client.post("/api/tables", json={"game": GAME, "seats": 2}, headers=a.auth)
        table_id = (await made.json())["table_id"]
        await client.post(f"/api/tables/{table_id}/join", json={}, headers=b.auth)
        await client.post(f"/api/tables/{table_id}/start", json={}, headers=a.auth)
        tables.append(table_id)
    body = {"reason": "other", "version": 1, "text": "again"}
    for table_id in tables[:PER_DAY]:
        made = await client.post(f"/api/tables/{table_id}/disputes", json=body, headers=a.auth)
        assert made.status == 201
    await error(
        await client.post(f"/api/tables/{tables[-1]}/disputes", json=body, headers=a.auth),
        429, "too_many_disputes",
    )  # fmt: skip
    made = await client.post(f"/api/tables/{tables[-1]}/disputes", json=body, headers=b.auth)
    assert made.status == 201  # the bound is the player's, not the table's
