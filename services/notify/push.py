"""Web push through pywebpush (RFC 8291 encryption, VAPID signature)."""

from __future__ import annotations

import msgspec
from pywebpush import WebPushException, webpush_async

from shared.notify.preferences import PushSubscription


class SubscriptionGone(Exception):
    """The push service answered 404 or 410: the subscription no longer exists."""


class PushTarget:
    """Sends encrypted pushes signed with the platform's VAPID key."""

    def __init__(self, private_key: str, subject: str, timeout: float) -> None:
        self.private_key = private_key
        self.subject = subject
        self.timeout = timeout

    async def send(self, subscription: PushSubscription, payload: bytes) -> None:
        """Deliver one push; SubscriptionGone on 404/410, other errors raise as they are."""
        try:
            await webpush_async(
                msgspec.to_builtins(subscription),
                data=payload.decode(),
                vapid_private_key=self.private_key,
                vapid_claims={"sub": self.subject},
                timeout=self.timeout,
                ttl=24 * 3600,
            )
        except WebPushException as exc:
            if exc.status_code in {404, 410}:
                raise SubscriptionGone(subscription.endpoint) from exc
            raise
