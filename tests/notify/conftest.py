"""A real SMTP server in the test process (aiosmtpd) and a platform with notify wired in."""

from __future__ import annotations

import asyncio
import email
import email.policy
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from services.cli.platform import Platform, PlatformConfig
from services.notify.clock import FakeClock
from services.notify.service import NotifyService
from services.notify.settings import NotifySettings
from tests.helpers import free_port
from tests.platform import embedded_config


@dataclass
class Inbox:
    """What the SMTP server received; `down` makes it answer 451 (a temporary outage)."""

    messages: list[EmailMessage] = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)  # the DATA bytes as received
    down: bool = False
    hang: bool = False  # hold DATA for a while, then refuse it (a server that stalls)
    refused: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        """Keep the message (or refuse it while down)."""
        if self.hang:
            await asyncio.sleep(1.0)
        if self.down or self.hang:
            self.refused += 1
            return "451 4.3.0 try again later"
        data = envelope.content if isinstance(envelope.content, bytes) else b""
        message = email.message_from_bytes(data, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.lock:
            self.messages.append(message)
            self.raw.append(data)
        return "250 OK"

    def sent_keys(self) -> list[str]:
        """The at-most-once keys (X-Senet-Key) of the table mails received. Confirmation
        mails are left out: a live notify service sends one as soon as a test player's
        address is set, which may come before the test confirms it (they are checked by
        subject where a test is about them)."""
        with self.lock:
            keys = [str(m["X-Senet-Key"]) for m in self.messages]
        return [key for key in keys if ":confirm_email:" not in key]

    def to(self, address: str) -> list[EmailMessage]:
        """The mails sent to one address."""
        with self.lock:
            return [m for m in self.messages if m["To"] == address]


def plain_text(message: EmailMessage) -> str:
    """The plain-text body of a mail."""
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


@pytest.fixture
def smtp_server() -> Iterator[tuple[str, Inbox]]:
    """An aiosmtpd server on a free port: (smtp URL, inbox)."""
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield f"smtp://127.0.0.1:{port}", inbox
    finally:
        controller.stop()


def notify_settings(smtp_url: str, **extra: Any) -> NotifySettings:
    """Settings for tests: fast retries, links to a test URL."""
    defaults: dict[str, Any] = {
        "public_url": "https://senet.test",
        "smtp_url": smtp_url,
        "retry_base": 60.0,
        "retry_cap": 600.0,
        "max_attempts": 4,
        "send_timeout": 5.0,
        "tick": 0.05,
        "push_allow_private_for_tests": True,  # the stand-in push service is on 127.0.0.1
    }
    return NotifySettings(**(defaults | extra))


@pytest.fixture
async def game_platform(tmp_path: Path) -> AsyncIterator[Platform]:
    """Table, relay and gateway (no notify: each test runs its own NotifyService)."""
    config: PlatformConfig = embedded_config(f"sqlite:///{tmp_path}/senet.db")
    config.roles = frozenset({"table", "relay", "gateway"})
    running = Platform(config)
    await running.start()
    yield running
    await running.stop()


@pytest.fixture
def clock() -> FakeClock:
    """A fake clock starting now (so stored event times and the clock agree)."""
    import time

    return FakeClock(time.time())


async def start_notify(
    platform: Platform, settings: NotifySettings, clock: FakeClock | None = None
) -> NotifyService:
    """A notify service on the platform's store and broker, driven by `pump()` in tests."""
    service = NotifyService(platform.store, platform.broker, settings, clock=clock)
    await service.start(loops=False)
    return service
