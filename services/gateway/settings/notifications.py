"""Notification preferences over HTTP: e-mail, push subscriptions, settings, unsubscribe.

Preferences are a `shared.notify.preferences.Preferences` aggregate per player in the
event store; the notify service reads them from the same log. The unsubscribe link
carries a signed token and works without logging in (GET for the link, POST for the
one-click `List-Unsubscribe-Post` of RFC 8058).
"""

from __future__ import annotations

import html
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import msgspec
from aiohttp import web
from email_validator import EmailNotValidError, validate_email

from services.gateway.accounts.auth import caller
from services.gateway.http.request import decode_body, json_response, table_model
from services.gateway.http.storecall import in_store
from services.gateway.keys import BROKER, PROJECTOR, SETTINGS, STORE
from services.gateway.live.presence import preferences_changed
from services.gateway.tables.commands import send
from shared.contracts.envelopes import ChooseTiming
from shared.contracts.errors import BadRequest, Conflict, NotFound, SenetError
from shared.notify import links, owners
from shared.notify.endpoints import MAX_SUBSCRIPTIONS, EndpointPolicy, EndpointRefused
from shared.notify.preferences import CHANNELS, CONFIRM, QuietHours, Settings, load_or_open
from shared.notify.timing import Timing, choose_timing, load_timing, timing_problem
from shared.store import EventStore

MAX_VACATION_DAYS = 30.0


class BadTiming(SenetError):
    """A table timing outside the documented bounds (docs/notifications.md)."""

    code = "bad_timing"
    status = 422


@dataclass
class NotifyContext:
    """What the routes need from the notify configuration."""

    vapid_public_key: str = ""
    signing_key: bytes = b""
    endpoints: EndpointPolicy = field(default_factory=EndpointPolicy)
    timing: Timing = field(default_factory=Timing)  # notify's defaults: a table chose none


NOTIFY = web.AppKey("notify", NotifyContext)


class EmailBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/me/email."""

    email: str


class PushSubscriptionBody(msgspec.Struct, frozen=True, kw_only=True):
    """POST /api/me/push-subscriptions: the browser's `PushSubscription.toJSON()`."""

    endpoint: str
    keys: dict[str, str]
    expirationTime: int | None = None


class PushKey(msgspec.Struct, frozen=True, kw_only=True):
    """GET /api/push/key: the VAPID public key for `pushManager.subscribe`."""

    public_key: str


class VacationBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/me/vacation: pause my clocks for this many days from now (0 ends it)."""

    days: float


class PreferencesView(msgspec.Struct, frozen=True, kw_only=True):
    """GET/PUT /api/me/preferences: what a player chose."""

    email: str | None
    email_confirmed: bool
    push_subscriptions: int
    settings: Settings
    unsubscribed: list[str]
    vacation: list[float]


def setup_notify(
    app: web.Application,
    vapid_public_key: str,
    endpoints: EndpointPolicy | None = None,
    timing: Timing | None = None,
) -> None:
    """Give the routes the VAPID public key, the push endpoint policy and the default timing
    of the notify service (the composition root calls this, from the notify options)."""
    app[NOTIFY] = NotifyContext(
        vapid_public_key=vapid_public_key,
        endpoints=endpoints or EndpointPolicy(),
        timing=timing or Timing(),
    )


def _context(request: web.Request) -> NotifyContext:
    context = request.app.get(NOTIFY)
    return context if context is not None else NotifyContext()


async def signing_key_of(request: web.Request) -> bytes:
    """The key links are checked with (b"" while none exists: a link checked before any
    was made is forged, and checking it must not write to the store)."""
    context = _context(request)
    if not context.signing_key:
        context.signing_key = await in_store(request, links.existing_key, request.app[STORE])
    return context.signing_key


async def _changed(
    request: web.Request, store: EventStore, player_id: str, change: str, *args: object
) -> PreferencesView:
    """Save a change of the player's preferences, then wake the notify service."""
    view = await in_store(request, _change, store, player_id, change, *args)
    await preferences_changed(request.app, player_id)
    return view


def _change(store: EventStore, player_id: str, change: str, *args: object) -> PreferencesView:
    prefs = load_or_open(store, player_id)
    getattr(prefs, change)(*args)
    store.save(prefs)
    return PreferencesView(
        email=prefs.email,
        email_confirmed=prefs.email_confirmed,
        push_subscriptions=len(prefs.push),
        settings=prefs.chosen,
        unsubscribed=list(prefs.unsubscribed),
        vacation=list(prefs.vacation),
    )


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


async def set_email(request: web.Request) -> web.Response:
    """Register or replace my e-mail address; nothing but a confirmation mail goes to it
    until its owner follows the link in that mail."""
    who = caller(request)
    body = await decode_body(request, EmailBody)
    email = checked_email(body.email)
    store = request.app[STORE]
    view = await _changed(request, store, who.player_id, "set_email", email)
    return json_response(view)


def _confirmation(request: web.Request, key: bytes) -> tuple[str, str]:
    found = links.verify(key, request.match_info["token"])
    if found is None or not found[1].startswith(CONFIRM + ":"):
        raise NotFound("unknown or forged confirmation link", code="bad_confirmation_token")
    return found[0], found[1].split(":", 1)[1]


async def confirm_email_page(request: web.Request) -> web.Response:
    """The confirmation link: a page with a button (a GET changes nothing)."""
    _, email = _confirmation(request, await signing_key_of(request))
    page = (
        "<!doctype html><title>Confirm your address</title>"
        f"<p>Send senet notifications to {html.escape(email)}?</p>"
        '<form method="post"><button type="submit">Confirm</button></form>'
    )
    return web.Response(text=page, content_type="text/html")


async def confirm_email(request: web.Request) -> web.Response:
    """Confirm the address the signed link was sent to (no login: the link is the proof)."""
    player_id, email = _confirmation(request, await signing_key_of(request))
    await _changed(request, request.app[STORE], player_id, "confirm_email", email)
    await in_store(request, owners.claim, request.app[STORE], email, player_id)
    text = f"<p>{html.escape(email)} will get your senet notifications.</p>"
    return web.Response(text=text, content_type="text/html")


async def add_push_subscription(request: web.Request) -> web.Response:
    """Register a browser's push subscription."""
    who = caller(request)
    body = await decode_body(request, PushSubscriptionBody)
    if not {"p256dh", "auth"} <= set(body.keys) or len(body.endpoint) > 1024:
        raise BadRequest("a subscription needs an endpoint and keys", code="bad_subscription")
    try:  # against SSRF: https only, public addresses only (checked again at each send)
        await _context(request).endpoints.check(body.endpoint)
    except EndpointRefused as exc:
        raise BadRequest(str(exc), code="bad_push_endpoint") from exc
    sub = {"endpoint": body.endpoint, "keys": {k: body.keys[k] for k in ("p256dh", "auth")}}
    store = request.app[STORE]
    view = await in_store(request, _add_push, store, who.player_id, sub)
    await preferences_changed(request.app, who.player_id)
    return json_response(view, 201)


def _add_push(store: EventStore, player_id: str, sub: dict[str, Any]) -> PreferencesView:
    prefs = load_or_open(store, player_id)
    if sub["endpoint"] not in prefs.push and len(prefs.push) >= MAX_SUBSCRIPTIONS:
        raise Conflict(
            f"at most {MAX_SUBSCRIPTIONS} push subscriptions; remove one first",
            code="too_many_subscriptions",
        )
    return _change(store, player_id, "add_push", sub)


async def push_key(request: web.Request) -> web.Response:
    """The VAPID public key browsers subscribe with; 404 when web push is off."""
    key = _context(request).vapid_public_key
    if not key:
        raise NotFound("web push is not configured", code="push_disabled")
    return json_response(PushKey(public_key=key))


async def get_preferences(request: web.Request) -> web.Response:
    """My notification preferences."""
    who = caller(request)
    store = request.app[STORE]
    prefs = await in_store(request, load_or_open, store, who.player_id)
    return json_response(
        PreferencesView(email=prefs.email, email_confirmed=prefs.email_confirmed,
                        push_subscriptions=len(prefs.push),
                        settings=prefs.chosen, unsubscribed=list(prefs.unsubscribed),
                        vacation=list(prefs.vacation))
    )  # fmt: skip


async def put_preferences(request: web.Request) -> web.Response:
    """Set channels, quiet hours (with time zone) and digest versus one mail per turn."""
    who = caller(request)
    body = await decode_body(request, Settings)
    if not set(body.channels) <= set(CHANNELS):
        raise BadRequest(f"channels are {', '.join(CHANNELS)}", code="bad_channel")
    if body.quiet is not None:
        _check_quiet(body.quiet)
    store = request.app[STORE]
    settings = msgspec.to_builtins(body)
    view = await _changed(request, store, who.player_id, "set_settings", settings)
    return json_response(view)


def _check_quiet(quiet: QuietHours) -> None:
    from datetime import time as clock_time
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        clock_time.fromisoformat(quiet.start)
        clock_time.fromisoformat(quiet.end)
        ZoneInfo(quiet.tz)
    except (ValueError, ZoneInfoNotFoundError) as exc:
        raise BadRequest(f"bad quiet hours: {exc}", code="bad_quiet_hours") from exc


async def set_vacation(request: web.Request) -> web.Response:
    """Pause my turn clocks for some days (at most MAX_VACATION_DAYS at a time)."""
    who = caller(request)
    body = await decode_body(request, VacationBody)
    if not 0 <= body.days <= MAX_VACATION_DAYS:
        raise BadRequest(f"a vacation is 0-{MAX_VACATION_DAYS:g} days", code="bad_vacation")
    now = time.time()
    store = request.app[STORE]
    view = await _changed(
        request, store, who.player_id, "set_vacation", now, now + body.days * 86400
    )
    return json_response(view)


def _unsubscribe_target(request: web.Request, key: bytes) -> tuple[str, str]:
    found = links.verify(key, request.match_info["token"])
    if found is None or found[1] not in CHANNELS:
        raise NotFound("unknown or forged unsubscribe link", code="bad_unsubscribe_token")
    return found


async def unsubscribe(request: web.Request) -> web.Response:
    """The unsubscribe link: a confirmation page; nothing changes until its button is
    pressed (link scanners follow GET links, so a GET must not unsubscribe)."""
    _, channel = _unsubscribe_target(request, await signing_key_of(request))
    page = (
        "<!doctype html><title>Unsubscribe</title>"
        f"<p>Stop all {html.escape(channel)} notifications from senet?</p>"
        '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">'
        '<input type="hidden" name="from_page" value="1">'
        '<button type="submit">Unsubscribe</button></form>'
    )
    return web.Response(text=page, content_type="text/html")


async def unsubscribe_one_click(request: web.Request) -> web.Response:
    """Stop the channel named in a signed token: RFC 8058 one-click (a POST of
    `List-Unsubscribe=One-Click`) or the confirmation page's button; no login needed."""
    player_id, channel = _unsubscribe_target(request, await signing_key_of(request))
    form = await request.post()
    await _changed(request, request.app[STORE], player_id, "unsubscribe", channel)
    if form.get("from_page"):
        text = f"<p>You will get no more {html.escape(channel)} notifications from senet.</p>"
        return web.Response(text=text, content_type="text/html")
    return json_response({"unsubscribed": True})


async def get_timing(request: web.Request) -> web.Response:
    """A table's reminders and deadline in effect: its creator's choice, else the notify
    service's defaults (as notify applies them, `Timers.timing`)."""
    model = await table_model(request)
    timing = await in_store(request, load_timing, request.app[STORE], model.state.table_id)
    return json_response(timing or _context(request).timing)


async def put_timing(request: web.Request) -> web.Response:
    """Choose a table's reminders, deadline and timeout policy (its creator, before start:
    the table decides that, `ChooseTiming`; this handler checks the bounds of the input and
    then keeps the choice where the notify service reads it)."""
    who = caller(request)
    model = await table_model(request)
    body = await decode_body(request, Timing)
    problem = timing_problem(body)
    if problem is not None:
        raise BadTiming(problem)
    table_id = model.state.table_id
    await send(
        request.app[BROKER], views=request.app[PROJECTOR], table_id=table_id,
        player_id=who.player_id, action=ChooseTiming(**msgspec.structs.asdict(body)),
        timeout=request.app[SETTINGS].command_timeout,
    )  # fmt: skip
    await in_store(request, choose_timing, request.app[STORE], table_id, body)
    return json_response(body)
