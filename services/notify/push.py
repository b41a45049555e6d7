"""Web push through pywebpush (RFC 8291 encryption, VAPID signature), to public hosts only."""

from __future__ import annotations

from typing import Any

import aiohttp
import msgspec
from pywebpush import WebPushException, webpush_async

from shared.notify.endpoints import EndpointPolicy, PublicResolver
from shared.notify.preferences import PushSubscription


class SubscriptionGone(Exception):
    """The push service answered 404 or 410: the subscription no longer exists."""


class _NoRedirects:
    """The session pywebpush posts through, with redirects never followed (a 3xx fails)."""

    def __init__(self, session: aiohttp.ClientSession) -> None:
        self.session = session

    def post(self, url: str, **kwargs: Any) -> Any:
        """POST without following a redirect."""
        return self.session.post(url, allow_redirects=False, **kwargs)


class PushTarget:
    """Sends encrypted pushes signed with the platform's VAPID key.

    Every endpoint is checked against the policy before each send, and the connection
    resolves through `PublicResolver`, so a push never reaches a private address.
    """

    def __init__(
        self,
        private_key: str,
        subject: str,
        timeout: float,
        policy: EndpointPolicy | None = None,
    ) -> None:
        self.private_key = private_key
        self.subject = subject
        self.timeout = timeout
        self.policy = policy or EndpointPolicy()
        self._session: aiohttp.ClientSession | None = None

    def session(self) -> aiohttp.ClientSession:
        """One pooled session per target (made in the running loop on first use)."""
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(resolver=PublicResolver(self.policy), limit=64)
            self._session = aiohttp.ClientSession(connector=connector)
        return self._session

    async def close(self) -> None:
        """Close the pooled connections."""
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def send(self, subscription: PushSubscription, payload: bytes) -> None:
        """Deliver one push; SubscriptionGone on 404/410, other errors raise as they are
        (EndpointRefused for an endpoint that is, or now resolves to, a private address)."""
        await self.policy.check(subscription.endpoint)
        try:
            await webpush_async(
                msgspec.to_builtins(subscription),
                data=payload.decode(),
                vapid_private_key=self.private_key,
                vapid_claims={"sub": self.subject},
                timeout=aiohttp.ClientTimeout(total=self.timeout),
                ttl=24 * 3600,
                aiohttp_session=_NoRedirects(self.session()),  # type: ignore[arg-type]
            )
        except WebPushException as exc:
            if exc.status_code in {404, 410}:
                raise SubscriptionGone(subscription.endpoint) from exc
            raise
