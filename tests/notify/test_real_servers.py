"""Notify on the machine's RabbitMQ and PostgreSQL: its durable queue, a restart, one mail each."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from services.cli.platform import Platform, PlatformConfig
from services.notify.notices import UNCERTAIN, notice_id
from services.notify.service import NotifyService
from tests.helpers import until_true
from tests.notify.conftest import Inbox, notify_settings
from tests.notify.helpers import players_with_emails, seat, settled
from tests.notify.oracle import expected_notices
from tests.platform import play_moves

pytestmark = [pytest.mark.integration, pytest.mark.pg_processes]


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
        await play_moves(client, table_id, players, seed=22, limit=20)
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


def _notify_process(config: PlatformConfig, smtp_url: str, log: Path) -> subprocess.Popen[bytes]:
    """`senet notify` in its own OS process, on the platform's store and broker."""
    argv = [sys.executable, "-m", "services.cli.main", "--log-json", "notify",
            "--store", config.store, "--broker", config.broker, "--prefix", config.prefix,
            "--shards", str(config.shards), "--smtp", smtp_url,
            "--public-url", "https://senet.test", "--notify-tick", "0.05",
            "--notify-retry-base", "60", "--notify-send-timeout", "5"]  # fmt: skip
    with log.open("wb") as out:
        return subprocess.Popen(argv, stdout=out, stderr=out)


def _ready(log: Path) -> bool:
    return any('"notify_ready"' in line for line in log.read_text(errors="replace").splitlines())


async def test_a_sigkilled_notify_process_loses_no_turn_mail_and_sends_none_twice(
    amqp_url: str, postgres_url: str, unique_name: str, aiohttp_client: Any,
    smtp_server: tuple[str, Inbox], tmp_path: Path,
) -> None:  # fmt: skip
    url, inbox = smtp_server
    config = PlatformConfig(
        store=f"{postgres_url}&pool_size=2", broker=amqp_url, prefix=unique_name, shards=2,
        roles=frozenset({"table", "relay", "gateway"}),
    )  # fmt: skip
    platform = Platform(config)
    await platform.start()
    first = second = None
    try:
        client = await aiohttp_client(platform.app)
        players = await players_with_emails(client, 2)
        table_id = await seat(client, "ra", players)
        first = _notify_process(config, url, tmp_path / "notify.1.log")
        await until_true(lambda: _ready(tmp_path / "notify.1.log"), "notify ready", 90.0)
        await play_moves(client, table_id, players, seed=31, limit=20)
        await until_true(lambda: len(inbox.sent_keys()) >= 3, "turn mails before the kill")
        first.send_signal(signal.SIGKILL)  # no shutdown code runs: no checkpoint, no stop
        first.wait()
        before = set(inbox.sent_keys())
        await play_moves(client, table_id, players, seed=32, limit=20)  # notify dead
        second = _notify_process(config, url, tmp_path / "notify.2.log")
        expected = {
            f"{t}:{turn}:{s}:{kind}:email"
            for t, turn, s, kind in await asyncio.to_thread(expected_notices, platform.store)
        }

        def decided() -> bool:  # every expected notice sent, or abandoned at the kill
            sent = set(inbox.sent_keys())
            return all(k in sent or _abandoned(platform.store, k) for k in expected)

        await until_true(decided, "every turn mail after the restart", 120.0)
        keys = inbox.sent_keys()
        assert len(keys) == len(set(keys))  # none twice
        assert set(keys) <= expected
        assert set(keys) - before  # the turns played while it was dead
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
        await platform.broker.cleanup()
        await platform.stop()


def _abandoned(store: Any, key: str) -> bool:
    """The notice was claimed for delivery when its process died: never sent again."""
    try:
        notice = store.repository.get(notice_id(key))
    except Exception:  # not created (yet)
        return False
    return bool(notice.status == UNCERTAIN)
