"""Driving a game whose players registered e-mail addresses."""

from __future__ import annotations

import asyncio
import random
import uuid
from typing import Any

from aiohttp.test_utils import TestClient

from services.gateway.keys import STORE
from services.notify.service import NotifyService
from shared.notify import links
from shared.notify.preferences import CONFIRM
from tests.notify.conftest import Inbox
from tests.platform import Player, register, view


async def players_with_emails(client: TestClient, count: int) -> list[Player]:
    """Registered players, each with `<name>@example.test`."""
    players = []
    for i in range(count):
        player = await register(client, f"p{i}-{uuid.uuid4().hex[:6]}")
        response = await client.post(
            "/api/me/email", json={"email": email_of(player)}, headers=player.auth
        )
        assert response.status == 200, await response.text()
        await confirm(client, player)
        players.append(player)
    return players


async def confirm(client: TestClient, player: Player) -> None:
    """Follow the confirmation link the player's address would receive."""
    key = links.signing_key(client.app[STORE])
    token = links.sign(key, player.player_id, f"{CONFIRM}:{email_of(player)}")
    response = await client.post(f"/api/email-confirmations/{token}")
    assert response.status == 200, await response.text()


def email_of(player: Player) -> str:
    """A player's test address."""
    return f"{player.name}@example.test"


async def seat(client: TestClient, game: str, players: list[Player], **options: Any) -> str:
    """Open a table with these players, seat them and start; returns the table id."""
    response = await client.post(
        "/api/tables",
        json={"game": game, "seats": len(players), "options": options},
        headers=players[0].auth,
    )
    assert response.status == 201, await response.text()
    table_id = str((await response.json())["table_id"])
    for player in players[1:]:
        response = await client.post(f"/api/tables/{table_id}/join", json={}, headers=player.auth)
        assert response.status == 200, await response.text()
    response = await client.post(f"/api/tables/{table_id}/start", json={}, headers=players[0].auth)
    assert response.status == 200, await response.text()
    return table_id


async def drained(service: NotifyService, timeout: float = 20.0) -> None:
    """Pump the service until it has read the whole store and has nothing due."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        await service.pump()
        last = await asyncio.to_thread(service.store.last_position)
        due = service.outbox.next_due()
        if service.position >= last and (due is None or due > service.clock.now()):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("notify did not drain")


async def settled(service: NotifyService, timeout: float = 120.0) -> None:
    """Wait, without driving it, until a live service has decided the whole store and has
    nothing due and nothing in flight (its deliveries are done)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        last = await asyncio.to_thread(service.store.last_position)
        due = service.outbox.next_due()
        idle = not service.outbox.sending and not service.outbox.tasks
        if service.decided >= last and idle and (due is None or due > service.clock.now()):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("notify did not settle")


async def play_until_back(
    client: TestClient, table_id: str, players: list[Player], seat: int, seed: int = 2
) -> None:
    """Random legal moves until another seat has acted and `seat` is to act again (a turn
    of dice games takes as many moves as the dice say, so no fixed count will do)."""
    rng = random.Random(seed)
    others_acted = False
    for _ in range(500):
        to_act = (await view(client, table_id, players[0]))["to_act"]
        if seat in to_act and others_acted:
            return
        mover = rng.choice(to_act)
        others_acted = others_acted or mover != seat
        mine = await view(client, table_id, players[mover])
        response = await client.post(
            f"/api/tables/{table_id}/moves",
            json={
                "move": rng.choice(mine["legal_moves"]),
                "expected_version": mine["table"]["version"],
            },
            headers=players[mover].auth,
        )
        assert response.status == 200, await response.text()
    raise AssertionError(f"seat {seat} was never to act again")


def kinds(inbox: Inbox) -> list[str]:
    """The kinds of the received mails, in order."""
    return [key.split(":")[3] for key in inbox.sent_keys()]


async def events(client: Any, table_id: str, player: Player) -> list[dict[str, Any]]:
    """The table's log as a player sees it, once the gateway's views reached the store."""
    from tests.platform import full_log

    return await full_log(client, table_id, player)
