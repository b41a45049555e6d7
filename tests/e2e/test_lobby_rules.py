"""The lobby rules over HTTP: start, leave, cancel, kick, unique names, idle tables expire."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.cli.selfplay import Api
from services.scoring.service import verify_stored
from tests.harness.requests import post
from tests.platform import Player, embedded_config, play_moves, register


async def _lobby(client: TestClient, seated: int = 3, seats: int = 3) -> tuple[str, list[Player]]:
    players = [await register(client, f"L{i}-{uuid.uuid4().hex[:6]}") for i in range(seated)]
    status, body = await post(client, "/api/tables", players[0], {"game": "ra", "seats": seats})
    assert status == 201, body
    for player in players[1:]:
        status, body = await post(client, f"/api/tables/{body['table_id']}/join", player)
        assert status == 200, body
    return body["table_id"], players


async def _summary(client: TestClient, table_id: str) -> dict[str, Any]:
    response = await client.get(f"/api/tables/{table_id}")
    assert response.status == 200
    return await response.json()


async def _listed(client: TestClient, table_id: str) -> bool:
    response = await client.get("/api/tables", params={"limit": "200"})
    return table_id in {t["table_id"] for t in (await response.json())["items"]}


async def test_only_the_creator_starts(client: TestClient) -> None:
    table_id, (ann, bob, _cat) = await _lobby(client)
    status, body = await post(client, f"/api/tables/{table_id}/start", bob)
    assert (status, body["code"]) == (403, "not_creator")
    status, body = await post(client, f"/api/tables/{table_id}/start", ann)
    assert status == 200 and body["status"] == "playing"


async def test_a_seated_player_leaves_and_the_seat_is_taken_again(client: TestClient) -> None:
    table_id, (ann, bob, _cat) = await _lobby(client)
    status, body = await post(client, f"/api/tables/{table_id}/leave", bob)
    assert status == 200 and body["events"] == ["PlayerLeft"] and body["seat"] == 1
    seats = (await _summary(client, table_id))["seats"]
    assert bob.player_id not in {s.get("player_id") for s in seats}
    status, body = await post(client, f"/api/tables/{table_id}/leave", bob)
    assert (status, body["code"]) == (403, "not_seated")
    status, body = await post(client, f"/api/tables/{table_id}/leave", ann)
    assert (status, body["code"]) == (409, "creator_cannot_leave")
    dan = await register(client, f"dan-{uuid.uuid4().hex[:6]}")
    status, body = await post(client, f"/api/tables/{table_id}/join", dan)
    assert status == 200 and body["seat"] == 1


async def test_the_creator_kicks_by_seat_or_player_before_the_start(client: TestClient) -> None:
    table_id, (ann, bob, _cat) = await _lobby(client)
    status, body = await post(client, f"/api/tables/{table_id}/kick", bob, {"seat": 2})
    assert (status, body["code"]) == (403, "not_creator")
    status, body = await post(client, f"/api/tables/{table_id}/kick", ann, {})
    assert (status, body["code"]) == (400, "bad_target")
    status, body = await post(client, f"/api/tables/{table_id}/kick", ann, {"seat": "x"})
    assert (status, body["code"]) == (400, "invalid_request")
    status, body = await post(client, f"/api/tables/{table_id}/kick", ann, {"seat": 2})
    assert status == 200 and body["events"] == ["PlayerRemoved"]
    kicked = {"player_id": bob.player_id}
    status, body = await post(client, f"/api/tables/{table_id}/kick", ann, kicked)
    assert status == 200 and body["version"] == 6
    seats = (await _summary(client, table_id))["seats"]
    assert [s.get("player_id") for s in seats][1:] == [None, None]
    status, body = await post(client, f"/api/tables/{table_id}/kick", ann, {"seat": 1})
    assert (status, body["code"]) == (409, "seat_empty")


async def test_the_creator_cancels_an_open_table_and_it_leaves_the_lobby(
    client: TestClient,
) -> None:
    table_id, (ann, bob, _cat) = await _lobby(client)
    assert await _listed(client, table_id)
    status, body = await post(client, f"/api/tables/{table_id}/cancel", bob)
    assert (status, body["code"]) == (403, "not_creator")
    status, body = await post(client, f"/api/tables/{table_id}/cancel", ann)
    assert status == 200 and body["status"] == "cancelled" and body["events"] == ["TableCancelled"]
    summary = await _summary(client, table_id)
    assert summary["status"] == "cancelled"
    assert not await _listed(client, table_id)
    dan = await register(client, f"dan-{uuid.uuid4().hex[:6]}")
    status, body = await post(client, f"/api/tables/{table_id}/join", dan)
    assert (status, body["code"]) == (409, "table_cancelled")
    status, body = await post(client, f"/api/tables/{table_id}/start", ann)
    assert (status, body["code"]) == (409, "table_cancelled")


async def test_nothing_but_the_lobby_changes_after_the_start(client: TestClient) -> None:
    table_id, (ann, bob, _cat) = await _lobby(client)
    assert (await post(client, f"/api/tables/{table_id}/start", ann))[0] == 200
    for path, who, body in [
        ("leave", bob, None),
        ("cancel", ann, None),
        ("kick", ann, {"seat": 1}),
    ]:
        status, answer = await post(client, f"/api/tables/{table_id}/{path}", who, body)
        assert (status, answer["code"]) == (409, "table_not_open"), path


async def test_display_names_are_unique_case_insensitively(client: TestClient) -> None:
    name = f"Nefer-{uuid.uuid4().hex[:6]}"
    await register(client, name)
    for taken in (name, name.upper(), f"  {name.lower()} "):
        response = await client.post("/api/players", json={"name": taken})
        body = await response.json()
        assert (response.status, body["code"]) == (409, "name_taken"), taken
    await register(client, name + "x")


@pytest.mark.parametrize(
    "name",
    [
        "ann\x00",
        "ann\x1b[31m",
        "ann\nTo: all",
        "ann\r\nBcc: x",
        "tab\there",
        "ann\u202egnp.exe",
        "ann\u2066x\u2069",
        "a\u200bnn",
        "a\u200dnn",
        "\ufeffann",
        "\u3164",
        "\u2800",
        "...",
        "   ",
        "a" + "\u0301" * 6,
        "\u0301ann",
        "priv\ue000",
        "x" * 41,
    ],
)
async def test_a_display_name_that_does_not_render_as_plain_text_is_400_bad_name(
    client: TestClient, name: str
) -> None:
    response = await client.post("/api/players", json={"name": name})
    body = await response.json()
    assert (response.status, body["code"]) == (400, "bad_name"), name


async def test_a_display_name_is_nfkc_normalised_with_its_spaces_made_one(
    client: TestClient,
) -> None:
    tag = uuid.uuid4().hex[:6]
    response = await client.post("/api/players", json={"name": f" Ｋｈｅｔｉ\u00a0 Ré {tag} "})
    assert response.status == 201
    assert (await response.json())["name"] == f"Kheti Ré {tag}"


async def test_a_look_alike_of_a_taken_name_is_409_name_taken(client: TestClient) -> None:
    tag = uuid.uuid4().hex[:6].replace("0", "9")
    await register(client, f"bill-{tag}")
    await register(client, f"Oscar-{tag}")
    for look_alike in (
        f"biII-{tag}",  # capital i for l
        f"bi1l-{tag}",  # one for l
        f"bіll-{tag}",  # Cyrillic і
        f"0scar-{tag}",  # zero for O
        f"Оscar-{tag}",  # Cyrillic О
    ):
        response = await client.post("/api/players", json={"name": look_alike})
        body = await response.json()
        assert (response.status, body["code"]) == (409, "name_taken"), look_alike
    await register(client, f"bell-{tag}")  # a name that only resembles another is free


@pytest.fixture
async def short_ttl_platform(tmp_path) -> AsyncIterator[Platform]:
    config = embedded_config(f"sqlite:///{tmp_path}/ttl.db")
    config.open_table_ttl = 0.3  # `--open-table-ttl` / SENET_OPEN_TABLE_TTL
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


async def test_an_idle_open_table_is_cancelled_after_the_ttl(
    short_ttl_platform: Platform, aiohttp_client: Any
) -> None:
    assert short_ttl_platform.app is not None
    client = await aiohttp_client(short_ttl_platform.app)
    # Only the create: with a TTL this short, a join could race the sweep on a busy machine.
    table_id, (ann,) = await _lobby(client, seated=1, seats=2)
    for _ in range(600):  # the sweep runs every TTL/4; wait for the event, not for a time
        if (await _summary(client, table_id))["status"] == "cancelled":
            break
        await asyncio.sleep(0.05)
    summary = await _summary(client, table_id)
    assert summary["status"] == "cancelled"
    assert not await _listed(client, table_id)
    events = await client.get(f"/api/tables/{table_id}/events", headers=ann.auth)
    names = [e["name"] for e in (await events.json())["items"]]
    assert names[-1] == "TableCancelled"


async def test_the_selfplay_client_takes_another_name_when_its_own_is_taken(
    client: TestClient,
) -> None:
    name = f"bot-{uuid.uuid4().hex[:6]}"
    await register(client, name)  # e.g. its own first attempt, answered 503 but saved
    async with aiohttp.ClientSession() as session:
        bot = await Api(session, str(client.make_url(""))).register(name)
    assert bot.name != name and bot.name.startswith(name + "-")
    me = await client.get("/api/me", headers={"Authorization": f"Bearer {bot.token}"})
    assert (await me.json())["name"] == bot.name


async def test_a_table_created_start_when_full_starts_with_the_seat_that_fills_it(
    client: TestClient, platform: Platform
) -> None:
    """The join that fills the table starts it in the same command (no `/start`), the game
    plays to the end, and the audit re-decides that join as it was decided."""
    ann, bob, cat = [await register(client, f"W{i}-{uuid.uuid4().hex[:6]}") for i in range(3)]
    body = {"game": "ra", "seats": 3, "start_when_full": True}
    status, opened = await post(client, "/api/tables", ann, body)
    assert status == 201, opened
    table_id = opened["table_id"]
    assert (await _summary(client, table_id))["start_when_full"] is True
    status, joined = await post(client, f"/api/tables/{table_id}/join", bob)
    assert status == 200 and joined["status"] == "open", joined
    status, joined = await post(client, f"/api/tables/{table_id}/join", cat)
    assert status == 200 and joined["status"] == "playing", joined
    assert joined["events"][:2] == ["SeatTaken", "TableStarted"] and len(joined["events"]) > 2
    status, again = await post(client, f"/api/tables/{table_id}/start", ann)
    assert (status, again["code"]) == (409, "table_not_open"), again
    await play_moves(client, table_id, [ann, bob, cat], seed=4)
    report, result = verify_stored(platform.store, table_id)
    assert report.ok, report
    assert result is not None


async def test_a_bot_seated_in_the_last_seat_starts_a_start_when_full_table(
    client: TestClient,
) -> None:
    ann = await register(client, f"B-{uuid.uuid4().hex[:6]}")
    body = {"game": "ra", "seats": 2, "start_when_full": True}
    status, opened = await post(client, "/api/tables", ann, body)
    assert status == 201, opened
    table_id = opened["table_id"]
    path = f"/api/tables/{table_id}/bots"
    status, seated = await post(client, path, ann, {"kind": "random", "level": 1})
    assert status == 200 and seated["status"] == "playing", seated
    assert (await _summary(client, table_id))["status"] == "playing"


async def test_without_start_when_full_the_last_join_leaves_the_start_to_the_creator(
    client: TestClient,
) -> None:
    table_id, _players = await _lobby(client)
    summary = await _summary(client, table_id)
    assert summary["status"] == "open" and summary["start_when_full"] is False
