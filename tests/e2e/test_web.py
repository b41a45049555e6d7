"""The web client's server side: pages and assets, the games' option schemas, views at a version."""

from __future__ import annotations

import random
from typing import Any

from aiohttp.test_utils import TestClient

from tests.platform import open_table, view


async def test_every_page_address_answers_the_client_with_a_content_security_policy(
    client: TestClient,
) -> None:
    for path in ("/", "/tables/0b5c1f0e-0000-4000-8000-000000000000", "/players/x", "/settings"):
        response = await client.get(path)
        assert response.status == 200, path
        assert response.content_type == "text/html"
        assert '<script type="module" src="/assets/app.js">' in await response.text()
        policy = response.headers["Content-Security-Policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy and "http" not in policy  # no CDN, no inline code
    script = await client.get("/assets/app.js")
    assert script.status == 200 and script.content_type == "text/javascript"
    worker = await client.get("/sw.js")
    assert worker.status == 200 and "push" in await worker.text()


async def test_the_api_stays_api_and_nothing_outside_the_assets_is_served(
    client: TestClient,
) -> None:
    missing = await client.get("/api/nothing-here")
    assert missing.status == 404 and missing.content_type != "text/html"
    for path in ("/assets/..%2f..%2fweb.py", "/assets/nope.js", "/tables/a/b/c"):
        assert (await client.get(path)).status == 404, path


async def test_an_odd_asset_path_is_404_never_500(client: TestClient) -> None:
    for path in ("/assets/%00", "/assets/a%00b.js", "/assets/" + "x" * 5000, "/assets/%ff%fe"):
        response = await client.get(path)
        assert response.status == 404, (path, await response.text())


async def test_games_describe_their_options_with_types_defaults_and_allowed_values(
    client: TestClient,
) -> None:
    games = {g["name"]: g for g in await (await client.get("/api/games")).json()}
    sobek = games["sobek"]["options_schema"]
    props = sobek["$defs"][sobek["$ref"].split("/")[-1]]["properties"]
    assert props["variant"] == {"enum": ["async", "original"], "default": "original"}
    egizia = games["egizia"]["options_schema"]
    props = egizia["$defs"][egizia["$ref"].split("/")[-1]]["properties"]
    assert props["variant"] == {"type": "boolean", "default": False}
    assert games["ra"]["options_schema"]["$defs"]["RaOptions"]["properties"] == {}
    # whether the game lets a move be taken back (the create form offers take-backs then)
    assert games["ra"]["takebacks"] and games["cantstop"]["takebacks"]
    assert not games["egizia"]["takebacks"] and not games["sobek"]["takebacks"]
    # the title in other languages (the web client takes every title from here)
    assert games["ra"]["titles"] == {"de": "Ra: Das Würfelspiel"} and games["sobek"]["titles"] == {}


async def test_the_view_at_a_version_is_the_view_each_seat_had_then(client: TestClient) -> None:
    table_id, players = await open_table(client, "sobek", 2)
    rng = random.Random(11)
    seen: dict[tuple[int, int], dict[str, Any]] = {}
    for _ in range(25):
        views = [await view(client, table_id, p) for p in players]
        for seat, v in enumerate(views):
            seen[(v["table"]["version"], seat)] = v
        actor = rng.choice(views[0]["to_act"])
        move = rng.choice(views[actor]["legal_moves"])
        response = await client.post(
            f"/api/tables/{table_id}/moves", json={"move": move}, headers=players[actor].auth
        )
        assert response.status == 200, await response.text()
    assert len(seen) > 20
    for (version, seat), then in seen.items():
        response = await client.get(
            f"/api/tables/{table_id}/view?at={version}", headers=players[seat].auth
        )
        assert response.status == 200, await response.text()
        past = await response.json()
        assert past == then, (version, seat)
        other = past["game"]["players"][1 - seat]
        assert other["hand"] is None and other["pot"] is None  # never the other seat's cards


async def test_a_view_at_a_version_out_of_range_is_400_bad_version(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    last = (await view(client, table_id, players[0]))["table"]["version"]
    for at in ("0", str(last + 1), "x", "-1"):
        response = await client.get(f"/api/tables/{table_id}/view?at={at}", headers=players[0].auth)
        assert response.status == 400, at
        assert (await response.json())["code"] == "bad_version"
    early = await client.get(f"/api/tables/{table_id}/view?at=1", headers=players[1].auth)
    assert (await early.json())["seat"] is None  # at version 1 the second player had no seat yet
