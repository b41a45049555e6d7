"""The rules of a player's notification choices, pure: what an address, a push
subscription, settings and a vacation must be before they change the player's
`Preferences` (the gateway translates HTTP, these decide; each refusal is a 400 or 409
with a stable code and changes nothing)."""

from __future__ import annotations

import unicodedata
from datetime import time as clock_time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from email_validator import EmailNotValidError, validate_email

from shared.contracts.errors import BadRequest, Conflict
from shared.notify.endpoints import MAX_SUBSCRIPTIONS
from shared.notify.preferences import CHANNELS, Preferences, QuietHours, Settings

MAX_VACATION_DAYS = 30.0
MAX_ENDPOINT = 1024  # characters of a push endpoint


def checked_email(raw: str) -> str:
    """The normalized address, or 400 `bad_email` (control characters and line separators
    are refused outright: they would break the mail's headers)."""
    email = raw.strip()
    if any(unicodedata.category(c) in {"Cc", "Cf", "Zl", "Zp"} for c in email):
        raise BadRequest("an e-mail address has no control characters", code="bad_email")
    try:
        # Syntax only (no DNS lookup); `.test` names stay usable for local set-ups and bots.
        checked = validate_email(email, check_deliverability=False, test_environment=True)
    except EmailNotValidError as exc:
        raise BadRequest(f"not an e-mail address: {exc}", code="bad_email") from exc
    return str(checked.normalized)


def checked_subscription(endpoint: str, keys: dict[str, str]) -> dict[str, Any]:
    """A push subscription as kept (endpoint and its two keys); 400 `bad_subscription`.
    Whether the endpoint may be called at all is the endpoint policy's question."""
    if not {"p256dh", "auth"} <= set(keys) or len(endpoint) > MAX_ENDPOINT:
        raise BadRequest("a subscription needs an endpoint and keys", code="bad_subscription")
    return {"endpoint": endpoint, "keys": {k: keys[k] for k in ("p256dh", "auth")}}


def check_room_for(prefs: Preferences, endpoint: str) -> None:
    """409 `too_many_subscriptions` when a new endpoint would pass MAX_SUBSCRIPTIONS."""
    if endpoint not in prefs.push and len(prefs.push) >= MAX_SUBSCRIPTIONS:
        raise Conflict(
            f"at most {MAX_SUBSCRIPTIONS} push subscriptions; remove one first",
            code="too_many_subscriptions",
        )


def check_settings(settings: Settings) -> None:
    """400 `bad_channel` for an unknown channel, `bad_quiet_hours` for quiet hours that are
    not two clock times in a known time zone."""
    if not set(settings.channels) <= set(CHANNELS):
        raise BadRequest(f"channels are {', '.join(CHANNELS)}", code="bad_channel")
    if settings.quiet is not None:
        _check_quiet(settings.quiet)


def _check_quiet(quiet: QuietHours) -> None:
    try:
        clock_time.fromisoformat(quiet.start)
        clock_time.fromisoformat(quiet.end)
        ZoneInfo(quiet.tz)
    except (ValueError, ZoneInfoNotFoundError) as exc:
        raise BadRequest(f"bad quiet hours: {exc}", code="bad_quiet_hours") from exc


def vacation(days: float, now: float) -> tuple[float, float]:
    """A vacation of `days` from `now` (epoch seconds; 0 days ends one); 400 `bad_vacation`
    outside 0 to MAX_VACATION_DAYS."""
    if not 0 <= days <= MAX_VACATION_DAYS:
        raise BadRequest(f"a vacation is 0-{MAX_VACATION_DAYS:g} days", code="bad_vacation")
    return now, now + days * 86400
