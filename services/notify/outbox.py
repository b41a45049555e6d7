"""Creating notices at most once and delivering them: retries, back-off, dead letters.

Delivery runs in notify's own task: a slow or failing mail server delays notifications,
never play. Quiet hours defer a notice; digest players get one mail for what piled up.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from uuid import UUID

import structlog
from eventsourcing.persistence import IntegrityError

from services.notify.clock import Clock
from services.notify.messages import push_payload, render, render_digest
from services.notify.metrics import NotifyMetrics
from services.notify.notices import SENDING, Notice, notice_key
from services.notify.push import PushTarget, SubscriptionGone
from services.notify.quiet import quiet_until
from services.notify.settings import NotifySettings
from services.notify.smtp import SmtpTarget
from shared.notify import links
from shared.notify.preferences import CHANNELS, Preferences, preferences_id
from shared.notify.preferences import load as load_preferences
from shared.store import EventStore

log = structlog.get_logger("senet.notify")
WATCHED_KINDS = frozenset({"your_turn", "reminder", "last_warning"})  # not while connected


class Outbox:
    """The open notices of this process and their delivery."""

    def __init__(
        self,
        store: EventStore,
        settings: NotifySettings,
        clock: Clock,
        metrics: NotifyMetrics,
        is_present: Callable[[str, str], bool],
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.metrics = metrics
        self.is_present = is_present
        self.notices: dict[UUID, Notice] = {}
        self.prefs: dict[str, Preferences | None] = {}
        self.prefs_ids: dict[UUID, str] = {}
        self.key = b""
        self.smtp = (
            SmtpTarget(settings.smtp_url, settings.send_timeout) if settings.smtp_url else None
        )
        self.push = (
            PushTarget(settings.vapid_private_key, settings.vapid_subject, settings.send_timeout)
            if settings.push_enabled
            else None
        )
        self.dead_letters: list[dict[str, str]] = []
        self.lock = asyncio.Lock()

    async def preferences(self, player_id: str) -> Preferences | None:
        """A player's preferences (cached until the log shows a change)."""
        if player_id not in self.prefs:
            self.prefs[player_id] = await asyncio.to_thread(load_preferences, self.store, player_id)
            self.prefs_ids[preferences_id(player_id)] = player_id
        return self.prefs[player_id]

    def forget_preferences_by_id(self, aggregate_id: UUID) -> None:
        """A player's preferences changed in the log: read them again next time."""
        player_id = self.prefs_ids.get(aggregate_id)
        if player_id is not None:
            self.prefs.pop(player_id, None)

    def channels(self, prefs: Preferences | None) -> list[str]:
        """The channels a player wants that this platform can deliver."""
        if prefs is None:
            return []
        able = {"email": self.smtp is not None, "push": self.push is not None}
        return [c for c in CHANNELS if able[c] and prefs.wants(c)]

    async def create(
        self, *, table_id: str, turn: int, seat: int, kind: str, player_id: str,
        facts: dict[str, Any], since: float | None = None,
    ) -> int:  # fmt: skip
        """Queue one notice per wanted channel, unless its key exists; returns how many."""
        prefs = await self.preferences(player_id)
        made = 0
        for channel in self.channels(prefs):
            key = notice_key(table_id, turn, seat, kind, channel)
            now = self.clock.now()
            notice = Notice(
                key=key, player_id=player_id, table_id=table_id, turn=turn, seat=seat,
                kind=kind, channel=channel, due=now, created=since or now, facts=facts,
            )  # fmt: skip
            try:
                await asyncio.to_thread(self.store.save, notice)
            except IntegrityError:
                continue  # already queued once: at most once per key
            self.notices[notice.id] = notice
            made += 1
        return made

    def adopt(self, notice: Notice) -> None:
        """Take over an open notice found in the store at start; a claimed one is abandoned."""
        if notice.is_final or notice.id in self.notices:
            return
        if notice.status == SENDING:
            notice.uncertain()
            self.store.save(notice)
            log.warning("notice_uncertain", key=notice.key)
            return
        self.notices[notice.id] = notice

    async def deliver_due(self) -> int:
        """Deliver every notice that is due now; returns how many were delivered."""
        async with self.lock:
            now = self.clock.now()
            due = [n for n in self.notices.values() if not n.is_final and n.due <= now]
            due.sort(key=lambda n: (n.due, n.key))
            digests: dict[str, list[Notice]] = {}
            delivered = 0
            for notice in due:
                prefs = await self.preferences(notice.player_id)
                if await self._held(notice, prefs, now):
                    continue
                assert prefs is not None
                if notice.channel == "email" and prefs.chosen.digest:
                    digests.setdefault(notice.player_id, []).append(notice)
                    continue
                delivered += await self._deliver([notice], prefs)
            for notices in digests.values():
                ready = min(n.created for n in notices) + self.settings.digest_every
                if ready > now:  # the digest window is still open: wait for its end
                    for notice in notices:
                        notice.defer(ready)
                        await self._store(notice)
                    continue
                prefs = await self.preferences(notices[0].player_id)
                assert prefs is not None
                delivered += await self._deliver(notices, prefs)
            for notice in [n for n in self.notices.values() if n.is_final]:
                del self.notices[notice.id]
            return delivered

    async def _held(self, notice: Notice, prefs: Preferences | None, now: float) -> bool:
        """Skip or defer a notice that must not go now; True if it was held."""
        if prefs is None or notice.channel not in self.channels(prefs):
            notice.skip("unsubscribed")
            await self._store(notice)
            return True
        if notice.kind.rstrip("0123456789") in WATCHED_KINDS and self.is_present(
            notice.table_id, notice.player_id
        ):
            notice.skip("connected")
            await self._store(notice)
            return True
        until = quiet_until(prefs.chosen.quiet, now)
        if until is not None:
            notice.defer(until)
            await self._store(notice)
            return True
        return False

    async def _deliver(self, notices: list[Notice], prefs: Preferences) -> int:
        now = self.clock.now()
        for notice in notices:
            notice.attempt(now)
            await self._store(notice)
        first = notices[0]
        try:
            await asyncio.wait_for(self._send(notices, prefs), self.settings.send_timeout)
        except Exception as exc:
            await self._failed(notices, exc)
            return 0
        for notice in notices:
            notice.sent(self.clock.now())
            await self._store(notice)
            self.metrics.sent.labels(notice.channel).inc()
            self.metrics.latency.labels(notice.channel).observe(max(0.0, now - notice.created))
        log.info("notice_sent", key=first.key, count=len(notices), channel=first.channel)
        return len(notices)

    async def _send(self, notices: list[Notice], prefs: Preferences) -> None:
        first = notices[0]
        if first.channel == "email":
            assert self.smtp is not None and prefs.email
            if len(notices) == 1:
                message = render(first.kind, first.facts)
            else:
                message = render_digest([(n.kind, n.facts) for n in notices])
            url = self.unsubscribe_url(first.player_id, "email")
            await self.smtp.send(self.settings.mail_from, prefs.email, message, url, first.key)
            return
        assert self.push is not None
        payload = push_payload(first.kind, first.facts)
        for subscription in prefs.subscriptions():
            try:
                await self.push.send(subscription, payload)
            except SubscriptionGone:
                await asyncio.to_thread(
                    self._remove_subscription, first.player_id, subscription.endpoint
                )
                log.info("push_subscription_removed", player_id=first.player_id)

    def _remove_subscription(self, player_id: str, endpoint: str) -> None:
        prefs = load_preferences(self.store, player_id)
        if prefs is not None:
            prefs.remove_push(endpoint)
            self.store.save(prefs)
        self.prefs.pop(player_id, None)

    async def _failed(self, notices: list[Notice], exc: Exception) -> None:
        error = f"{type(exc).__name__}: {exc}"[:300]
        for notice in notices:
            if notice.attempts >= self.settings.max_attempts:
                notice.dead(error)
                await self._store(notice)
                self.metrics.failed.labels(notice.channel).inc()
                self.dead_letters.append({"key": notice.key, "error": error})
                log.error("notice_dead_lettered", key=notice.key, error=error)
                continue
            wait = min(
                self.settings.retry_base * 2 ** (notice.attempts - 1), self.settings.retry_cap
            )
            retry_at = self.clock.now() + wait
            notice.failed(error, retry_at)
            await self._store(notice)
            self.metrics.retried.labels(notice.channel).inc()
            log.warning("notice_retry", key=notice.key, attempt=notice.attempts, wait=wait)

    async def _store(self, notice: Notice) -> None:
        await asyncio.to_thread(self.store.save, notice)

    def unsubscribe_url(self, player_id: str, channel: str) -> str:
        """The link that stops a channel without logging in."""
        token = links.sign(self.key, player_id, channel)
        return f"{self.settings.public_url.rstrip('/')}/api/unsubscribe/{token}"

    def next_due(self) -> float | None:
        """When the earliest open notice is due."""
        dues = [n.due for n in self.notices.values() if not n.is_final]
        return min(dues) if dues else None
