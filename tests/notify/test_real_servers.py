"""Notify on the machine's RabbitMQ and PostgreSQL: its durable queue, a restart, one mail each."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from services.cli.platform import Platform, PlatformConfig
from services.notify.service import NotifyService
from tests.notify.conftest import Inbox, notify_settings
from tests.notify.helpers import players_with_emails, seat, settled
from tests.notify.oracle import expected_notices
from tests.platform import play_moves

pytestmark = pytest.mark.integration


async def test_notify_on_rabbitmq_and_postgres_mails_each_turn_once_across_a_restart(
    amqp_url: str, postgres_url: str, unique_name: str, aiohttp_client: Any,
    smtp_server: tuple[str, Inbox],
) -> None:  # fmt: skip
    url, inbox = smtp_server
    settings = notify_settings(url)
    config = PlatformConfig(
        store=postgres_url, broker=amqp_url, prefix=unique_name, shards=2,
        roles=frozenset({"table", "relay", "gateway", "notify"}), notify=settings,
    )  # fmt: skip
    platform = Platform(config)
    await platform.start()
    try:
        client = await aiohttp_client(platform.app)
        players = await players_with_emails(client, 2)
        table_id = await seat(client, "ra", players)
        await play_moves(client, table_id, players, seed=21, limit=20)
        assert platform.notify is not None
        await platform.notify.stop()  # notify dies; the next one catches up from the store
        await play_moves(client, table_id, players, seed=22)
        again = NotifyService(platform.store, platform.broker, settings)
        await again.start()
        expected = await asyncio.to_thread(expected_notices, platform.store)
        await settled(again)  # every notice decided and delivered
        await again.stop()
        keys = inbox.sent_keys()
        assert len(keys) == len(set(keys))
        assert set(keys) == {f"{t}:{turn}:{s}:{kind}:email" for t, turn, s, kind in expected}
    finally:
        await platform.broker.cleanup()
        await platform.stop()
