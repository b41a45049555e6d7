"""Rematch over HTTP: offer, decline, offer again, accept; the new table opens with everyone
seated (one seat on) and playing; both records verify; the failure cases change nothing."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp.test_utils import TestClient

from shared.audit.record import decode_record
from shared.audit.verify import verify_record
from tests.e2e.rematchkit import finished_game, rematch
from tests.platform import open_table, register, view


async def _record_ok(client: TestClient, table_id: str, token: dict[str, str]) -> dict:
    response = await client.get(f"/api/tables/{table_id}/record", headers=token)
    assert response.status == 200, await response.text()
    raw = await response.read()
    report = verify_record(decode_record(raw))
    assert report.ok, report.problem
    return decode_record(raw)  # type: ignore[return-value]


async def test_a_rematch_everyone_accepts_opens_a_new_table_one_seat_on(
    client: TestClient,
) -> None:
    old_id, (ann, bob) = await finished_game(client)
    status, state = await rematch(client, old_id, ann)
    assert status == 200 and state["accepted"] == [0] and state["rematch_table"] is None
    status, state = await rematch(client, old_id, bob, accept=False)  # one refusal
    assert status == 200 and state["accepted"] == [] and state["rematch_table"] is None
    status, state = await rematch(client, old_id, bob)  # bob offers this time
    assert state["accepted"] == [1]
    status, state = await rematch(client, old_id, ann)
    new_id = state["rematch_table"]
    assert status == 200 and new_id and state["accepted"] == [1, 0]

    seen = await view(client, new_id, bob)
    table = seen["table"]
    assert table["status"] == "playing" and table["rematch_of"] == old_id
    assert [s["player_id"] for s in table["seats"]] == [bob.player_id, ann.player_id]
    assert [s["name"] for s in table["seats"]] == [bob.name, ann.name]  # each keeps their own
    assert table["creator"] == bob.player_id and seen["seat"] == 0
    assert (await view(client, new_id, ann))["seat"] == 1
    old = await view(client, old_id, ann)
    assert old["table"]["rematch_table"] == new_id
    mine = await (await client.get("/api/me/tables", headers=ann.auth)).json()
    assert new_id in {t["table_id"] for t in mine["items"]}

    record = await _record_ok(client, old_id, ann.auth)  # the offers are in the old record
    kinds = [c.kind for c in record.commands]  # type: ignore[attr-defined]
    assert kinds.count("rematch_offer") == 4
    response = await client.post(f"/api/tables/{new_id}/resign", json={}, headers=ann.auth)
    assert response.status == 200
    record = await _record_ok(client, new_id, bob.auth)
    first = record.commands[0]  # type: ignore[attr-defined]
    assert first.kind == "rematch" and [s.player_id for s in first.seated] == [
        bob.player_id, ann.player_id,
    ]  # fmt: skip
    assert record.rematch_of == old_id  # type: ignore[attr-defined]
    assert record.seed and record.commitment  # a new secret seed, revealed at its end


async def test_rematch_failures_change_nothing(client: TestClient) -> None:
    table_id, players = await open_table(client, "ra", 2)
    status, body = await rematch(client, table_id, players[0])
    assert (status, body["code"]) == (409, "game_not_over")
    old_id, (ann, bob) = await finished_game(client)
    status, body = await rematch(client, old_id, ann, accept=False)
    assert (status, body["code"]) == (409, "no_rematch_offer")
    stranger = await register(client, "rematch-stranger")
    status, body = await rematch(client, old_id, stranger)
    assert (status, body["code"]) == (403, "not_seated")
    await rematch(client, old_id, ann)
    status, body = await rematch(client, old_id, ann)
    assert (status, body["code"]) == (409, "already_accepted")
    before = (await view(client, old_id, ann))["table"]["version"]
    response = await client.post(
        f"/api/tables/{old_id}/rematch", json={"accept": "yes"}, headers=ann.auth
    )
    assert response.status == 400
    assert (await view(client, old_id, ann))["table"]["version"] == before
    status, state = await rematch(client, old_id, bob)
    agreed = state["rematch_table"]
    status, again = await rematch(client, old_id, bob)  # agreed already: the same answer
    assert status == 200 and again["rematch_table"] == agreed


async def test_the_table_worker_opens_the_agreed_rematch_without_the_gateway(
    client: TestClient, platform
) -> None:
    from services.gateway.tables.commands import send
    from shared.contracts.envelopes import Rematch
    from shared.tables.client import TableClient
    from shared.tables.decide import rematch_id
    from shared.tables.reader import load_state

    old_id, (ann, bob) = await finished_game(client)
    for player in (ann, bob):  # straight to the table worker, no gateway route
        await send(TableClient(platform.broker), table_id=old_id, player_id=player.player_id,
                   action=Rematch())  # fmt: skip
    agreed = await asyncio.to_thread(load_state, platform.store, old_id)
    assert agreed is not None
    new_id = agreed.state.rematch_table
    assert new_id and new_id != rematch_id(old_id)  # drawn at random, not derived
    deadline = asyncio.get_running_loop().time() + 60  # a guard: opened by the rematch
    while (opened := await asyncio.to_thread(load_state, platform.store, new_id)) is None:
        assert asyncio.get_running_loop().time() < deadline, "the rematch table never opened"
        await asyncio.sleep(0.02)
    assert opened.state.status == "playing"
    assert list(opened.state.players) == [bob.player_id, ann.player_id]


async def test_a_lost_open_is_repaired_by_the_open_route(
    client: TestClient, platform, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agreement is stored but the new table was never opened (the worker died in
    between): the open route opens it, and a second call changes nothing."""
    from services.gateway.tables.commands import send
    from shared.contracts.envelopes import Rematch
    from shared.tables.client import TableClient

    monkeypatch.setattr(platform.worker.rematches, "after", lambda *args: None)  # lost
    old_id, (ann, bob) = await finished_game(client)
    for player in (ann, bob):
        await send(TableClient(platform.broker), table_id=old_id, player_id=player.player_id,
                   action=Rematch())  # fmt: skip
    response = await client.post(f"/api/tables/{old_id}/rematch/open", headers=bob.auth)
    state = await response.json()
    new_id = state["rematch_table"]
    assert response.status == 200 and new_id
    assert (await view(client, new_id, ann))["table"]["status"] == "playing"
    response = await client.post(f"/api/tables/{old_id}/rematch/open", headers=ann.auth)
    assert response.status == 200 and (await response.json())["rematch_table"] == new_id
    stranger = await register(client, "open-stranger")
    response = await client.post(f"/api/tables/{new_id}/rematch/open", headers=stranger.auth)
    assert response.status == 200 and (await response.json())["rematch_table"] is None
