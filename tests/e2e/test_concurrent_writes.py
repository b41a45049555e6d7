"""Concurrent writes at every write route of the OpenAPI document answer no 5xx.

Each route gets a fresh scene (new players, tables, tournaments: so that the aggregates the
writes create do not exist yet) and `AT_ONCE` requests fired together, the same write or
near ones, as a double-clicking client or a script would. Writes that race on the creation
of one aggregate (a player's preferences, mutes, an address's owner) or on its next version
must retry or answer 409; each scene also shows that the route's write does go through
(at least one answer is a success), so the race is real. A write route without a scene
fails the test."""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import STORE, admin_hashes
from services.gateway.openapi.document import ROUTES
from services.gateway.settings.notifications import setup_notify
from shared.notify import links
from shared.notify.endpoints import EndpointPolicy
from shared.notify.owners import sign_in_purpose
from shared.notify.preferences import CONFIRM
from tests.harness.requests import get, posted
from tests.platform import Player, embedded_config, open_table, register, view

AT_ONCE = 8  # the gateway's default unanswered writes per token
ADMIN_TOKEN = "a-concurrent-writes-operator-token"
ADMIN = Player(name="operator", token=ADMIN_TOKEN, player_id="")  # an admin token's caller


@dataclass
class Shot:
    """What to fire: a path, and per request its headers and JSON body (or form)."""

    path: str
    who: list[Player | None]
    bodies: list[Any]
    form: dict[str, str] | None = None
    # Whether some answer must be a success (a route whose every request loses is no race).
    succeeds: bool = True
    statuses: list[int] = field(default_factory=list)


Scene = Callable[[TestClient], Awaitable[Shot]]


def _same(player: Player | None, body: Any) -> tuple[list[Player | None], list[Any]]:
    return [player] * AT_ONCE, [body] * AT_ONCE


def _each(player: Player | None, body: Callable[[int], Any]) -> tuple[list[Any], list[Any]]:
    return [player] * AT_ONCE, [body(i) for i in range(AT_ONCE)]


async def _player(client: TestClient) -> Player:
    return await register(client, f"w{uuid.uuid4().hex[:8]}")


async def _lobby(client: TestClient, seats: int = 2, **table: Any) -> tuple[str, Player]:
    host = await _player(client)
    body = {"game": "ra", "seats": seats, **table}
    created = await posted(client, "/api/tables", host, body)
    return created["table_id"], host


async def _seated(client: TestClient) -> tuple[str, Player, Player]:
    table_id, host = await _lobby(client)
    guest = await _player(client)
    await posted(client, f"/api/tables/{table_id}/join", guest)
    return table_id, host, guest


async def _tournament(client: TestClient, joined: int = 0) -> tuple[str, list[Player]]:
    host = await _player(client)
    body = {"name": "race cup", "format": "swiss", "game": "cantstop"}
    tid = (await posted(client, "/api/tournaments", host, body))["tournament_id"]
    players = [host] + [await _player(client) for _ in range(joined)]
    for player in players[1:]:
        await posted(client, f"/api/tournaments/{tid}/join", player)
    return tid, players


async def _signed(client: TestClient, player_id: str, purpose: str) -> str:
    key = await asyncio.to_thread(links.signing_key, client.app[STORE])
    return links.sign(key, player_id, purpose)


# ---- one scene per write route --------------------------------------------------------------


async def register_player(client: TestClient) -> Shot:
    name = f"racer{uuid.uuid4().hex[:6]}"
    return Shot("/api/players", *_same(None, {"name": name}))


async def issue_token(client: TestClient) -> Shot:
    me = await _player(client)
    return Shot("/api/me/tokens", *_each(me, lambda i: {"name": f"device {i}"}))


async def _token_id(client: TestClient, me: Player, name: str) -> tuple[Player, str]:
    made = await posted(client, "/api/me/tokens", me, {"name": name})
    return Player(me.name, made["token"], me.player_id), made["id"]


async def rename_token(client: TestClient) -> Shot:
    me, token_id = await _token_id(client, await _player(client), "phone")
    return Shot(f"/api/me/tokens/{token_id}", *_each(me, lambda i: {"name": f"phone {i}"}))


async def revoke_token(client: TestClient) -> Shot:
    me = await _player(client)
    _, token_id = await _token_id(client, me, "old phone")
    return Shot(f"/api/me/tokens/{token_id}", *_same(me, None))


async def ask_sign_in_link(client: TestClient) -> Shot:
    return Shot("/api/sign-in-links", *_same(None, {"email": "racer@example.test"}))


async def sign_in(client: TestClient) -> Shot:
    me = await _player(client)
    link = await _signed(client, me.player_id, sign_in_purpose("n0nce", int(time.time()) + 600))
    return Shot("/api/sign-in", *_same(None, {"link": link}))


async def create_table(client: TestClient) -> Shot:
    me = await _player(client)
    body = {"game": "ra", "seats": 2, "command_id": "one-table"}
    return Shot("/api/tables", *_same(me, body))


async def join_table(client: TestClient) -> Shot:
    table_id, _ = await _lobby(client, seats=3)
    guests = [await _player(client) for _ in range(AT_ONCE)]
    return Shot(f"/api/tables/{table_id}/join", list(guests), [{}] * AT_ONCE)


async def renew_invitation(client: TestClient) -> Shot:
    table_id, host = await _lobby(client, visibility="private")
    return Shot(f"/api/tables/{table_id}/invitation", *_same(host, {}))


async def stop_invitation(client: TestClient) -> Shot:
    table_id, host = await _lobby(client, visibility="private")
    await posted(client, f"/api/tables/{table_id}/invitation", host)
    return Shot(f"/api/tables/{table_id}/invitation", *_same(host, None))


async def start_table(client: TestClient) -> Shot:
    table_id, host, _ = await _seated(client)
    return Shot(f"/api/tables/{table_id}/start", *_same(host, {}))


async def leave_table(client: TestClient) -> Shot:
    table_id, _, guest = await _seated(client)
    return Shot(f"/api/tables/{table_id}/leave", *_same(guest, {}))


async def resign(client: TestClient) -> Shot:
    table_id, players = await open_table(client, "ra", 2)
    return Shot(f"/api/tables/{table_id}/resign", *_same(players[1], {}))


async def cancel_table(client: TestClient) -> Shot:
    table_id, host, _ = await _seated(client)
    return Shot(f"/api/tables/{table_id}/cancel", *_same(host, {}))


async def kick(client: TestClient) -> Shot:
    table_id, host, guest = await _seated(client)
    return Shot(f"/api/tables/{table_id}/kick", *_same(host, {"player_id": guest.player_id}))


async def move(client: TestClient) -> Shot:
    table_id, players = await open_table(client, "ra", 2)
    seen = await view(client, table_id, players[0])
    mover = players[seen["to_act"][0]]
    mine = await view(client, table_id, mover)
    body = {"move": mine["legal_moves"][0], "expected_version": mine["table"]["version"]}
    return Shot(f"/api/tables/{table_id}/moves", *_same(mover, body))


async def invite_by_name(client: TestClient) -> Shot:
    table_id, host = await _lobby(client)
    guest = await _player(client)
    return Shot(f"/api/tables/{table_id}/invitations", *_same(host, {"name": guest.name}))


async def _invited(client: TestClient) -> tuple[str, Player, Player]:
    table_id, host = await _lobby(client)
    guest = await _player(client)
    await posted(client, f"/api/tables/{table_id}/invitations", host, {"name": guest.name})
    return table_id, host, guest


async def withdraw_invitation(client: TestClient) -> Shot:
    table_id, host, guest = await _invited(client)
    return Shot(f"/api/tables/{table_id}/invitations/{guest.player_id}", *_same(host, None))


async def decline_invitation(client: TestClient) -> Shot:
    table_id, _, guest = await _invited(client)
    return Shot(f"/api/tables/{table_id}/invitations/decline", *_same(guest, {}))


async def _chosen(client: TestClient) -> tuple[str, Player, Player]:
    """A Can't Stop table with take-backs whose mover rolled and chose: (table, mover, other)."""
    table_id, players = await open_table(client, "cantstop", 2, takebacks=True)
    seat = (await view(client, table_id, players[0]))["to_act"][0]
    mover, other = players[seat], players[1 - seat]
    while True:
        await posted(client, f"/api/tables/{table_id}/moves", mover, {"move": {"type": "Roll"}})
        mine = await view(client, table_id, mover)
        choices = [m for m in mine["legal_moves"] if m["type"] == "Choose"]
        if choices:
            await posted(client, f"/api/tables/{table_id}/moves", mover, {"move": choices[0]})
            return table_id, mover, other
        mover, other = other, mover  # busted: the other player's turn


async def ask_undo(client: TestClient) -> Shot:
    table_id, mover, _ = await _chosen(client)
    return Shot(f"/api/tables/{table_id}/undo", *_same(mover, {}))


async def answer_undo(client: TestClient) -> Shot:
    table_id, mover, other = await _chosen(client)
    await posted(client, f"/api/tables/{table_id}/undo", mover)
    return Shot(f"/api/tables/{table_id}/undo/answer", *_same(other, {"accept": True}))


async def _finished(client: TestClient) -> tuple[str, list[Player]]:
    table_id, players = await open_table(client, "ra", 2)
    await posted(client, f"/api/tables/{table_id}/resign", players[1])
    return table_id, players


async def ask_rematch(client: TestClient) -> Shot:
    table_id, players = await _finished(client)
    who = [players[i % 2] for i in range(AT_ONCE)]
    return Shot(f"/api/tables/{table_id}/rematch", who, [{"accept": True}] * AT_ONCE)


async def open_rematch(client: TestClient) -> Shot:
    table_id, players = await _finished(client)
    for player in players:
        await posted(client, f"/api/tables/{table_id}/rematch", player, {"accept": True})
    return Shot(f"/api/tables/{table_id}/rematch/open", *_same(players[0], None))


async def chat(client: TestClient) -> Shot:
    table_id, host, _ = await _seated(client)
    return Shot(f"/api/tables/{table_id}/chat", *_each(host, lambda i: {"text": f"hi {i}"}))


async def mute(client: TestClient) -> Shot:
    me, other = await _player(client), await _player(client)
    return Shot(f"/api/me/mutes/{other.player_id}", *_same(me, None))


async def unmute(client: TestClient) -> Shot:
    me, other = await _player(client), await _player(client)
    await client.put(f"/api/me/mutes/{other.player_id}", headers=me.auth)
    return Shot(f"/api/me/mutes/{other.player_id}", *_same(me, None))


async def set_email(client: TestClient) -> Shot:
    me = await _player(client)
    return Shot("/api/me/email", *_each(me, lambda i: {"email": f"a{i}@example.test"}))


async def add_push(client: TestClient) -> Shot:
    me = await _player(client)

    def body(i: int) -> dict[str, Any]:
        keys = {"p256dh": f"key{i}", "auth": f"auth{i}"}
        return {"endpoint": f"http://127.0.0.1:9/push/{i}", "keys": keys}

    return Shot("/api/me/push-subscriptions", *_each(me, body))


async def put_preferences(client: TestClient) -> Shot:
    me = await _player(client)
    _, prefs = await get(client, "/api/me/preferences", me)
    settings = prefs["settings"]
    return Shot("/api/me/preferences", *_each(me, lambda i: {**settings, "digest": i % 2 == 0}))


async def set_vacation(client: TestClient) -> Shot:
    me = await _player(client)
    return Shot("/api/me/vacation", *_each(me, lambda i: {"days": 1 + i}))


async def put_timing(client: TestClient) -> Shot:
    table_id, host = await _lobby(client)
    _, timing = await get(client, f"/api/tables/{table_id}/timing", host)
    return Shot(
        f"/api/tables/{table_id}/timing",
        *_each(host, lambda i: {**timing, "deadline": timing["deadline"] + i}),
    )


async def confirm_email(client: TestClient) -> Shot:
    me = await _player(client)
    await posted(client, "/api/me/email", me, {"email": "confirm@example.test"})
    token = await _signed(client, me.player_id, f"{CONFIRM}:confirm@example.test")
    return Shot(f"/api/email-confirmations/{token}", [None] * AT_ONCE, [None] * AT_ONCE, form={})


async def unsubscribe(client: TestClient) -> Shot:
    me = await _player(client)
    token = await _signed(client, me.player_id, "email")
    form = {"List-Unsubscribe": "One-Click"}
    return Shot(f"/api/unsubscribe/{token}", [None] * AT_ONCE, [None] * AT_ONCE, form=form)


async def create_tournament(client: TestClient) -> Shot:
    me = await _player(client)
    body = {"name": "race cup", "format": "swiss", "game": "cantstop", "command_id": "one"}
    return Shot("/api/tournaments", *_same(me, body))


async def join_tournament(client: TestClient) -> Shot:
    tid, _ = await _tournament(client)
    me = await _player(client)
    return Shot(f"/api/tournaments/{tid}/join", *_same(me, {}))


async def withdraw_from_tournament(client: TestClient) -> Shot:
    tid, players = await _tournament(client, joined=1)
    return Shot(f"/api/tournaments/{tid}/withdraw", *_same(players[1], {}))


async def start_tournament(client: TestClient) -> Shot:
    tid, players = await _tournament(client, joined=2)
    return Shot(f"/api/tournaments/{tid}/start", *_same(players[0], {}))


async def cancel_tournament(client: TestClient) -> Shot:
    tid, players = await _tournament(client)
    return Shot(f"/api/tournaments/{tid}/cancel", *_same(players[0], {}))


async def seat_bot(client: TestClient) -> Shot:
    table_id, host = await _lobby(client, seats=3)
    return Shot(f"/api/tables/{table_id}/bots", *_same(host, {"kind": "random", "level": 1}))


async def _disputed(client: TestClient) -> tuple[str, list[Player]]:
    table_id, players = await _finished(client)
    body = {"reason": "wrong_score", "version": 1, "text": "the score looks wrong"}
    opened = await posted(client, f"/api/tables/{table_id}/disputes", players[0], body)
    return str(opened["dispute_id"]), players


async def open_dispute(client: TestClient) -> Shot:
    table_id, players = await _finished(client)
    body = {"reason": "wrong_rule", "version": 2, "text": "that move was not legal"}
    return Shot(f"/api/tables/{table_id}/disputes", *_same(players[0], body))


async def add_statement(client: TestClient) -> Shot:
    dispute_id, players = await _disputed(client)
    body = {"text": "the score was right"}
    return Shot(f"/api/disputes/{dispute_id}/statements", *_same(players[1], body))


async def show_hands(client: TestClient) -> Shot:
    dispute_id, _ = await _disputed(client)
    return Shot(f"/api/admin/disputes/{dispute_id}/hands", *_same(ADMIN, None))


async def give_verdict(client: TestClient) -> Shot:
    dispute_id, _ = await _disputed(client)
    body = {"verdict": "stands", "reason": "the record verifies"}
    return Shot(f"/api/admin/disputes/{dispute_id}/verdict", *_same(ADMIN, body))


async def name_arbiter(client: TestClient) -> Shot:
    player = await _player(client)
    return Shot(f"/api/admin/arbiters/{player.player_id}", *_same(ADMIN, None))


async def unname_arbiter(client: TestClient) -> Shot:
    player = await _player(client)
    named = await client.put(f"/api/admin/arbiters/{player.player_id}", headers=ADMIN.auth)
    assert named.status == 200, await named.text()
    return Shot(f"/api/admin/arbiters/{player.player_id}", *_same(ADMIN, None))


SCENES: dict[tuple[str, str], Scene] = {
    ("POST", "/api/players"): register_player,
    ("POST", "/api/me/tokens"): issue_token,
    ("PATCH", "/api/me/tokens/{token_id}"): rename_token,
    ("DELETE", "/api/me/tokens/{token_id}"): revoke_token,
    ("POST", "/api/sign-in-links"): ask_sign_in_link,
    ("POST", "/api/sign-in"): sign_in,
    ("POST", "/api/tables"): create_table,
    ("POST", "/api/tables/{table_id}/join"): join_table,
    ("POST", "/api/tables/{table_id}/invitation"): renew_invitation,
    ("DELETE", "/api/tables/{table_id}/invitation"): stop_invitation,
    ("POST", "/api/tables/{table_id}/start"): start_table,
    ("POST", "/api/tables/{table_id}/leave"): leave_table,
    ("POST", "/api/tables/{table_id}/resign"): resign,
    ("POST", "/api/tables/{table_id}/cancel"): cancel_table,
    ("POST", "/api/tables/{table_id}/kick"): kick,
    ("POST", "/api/tables/{table_id}/moves"): move,
    ("POST", "/api/tables/{table_id}/invitations"): invite_by_name,
    ("DELETE", "/api/tables/{table_id}/invitations/{player_id}"): withdraw_invitation,
    ("POST", "/api/tables/{table_id}/invitations/decline"): decline_invitation,
    ("POST", "/api/tables/{table_id}/undo"): ask_undo,
    ("POST", "/api/tables/{table_id}/undo/answer"): answer_undo,
    ("POST", "/api/tables/{table_id}/rematch"): ask_rematch,
    ("POST", "/api/tables/{table_id}/rematch/open"): open_rematch,
    ("POST", "/api/tables/{table_id}/chat"): chat,
    ("PUT", "/api/me/mutes/{player_id}"): mute,
    ("DELETE", "/api/me/mutes/{player_id}"): unmute,
    ("POST", "/api/me/email"): set_email,
    ("POST", "/api/me/push-subscriptions"): add_push,
    ("PUT", "/api/me/preferences"): put_preferences,
    ("POST", "/api/me/vacation"): set_vacation,
    ("PUT", "/api/tables/{table_id}/timing"): put_timing,
    ("POST", "/api/email-confirmations/{token}"): confirm_email,
    ("POST", "/api/unsubscribe/{token}"): unsubscribe,
    ("POST", "/api/tournaments"): create_tournament,
    ("POST", "/api/tournaments/{tournament_id}/join"): join_tournament,
    ("POST", "/api/tournaments/{tournament_id}/withdraw"): withdraw_from_tournament,
    ("POST", "/api/tournaments/{tournament_id}/start"): start_tournament,
    ("POST", "/api/tournaments/{tournament_id}/cancel"): cancel_tournament,
    ("POST", "/api/tables/{table_id}/bots"): seat_bot,
    ("POST", "/api/tables/{table_id}/disputes"): open_dispute,
    ("POST", "/api/disputes/{dispute_id}/statements"): add_statement,
    ("POST", "/api/admin/disputes/{dispute_id}/hands"): show_hands,
    ("POST", "/api/admin/disputes/{dispute_id}/verdict"): give_verdict,
    ("PUT", "/api/admin/arbiters/{player_id}"): name_arbiter,
    ("DELETE", "/api/admin/arbiters/{player_id}"): unname_arbiter,
}


def test_every_write_route_of_the_document_has_a_scene() -> None:
    writes = {(r.method, r.path) for r in ROUTES if r.method != "GET"}
    assert writes == set(SCENES)


@pytest.fixture(params=["sqlite", "postgresql"])
async def client(
    request: pytest.FixtureRequest, tmp_path: Path, aiohttp_client: Any
) -> AsyncIterator[TestClient]:
    """The embedded platform on a SQLite file or a PostgreSQL schema, push endpoints on
    127.0.0.1 allowed (a test-only policy: nothing is sent)."""
    if request.param == "postgresql":
        url = str(request.getfixturevalue("postgres_url"))
    else:
        url = f"sqlite:///{tmp_path}/senet.db"
    config = embedded_config(url)
    digest = hashlib.sha256(ADMIN_TOKEN.encode()).hexdigest()
    gateway = msgspec.structs.replace(config.gateway, admin_token_hashes=admin_hashes(digest))
    running = Platform(dataclasses.replace(config, gateway=gateway))
    await running.start()
    assert running.app is not None
    setup_notify(running.app, "", EndpointPolicy(allow_private=True))
    yield await aiohttp_client(running.app)
    await running.stop()


async def _fire(client: TestClient, method: str, shot: Shot) -> list[int]:
    async def one(player: Player | None, body: Any) -> int:
        headers = player.auth if player is not None else {}
        if shot.form is not None:
            response = await client.request(method, shot.path, data=shot.form, headers=headers)
        elif body is None:
            response = await client.request(method, shot.path, headers=headers)
        else:
            response = await client.request(method, shot.path, json=body, headers=headers)
        await response.read()
        return response.status

    pairs = zip(shot.who, shot.bodies, strict=True)
    return list(await asyncio.gather(*(one(p, b) for p, b in pairs)))


async def test_concurrent_writes_at_every_write_route_answer_no_5xx(client: TestClient) -> None:
    failures = []
    for (method, path), scene in SCENES.items():
        shot = await scene(client)
        statuses = await _fire(client, method, shot)
        if any(s >= 500 for s in statuses) or not any(200 <= s < 300 for s in statuses):
            failures.append(f"{method} {path}: {sorted(statuses)}")
    assert not failures, "\n".join(failures)
