"""E-mail delivery through aiosmtplib: plain text and HTML, one-click unsubscribe headers."""

from __future__ import annotations

import io
from email import policy
from email.generator import BytesGenerator
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from urllib.parse import parse_qs, unquote, urlparse

import aiosmtplib

from services.notify.messages import Rendered

# Long header lines stay unfolded, so the List-Unsubscribe URL is never encoded-word mangled
# (RFC 8058 one-click needs `List-Unsubscribe: <https://...>` as it is).
_POLICY = policy.SMTP.clone(max_line_length=998)


def flatten(mail: EmailMessage) -> bytes:
    """The bytes sent as DATA (CRLF line ends, headers up to 998 characters unfolded)."""
    with io.BytesIO() as out:
        BytesGenerator(out, policy=_POLICY).flatten(mail)
        return out.getvalue()


class SmtpTarget:
    """An SMTP server named by URL: smtp://[user:pass@]host[:port][?starttls=1], smtps://..."""

    def __init__(self, url: str, timeout: float) -> None:
        parsed = urlparse(url)
        if parsed.scheme not in {"smtp", "smtps"}:
            raise ValueError(f"SMTP URL must be smtp:// or smtps://, not {url!r}")
        query = parse_qs(parsed.query)
        self.host = parsed.hostname or "127.0.0.1"
        self.tls = parsed.scheme == "smtps"
        self.port = parsed.port or (465 if self.tls else 25)
        self.starttls = query.get("starttls", ["0"])[0] in {"1", "true", "yes"}
        self.username = unquote(parsed.username) if parsed.username else None
        self.password = unquote(parsed.password) if parsed.password else None
        self.timeout = timeout

    async def send(
        self, sender: str, to: str, message: Rendered, unsubscribe: str, key: str
    ) -> None:
        """Deliver one mail; raises on any failure (the caller retries)."""
        mail = EmailMessage(policy=_POLICY)
        mail["From"] = sender
        mail["To"] = to
        mail["Subject"] = message.subject
        mail["Message-ID"] = make_msgid(idstring=key.replace(":", "."), domain="senet")
        mail["X-Senet-Key"] = key
        mail["List-Unsubscribe"] = f"<{unsubscribe}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        mail.set_content(message.text + f"\nUnsubscribe: {unsubscribe}\n")
        mail.add_alternative(
            message.html + f'<p><a href="{unsubscribe}">Unsubscribe</a></p>', subtype="html"
        )
        await aiosmtplib.send(
            flatten(mail),  # our flattening: aiosmtplib's would fold and encode the URL
            sender=parseaddr(sender)[1] or sender,
            recipients=[to],
            hostname=self.host,
            port=self.port,
            username=self.username,
            password=self.password,
            use_tls=self.tls,
            start_tls=self.starttls if not self.tls else None,
            timeout=self.timeout,
        )
