"""An invitation by name is mailed to the invitee (and to nobody else), with the table's link."""

from __future__ import annotations

from typing import Any

from services.cli.platform import Platform
from tests.notify.conftest import Inbox, notify_settings, plain_text, start_notify
from tests.notify.helpers import drained, email_of, players_with_emails


async def test_the_invitee_gets_one_mail_with_the_tables_link(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    host, ann, bob = await players_with_emails(client, 3)
    body = {"game": "ra", "seats": 3, "visibility": "private"}
    table_id = (await (await client.post("/api/tables", json=body, headers=host.auth)).json())[
        "table_id"
    ]
    await drained(service)
    before = {p.name: len(inbox.to(email_of(p))) for p in (host, ann, bob)}
    response = await client.post(
        f"/api/tables/{table_id}/invitations", json={"name": ann.name}, headers=host.auth
    )
    assert response.status == 200, await response.text()
    await drained(service)
    mails = inbox.to(email_of(ann))[before[ann.name] :]
    assert len(mails) == 1 and "invitation" in str(mails[0]["Subject"])
    text = plain_text(mails[0])
    assert f"https://senet.test/tables/{table_id}" in text and host.name in text
    assert len(inbox.to(email_of(bob))) == before[bob.name]
    assert len(inbox.to(email_of(host))) == before[host.name]


async def test_inviting_withdrawing_and_inviting_again_mails_only_once(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    host, ann = await players_with_emails(client, 2)
    body = {"game": "ra", "seats": 2, "visibility": "private"}
    created = await client.post("/api/tables", json=body, headers=host.auth)
    table_id = (await created.json())["table_id"]
    await drained(service)
    before = len(inbox.to(email_of(ann)))
    for _ in range(5):  # the cycle the audit found: 10 mails in 0.3 s
        invite = {"name": ann.name}
        response = await client.post(
            f"/api/tables/{table_id}/invitations", json=invite, headers=host.auth
        )
        assert response.status == 200, await response.text()
        await drained(service)
        path = f"/api/tables/{table_id}/invitations/{ann.player_id}"
        assert (await client.delete(path, headers=host.auth)).status == 200
    await drained(service)
    assert len(inbox.to(email_of(ann))) == before + 1


async def test_invitation_mails_are_limited_per_invitee_and_per_inviter(
    game_platform: Platform, aiohttp_client: Any, smtp_server: tuple[str, Inbox]
) -> None:
    from services.notify.invitations import INVITEE_MAILS

    url, inbox = smtp_server
    client = await aiohttp_client(game_platform.app)
    service = await start_notify(game_platform, notify_settings(url))
    host, ann = await players_with_emails(client, 2)
    await drained(service)
    before = len(inbox.to(email_of(ann)))
    for _ in range(INVITEE_MAILS + 3):  # many tables, one invitee
        body = {"game": "ra", "seats": 2, "visibility": "private"}
        created = await client.post("/api/tables", json=body, headers=host.auth)
        table_id = (await created.json())["table_id"]
        response = await client.post(
            f"/api/tables/{table_id}/invitations", json={"name": ann.name}, headers=host.auth
        )
        assert response.status == 200, await response.text()
        await drained(service)
    assert len(inbox.to(email_of(ann))) == before + INVITEE_MAILS
