"""Signing in again by e-mail: a confirmed address gets a single-use link that issues a new
token; an unknown address gets the same answer and no mail; forged, expired and used links
are refused."""

from __future__ import annotations

import time
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from services.cli.platform import Platform
from services.gateway.keys import SIGN_INS, STORE
from shared.notify import links, owners
from shared.notify.owners import sign_in_purpose
from tests.notify.conftest import Inbox, notify_settings, plain_text, start_notify
from tests.notify.helpers import drained, email_of, players_with_emails


async def _ask(client: TestClient, email: str) -> dict[str, Any]:
    response = await client.post("/api/sign-in-links", json={"email": email})
    assert response.status == 202, await response.text()
    return await response.json()


def _link_code(inbox: Inbox, address: str) -> str:
    [mail] = [m for m in inbox.to(address) if "sign-in" in str(m["Subject"])]
    line = next(x for x in plain_text(mail).splitlines() if "/sign-in#" in x)
    return line.split("#", 1)[1].strip()


async def test_a_confirmed_address_signs_in_once_and_others_learn_nothing(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    [ann] = await players_with_emails(client, 1)
    await drained(service)
    before = len(inbox.messages)

    known = await _ask(client, email_of(ann).upper())  # addresses compare case-insensitively
    unknown = await _ask(client, "nobody@example.test")
    assert known == unknown  # the answer does not tell whose address it is
    await _ask(client, email_of(ann))  # asked again at once: no second mail
    await client.app[SIGN_INS].drained()  # the asks are recorded off the request path
    await drained(service)
    assert len(inbox.messages) == before + 1
    code = _link_code(inbox, email_of(ann))
    assert code not in str(inbox.to("nobody@example.test"))

    response = await client.post("/api/sign-in", json={"link": code})
    assert response.status == 201, await response.text()
    issued = await response.json()
    assert (issued["player_id"], issued["player_name"]) == (ann.player_id, ann.name)
    me = await client.get("/api/me", headers={"Authorization": f"Bearer {issued['token']}"})
    assert (await me.json())["player_id"] == ann.player_id
    tokens = await (await client.get("/api/me/tokens", headers=ann.auth)).json()
    assert [t["name"] for t in tokens["tokens"]] == ["first token", "sign-in link"]

    response = await client.post("/api/sign-in", json={"link": code})
    assert (response.status, (await response.json())["code"]) == (409, "link_used")


async def test_forged_and_expired_links_are_refused(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, _ = smtp_server
    client = await aiohttp_client(game_platform.app)
    await start_notify(game_platform, notify_settings(url))
    [bob] = await players_with_emails(client, 1)
    key = links.signing_key(client.app[STORE])
    expired = links.sign(key, bob.player_id, sign_in_purpose("n0nce", int(time.time()) - 1))
    response = await client.post("/api/sign-in", json={"link": expired})
    assert (response.status, (await response.json())["code"]) == (400, "link_expired")
    valid = links.sign(key, bob.player_id, sign_in_purpose("n0nce", int(time.time()) + 60))
    forged = valid[:-2] + ("AA" if not valid.endswith("AA") else "BB")
    response = await client.post("/api/sign-in", json={"link": forged})
    assert (response.status, (await response.json())["code"]) == (400, "bad_sign_in_link")
    unsubscribe = links.sign(key, bob.player_id, "email")  # another kind of signed link
    response = await client.post("/api/sign-in", json={"link": unsubscribe})
    assert (response.status, (await response.json())["code"]) == (400, "bad_sign_in_link")
    response = await client.post("/api/sign-in-links", json={"email": "no-at-sign"})
    assert (response.status, (await response.json())["code"]) == (400, "bad_email")
    tokens = await (await client.get("/api/me/tokens", headers=bob.auth)).json()
    assert len(tokens["tokens"]) == 1  # nothing was issued


async def test_the_answer_does_not_wait_for_the_address_to_be_looked_up(
    game_platform: Platform,
    aiohttp_client: Any,
    smtp_server: tuple[str, Inbox],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url, _ = smtp_server
    client = await aiohttp_client(game_platform.app)
    await start_notify(game_platform, notify_settings(url))
    [cy] = await players_with_emails(client, 1)
    looked_up: list[str] = []
    real = owners.ask_sign_in

    def slow_ask(*args: Any) -> bool:
        time.sleep(0.5)  # a store much slower for a known address than for an unknown one
        looked_up.append(args[1])
        return real(*args)

    monkeypatch.setattr(owners, "ask_sign_in", slow_ask)
    for email in (email_of(cy), "nobody@example.test"):
        started = time.perf_counter()
        await _ask(client, email)
        assert time.perf_counter() - started < 0.25, email
    await client.app[SIGN_INS].drained()
    assert looked_up == [email_of(cy), "nobody@example.test"]
