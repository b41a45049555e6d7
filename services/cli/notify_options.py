"""The notify options of `senet serve` and `senet notify`, and the settings they make."""

from __future__ import annotations

import argparse
from typing import Any

from services.cli.options import settings_env
from services.notify.settings import NotifySettings, Timing

DEFAULTS = NotifySettings()
PRIVATE_FOR_TESTS = "SENET_PUSH_ALLOW_PRIVATE_FOR_TESTS"  # a stand-in push service on loopback


def add_notify_options(parser: argparse.ArgumentParser) -> None:
    """--smtp, --public-url and the VAPID keys (all with SENET_* defaults)."""
    parser.add_argument(
        "--smtp", default="", help="SMTP server: smtp://[user:pass@]host:port"
        "[?starttls=1] or smtps://...; turns notify on",
    )  # fmt: skip
    parser.add_argument(
        "--public-url", default="", help="base URL of links in mails [http://HOST:PORT]"
    )
    parser.add_argument(
        "--mail-from", default=DEFAULTS.mail_from, help="From: of every mail [%(default)s]"
    )
    parser.add_argument(
        "--vapid-private-key", default="",
        help="VAPID private key for web push (`senet keys vapid`); empty: no web push",
    )  # fmt: skip
    parser.add_argument(
        "--vapid-public-key", default="", help="VAPID public key browsers subscribe with"
    )
    parser.add_argument(
        "--vapid-subject", default=DEFAULTS.vapid_subject,
        help="contact the push services see in the VAPID claim [%(default)s]",
    )  # fmt: skip
    parser.add_argument(
        "--push-hosts", default="",
        help="comma-separated push-service hosts allowed as subscription endpoints "
        '(".example.com" allows subdomains); empty: any public https host',
    )  # fmt: skip
    parser.add_argument(
        "--timing", default="{}",
        help='default turn timing as JSON, e.g. {"deadline": 48, "policy": "forfeit"}',
    )  # fmt: skip


def notify_settings(args: argparse.Namespace) -> NotifySettings:
    """The notify settings of parsed arguments (defaults where a verb has no such option)."""
    import msgspec

    def get(name: str, default: Any = "") -> Any:
        return getattr(args, name, default)

    host, port = get("host", "127.0.0.1"), get("port", 8080)
    from shared.tables.timing import timing_problem

    try:
        timing = msgspec.json.decode(get("timing", "{}") or "{}", type=Timing)
    except msgspec.MsgspecError as exc:
        raise ValueError(f"--timing: {exc}") from exc
    problem = timing_problem(timing)
    if problem is not None:
        raise ValueError(f"--timing: {problem}")
    return NotifySettings(
        public_url=get("public_url") or f"http://{host}:{port}",
        smtp_url=get("smtp"),
        mail_from=get("mail_from") or DEFAULTS.mail_from,
        vapid_private_key=get("vapid_private_key"),
        vapid_public_key=get("vapid_public_key"),
        vapid_subject=get("vapid_subject") or DEFAULTS.vapid_subject,
        timing=timing,
        push_hosts=tuple(h.strip() for h in (get("push_hosts") or "").split(",") if h.strip()),
        # For test set-ups only (a stand-in push service on loopback); never in production.
        push_allow_private_for_tests=settings_env().get("SENET_PUSH_ALLOW_PRIVATE_FOR_TESTS")
        == "1",
    )
