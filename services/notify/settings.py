"""Configuration of the notify service: delivery, timers and their documented defaults."""

from __future__ import annotations

from typing import Annotated

import msgspec

from shared.notify.endpoints import EndpointPolicy
from shared.settings import setting
from shared.tables.timing import Timing, timing_problem

__all__ = ["HOUR", "NotifySettings", "Timing"]

HOUR = 3600.0


def _timing(raw: str) -> Timing:
    """A default timing given as JSON; ValueError saying which bound it breaks."""
    try:
        timing = msgspec.json.decode(raw.strip() or "{}", type=Timing)
    except msgspec.MsgspecError as exc:
        raise ValueError(str(exc)) from None
    problem = timing_problem(timing)
    if problem is not None:
        raise ValueError(problem)
    return timing


class NotifySettings(msgspec.Struct, frozen=True, kw_only=True):
    """Notify: where and how it delivers (mail, web push), and the default timing of every
    table (each has a flag and a SENET_* variable)."""

    smtp_url: Annotated[
        str,
        setting("SMTP server: smtp://[user:pass@]host:port[?starttls=1] or smtps://...; "
                "turns notify on (empty: no e-mail)", flag="--smtp", variable="SENET_SMTP_URL",
                metavar="URL"),
    ] = ""  # fmt: skip
    public_url: Annotated[
        str,
        setting("base URL of links in mails", shown_default="http://HOST:PORT", metavar="URL"),
    ] = "http://127.0.0.1:8080"  # the CLI's default is "": its gateway's own http://HOST:PORT
    mail_from: Annotated[str, setting("From: of every mail")] = "senet <noreply@senet.invalid>"
    vapid_private_key: Annotated[
        str,
        setting("VAPID private key for web push (`senet keys vapid`; PEM or base64url raw "
                "key); empty: no web push", metavar="KEY"),
    ] = ""  # fmt: skip
    vapid_public_key: Annotated[
        str, setting("VAPID public key browsers subscribe with (base64url)", metavar="KEY")
    ] = ""
    vapid_subject: Annotated[str, setting("contact the push services see in the VAPID claim")] = (
        "mailto:admin@senet.invalid"
    )
    timing: Annotated[
        Timing,
        setting('default turn timing as JSON, e.g. {"deadline": 48, "policy": "forfeit"}',
                variable="SENET_NOTIFY_TIMING", parse=_timing, metavar="JSON"),
    ] = Timing()  # fmt: skip
    push_hosts: Annotated[
        tuple[str, ...],
        setting('push-service hosts allowed as subscription endpoints, comma-separated '
                '(".example.com" allows subdomains); empty: any public https host',
                metavar="HOSTS"),
    ] = ()  # fmt: skip
    retry_base: Annotated[
        float, setting("seconds before a delivery's first retry, doubled each time",
                       flag="--notify-retry-base", gt=0)
    ] = 30.0  # fmt: skip
    retry_cap: Annotated[
        float, setting("longest wait between two delivery attempts (seconds)",
                       flag="--notify-retry-cap", gt=0)
    ] = 3600.0  # fmt: skip
    max_attempts: Annotated[
        int, setting("delivery attempts, then the notification is dead-lettered",
                     flag="--notify-max-attempts", ge=1)
    ] = 8  # fmt: skip
    digest_every: Annotated[
        float, setting("seconds of turns a digest mail gathers", flag="--notify-digest-every",
                       gt=0)
    ] = 6 * HOUR  # fmt: skip
    send_timeout: Annotated[
        float, setting("seconds for one SMTP delivery", flag="--notify-send-timeout", gt=0)
    ] = 10.0
    push_timeout: Annotated[
        float, setting("seconds for one push endpoint to answer", flag="--notify-push-timeout",
                       gt=0)
    ] = 5.0  # fmt: skip
    max_sending: Annotated[
        int, setting("deliveries in flight at once (each notice or digest is one)",
                     flag="--notify-max-sending", ge=1)
    ] = 32  # fmt: skip
    tick: Annotated[
        float, setting("seconds between two timer checks", flag="--notify-tick", gt=0)
    ] = 30.0
    push_allow_private_for_tests: Annotated[
        bool,
        setting("TEST ONLY: accept http:// and private/loopback push endpoints (a stand-in "
                "push service); never in production"),
    ] = False  # fmt: skip

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
