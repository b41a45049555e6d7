"""Configuration of the notify service: delivery, timers and their documented defaults."""

from __future__ import annotations

import msgspec

from shared.notify.endpoints import EndpointPolicy
from shared.tables.timing import Timing

__all__ = ["HOUR", "NotifySettings", "Timing"]

HOUR = 3600.0


class NotifySettings(msgspec.Struct, frozen=True, kw_only=True):
    """Where and how notify delivers, and the default timing of every table."""

    public_url: str = "http://127.0.0.1:8080"
    smtp_url: str = ""  # smtp://user:pass@host:port[?starttls=1]; empty = no e-mail
    mail_from: str = "senet <noreply@senet.invalid>"
    vapid_private_key: str = ""  # PEM or base64url raw key; empty = no web push
    vapid_public_key: str = ""  # base64url uncompressed point (what browsers need)
    vapid_subject: str = "mailto:admin@senet.invalid"
    timing: Timing = Timing()
    retry_base: float = 30.0  # seconds before the first retry, doubled each time
    retry_cap: float = 3600.0  # longest wait between two attempts
    max_attempts: int = 8  # then the notification is dead-lettered
    digest_every: float = 6 * HOUR  # a digest mail gathers the turns of this long
    send_timeout: float = 10.0  # seconds for one SMTP delivery (a push: push_timeout)
    push_timeout: float = 5.0  # seconds for one push endpoint to answer
    max_sending: int = 32  # deliveries in flight at once (each notice or digest is one)
    push_hosts: tuple[str, ...] = ()  # allowed push-service hosts (".x.com": subdomains); () any
    # TEST ONLY: accept http:// and private/loopback push endpoints (a stand-in push service).
    push_allow_private_for_tests: bool = False
    tick: float = 30.0  # seconds between two timer checks

    @property
    def endpoint_policy(self) -> EndpointPolicy:
        """Which push endpoints may be subscribed and sent to."""
        allow_private = self.push_allow_private_for_tests
        return EndpointPolicy(hosts=self.push_hosts, allow_private=allow_private)

    @property
    def email_enabled(self) -> bool:
        """True when an SMTP server is configured."""
        return bool(self.smtp_url)

    @property
    def push_enabled(self) -> bool:
        """True when VAPID keys are configured."""
        return bool(self.vapid_private_key and self.vapid_public_key)
