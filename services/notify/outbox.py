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
from services.notify.messages import (
    ACCOUNT_KINDS,
    CONFIRM_KIND,
    SIGN_IN_KIND,
    push_payload,
    render,
    render_digest,
)
from services.notify.metrics import NotifyMetrics
from services.notify.notices import SENDING, Notice, notice_key
from services.notify.push import PushTarget, SubscriptionGone
from services.notify.quiet import quiet_until
from services.notify.settings import NotifySettings
from services.notify.smtp import SmtpTarget
from shared.notify import links
from shared.notify.endpoints import EndpointRefused
from shared.notify.owners import LINK_SECONDS, sign_in_purpose
from shared.notify.preferences import (
    CHANNELS,
    CONFIRM,
    Preferences,
    PushSubscription,
    preferences_id,
)
from shared.notify.preferences import load as load_preferences
from shared.store import EventStore
from shared.store.retries import retried

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
            PushTarget(
                settings.vapid_private_key,
                settings.vapid_subject,
                settings.push_timeout,
                settings.endpoint_policy,
            )
            if settings.push_enabled
            else None
        )
        self.dead_letters: list[dict[str, str]] = []
        self.lock = asyncio.Lock()
        self.sending: set[UUID] = set()  # notices whose delivery is in flight
        self.tasks: set[asyncio.Task[int]] = set()
        self.slots = asyncio.Semaphore(max(settings.max_sending, 1))
        self.on_done: Callable[[], None] = lambda: None  # the service wakes its loop here

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
        facts: dict[str, Any], since: float | None = None, key_table: str = "",
    ) -> int:  # fmt: skip
        """Queue one notice per wanted channel, unless its key exists; returns how many.
        `key_table` replaces table and turn in the key (an invitation: once per invitee)."""
        prefs = await self.preferences(player_id)
        made = 0
        for channel in self.channels(prefs):
            if key_table:
                key = notice_key(key_table, 0, seat, kind, channel)
            else:
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

    async def confirmation(self, player_id: str, email: str, position: int) -> None:
        """Queue the one mail a new address gets before any other: its confirmation link
        (at most once per address change, the store position of the change)."""
        if self.smtp is None:
            return
        token = links.sign(self.key, player_id, f"{CONFIRM}:{email}")
        link = f"{self.settings.public_url.rstrip('/')}/api/email-confirmations/{token}"
        key = notice_key(f"email-{player_id}", position, 0, CONFIRM_KIND, "email")
        now = self.clock.now()
        notice = Notice(
            key=key, player_id=player_id, table_id="", turn=position, seat=0,
            kind=CONFIRM_KIND, channel="email", due=now, created=now,
            facts={"email": email, "link": link},
        )  # fmt: skip
        try:
            await asyncio.to_thread(self.store.save, notice)
        except IntegrityError:
            return
        self.notices[notice.id] = notice

    async def sign_in(
        self, player_id: str, name: str, email: str, nonce: str, at: float, position: int
    ) -> None:
        """Queue the mail with a sign-in link a player asked for (once per request)."""
        if self.smtp is None:
            return
        expires = int(at) + LINK_SECONDS
        token = links.sign(self.key, player_id, sign_in_purpose(nonce, expires))
        link = f"{self.settings.public_url.rstrip('/')}/sign-in#{token}"
        key = notice_key(f"sign-in-{player_id}", position, 0, SIGN_IN_KIND, "email")
        now = self.clock.now()
        notice = Notice(
            key=key, player_id=player_id, table_id="", turn=position, seat=0,
            kind=SIGN_IN_KIND, channel="email", due=now, created=now,
            facts={"email": email, "link": link, "name": name},
        )  # fmt: skip
        try:
            await asyncio.to_thread(self.store.save, notice)
        except IntegrityError:
            return
        self.notices[notice.id] = notice

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

    async def deliver_due(self, *, wait: bool = True) -> int:
        """Start delivering every notice that is due now; returns how many were delivered.

        Each notice (or one player's digest) is delivered in its own task, at most
        `max_sending` at once, so a slow mail server or push endpoint delays only its own
        notices. With `wait` (tests, `pump`) this returns when the deliveries it started are
        done; without (the service's loop) at once, so timers and deadlines never wait.
        """
        started: list[asyncio.Task[int]] = []
        async with self.lock:
            now = self.clock.now()
            due = [n for n in self._open() if n.due <= now]
            due.sort(key=lambda n: (n.due, n.key))
            digests: dict[str, list[Notice]] = {}
            for notice in due:
                try:
                    prefs = await self.preferences(notice.player_id)
                    if await self._held(notice, prefs, now):
                        continue
                    assert prefs is not None
                    digest = prefs.chosen.digest and notice.kind not in ACCOUNT_KINDS
                    if notice.channel == "email" and digest:
                        digests.setdefault(notice.player_id, []).append(notice)
                        continue
                    started.append(self._start([notice], prefs))
                except Exception as exc:  # one bad notice never stops the others
                    self._fault(notice, exc)
            for notices in digests.values():
                try:
                    ready = min(n.created for n in notices) + self.settings.digest_every
                    if ready > now:  # the digest window is still open: wait for its end
                        for notice in notices:
                            notice.defer(ready)
                            await self._store(notice)
                        continue
                    prefs = await self.preferences(notices[0].player_id)
                    assert prefs is not None
                    started.append(self._start(notices, prefs))
                except Exception as exc:
                    self._fault(notices[0], exc)
            self._forget_final()
        if not wait or not started:
            return 0
        delivered = sum(await asyncio.gather(*started))
        async with self.lock:
            self._forget_final()
        return delivered

    def _open(self) -> list[Notice]:
        """Open notices not being delivered right now."""
        return [n for n in self.notices.values() if not n.is_final and n.id not in self.sending]

    def _forget_final(self) -> None:
        for notice in [n for n in self.notices.values() if n.is_final]:
            if notice.id not in self.sending:
                del self.notices[notice.id]

    def _start(self, notices: list[Notice], prefs: Preferences) -> asyncio.Task[int]:
        """Deliver in a task of its own, bounded by the semaphore."""
        for notice in notices:
            self.sending.add(notice.id)

        async def run() -> int:
            try:
                async with self.slots:
                    return await self._deliver(notices, prefs)
            except Exception as exc:
                self._fault(notices[0], exc)
                return 0
            finally:
                for notice in notices:
                    self.sending.discard(notice.id)
                self.on_done()

        task = asyncio.create_task(run(), name=f"deliver:{notices[0].key}")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def _fault(self, notice: Notice, exc: Exception) -> None:
        """A notice whose handling failed outside its delivery: logged, retried later."""
        log.error("notice_failed", key=notice.key, error=repr(exc))
        notice.due = self.clock.now() + self.settings.retry_base  # not stored: a local pause

    async def close(self) -> None:
        """Wait for the deliveries in flight (each bounded by its timeout), close sessions."""
        if self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)
        if self.push is not None:
            await self.push.close()

    async def _held(self, notice: Notice, prefs: Preferences | None, now: float) -> bool:
        """Skip or defer a notice that must not go now; True if it was held."""
        if notice.kind == CONFIRM_KIND:  # goes to the address it confirms, if still current
            if prefs is None or prefs.email != notice.facts["email"] or prefs.email_confirmed:
                notice.skip("replaced")
                await self._store(notice)
                return True
            return False
        if notice.kind == SIGN_IN_KIND:  # to the confirmed address asked for, if still it
            if prefs is None or prefs.email != notice.facts["email"] or not prefs.email_confirmed:
                notice.skip("replaced")
                await self._store(notice)
                return True
            return False
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
        log.debug("notice_sent", key=first.key, count=len(notices), channel=first.channel)
        return len(notices)

    async def _send(self, notices: list[Notice], prefs: Preferences) -> None:
        first = notices[0]
        if first.channel == "email":
            assert self.smtp is not None and prefs.email
            if len(notices) == 1:
                message = render(first.kind, first.facts, prefs.chosen.language)
            else:
                message = render_digest([(n.kind, n.facts) for n in notices], prefs.chosen.language)
            url = self.unsubscribe_url(first.player_id, "email")
            to = first.facts["email"] if first.kind in ACCOUNT_KINDS else prefs.email
            await self.smtp.send(self.settings.mail_from, to, message, url, first.key)
            return
        assert self.push is not None
        payload = push_payload(first.kind, first.facts, prefs.chosen.language)
        results = await asyncio.gather(
            *(self._push_one(first.player_id, s, payload) for s in prefs.subscriptions())
        )
        if results and not any(results):
            raise RuntimeError("no push subscription accepted the notice")

    async def _push_one(
        self, player_id: str, subscription: PushSubscription, payload: bytes
    ) -> bool:
        """One endpoint (its own timeout); True if it took the push or is gone for good."""
        assert self.push is not None
        try:
            await self.push.send(subscription, payload)
        except SubscriptionGone:
            await asyncio.to_thread(self._remove_subscription, player_id, subscription.endpoint)
            log.info("push_subscription_removed", player_id=player_id)
        except EndpointRefused as exc:  # now private (DNS rebinding) or off the allow-list
            await asyncio.to_thread(self._remove_subscription, player_id, subscription.endpoint)
            log.warning("push_endpoint_refused", player_id=player_id, error=str(exc))
        except Exception as exc:
            log.info("push_failed", player_id=player_id, error=repr(exc)[:200])
            return False
        return True

    def _remove_subscription(self, player_id: str, endpoint: str) -> None:
        def once() -> None:
            prefs = load_preferences(self.store, player_id)
            if prefs is not None:
                prefs.remove_push(endpoint)
                self.store.save(prefs)

        retried(once, "the player's preferences")  # the player may change them meanwhile
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
        """When the earliest open notice not in delivery is due."""
        dues = [n.due for n in self._open()]
        return min(dues) if dues else None
