"""Notification preferences over HTTP: e-mail, push subscriptions, settings, unsubscribe.

Preferences are a `shared.notify.preferences.Preferences` aggregate per player in the
event store; the notify service reads them from the same log. The unsubscribe link
carries a signed token and works without logging in (GET for the link, POST for the
one-click `List-Unsubscribe-Post` of RFC 8058).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import caller, viewer
from services.gateway.http.request import decode_body, json_response, table_model, viewer_seat
from services.gateway.http.routes import Route
from services.gateway.http.storecall import in_store
from services.gateway.keys import BROKER, NOTIFY, STORE, NotifyContext
from services.gateway.live.presence import preferences_changed
from services.gateway.tables.commands import submit
from shared.contracts.envelopes import ChooseTiming
from shared.contracts.errors import BadRequest, NotFound
from shared.notify import links, owners
from shared.notify.choices import (
    check_room_for,
    check_settings,
    checked_email,
    checked_subscription,
    vacation,
)
from shared.notify.endpoints import EndpointPolicy, EndpointRefused
from shared.notify.preferences import (
    CHANNELS,
    CONFIRM,
    Preferences,
    Settings,
    load_or_open,
)
from shared.notify.timing import legacy_timing
from shared.store import EventStore
from shared.store.retries import retried
from shared.tables.timing import Timing, in_effect


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


MAX_LEGACY_TIMINGS = 10_000  # old stores' timing records remembered, one per table read
Change = Callable[[Preferences], None]  # triggers an event on the player's preferences


async def _changed(
    request: web.Request, store: EventStore, player_id: str, change: Change
) -> PreferencesView:
    """Save a change of the player's preferences, then wake the notify service."""
    view = await in_store(request, _change, store, player_id, change)
    await preferences_changed(request.app[BROKER], player_id)
    return view


def _change(store: EventStore, player_id: str, change: Change) -> PreferencesView:
    def once() -> PreferencesView:
        prefs = load_or_open(store, player_id)
        change(prefs)
        store.save(prefs)
        return _view(prefs)

    return retried(once, "your preferences")


def _view(prefs: Preferences) -> PreferencesView:
    return PreferencesView(
        email=prefs.email,
        email_confirmed=prefs.email_confirmed,
        push_subscriptions=len(prefs.push),
        settings=prefs.chosen,
        unsubscribed=list(prefs.unsubscribed),
        vacation=list(prefs.vacation),
    )


async def set_email(request: web.Request) -> web.Response:
    """Register or replace my e-mail address; nothing but a confirmation mail goes to it
    until its owner follows the link in that mail."""
    who = caller(request)
    body = await decode_body(request, EmailBody)
    email = checked_email(body.email)
    store = request.app[STORE]
    view = await _changed(request, store, who.player_id, lambda prefs: prefs.set_email(email))
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
    store = request.app[STORE]
    await _changed(request, store, player_id, lambda prefs: prefs.confirm_email(email))
    await in_store(request, owners.claim, store, email, player_id)
    text = f"<p>{html.escape(email)} will get your senet notifications.</p>"
    return web.Response(text=text, content_type="text/html")


async def add_push_subscription(request: web.Request) -> web.Response:
    """Register a browser's push subscription."""
    who = caller(request)
    body = await decode_body(request, PushSubscriptionBody)
    sub = checked_subscription(body.endpoint, body.keys)
    try:  # against SSRF: https only, public addresses only (checked again at each send)
        await _context(request).endpoints.check(body.endpoint)
    except EndpointRefused as exc:
        raise BadRequest(str(exc), code="bad_push_endpoint") from exc
    store = request.app[STORE]
    view = await in_store(request, _add_push, store, who.player_id, sub)
    await preferences_changed(request.app[BROKER], who.player_id)
    return json_response(view, 201)


def _add_push(store: EventStore, player_id: str, sub: dict[str, Any]) -> PreferencesView:
    return _change(store, player_id, lambda prefs: _added(prefs, sub))


def _added(prefs: Preferences, sub: dict[str, Any]) -> None:
    check_room_for(prefs, sub["endpoint"])
    prefs.add_push(sub)


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
    return json_response(_view(prefs))


async def put_preferences(request: web.Request) -> web.Response:
    """Set channels, quiet hours (with time zone) and digest versus one mail per turn."""
    who = caller(request)
    body = await decode_body(request, Settings)
    check_settings(body)
    store = request.app[STORE]
    settings = msgspec.to_builtins(body)
    view = await _changed(request, store, who.player_id, lambda prefs: prefs.set_settings(settings))
    return json_response(view)


async def set_vacation(request: web.Request) -> web.Response:
    """Pause my turn clocks for some days (at most MAX_VACATION_DAYS at a time)."""
    who = caller(request)
    body = await decode_body(request, VacationBody)
    start, end = vacation(body.days, time.time())
    store = request.app[STORE]
    view = await _changed(request, store, who.player_id, lambda p: p.set_vacation(start, end))
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
    store = request.app[STORE]
    await _changed(request, store, player_id, lambda prefs: prefs.unsubscribe(channel))
    if form.get("from_page"):
        text = f"<p>You will get no more {html.escape(channel)} notifications from senet.</p>"
        return web.Response(text=text, content_type="text/html")
    return json_response({"unsubscribed": True})


async def get_timing(request: web.Request) -> web.Response:
    """A table's reminders and deadline in effect: its last `TimingChosen` (the table's
    state, from this gateway's table cache), else the notify service's defaults, as notify
    applies them (`Timers.timing`). Whoever may not see the table's view may not see this
    (`viewer_seat`: 401 or 403, as /view answers)."""
    model = await table_model(request)
    viewer_seat(request, model, viewer(request))
    chosen = model.state.timing
    if chosen is None:
        chosen = await _legacy(request, model.state.table_id)
    return json_response(in_effect(chosen, _context(request).timing))


async def _legacy(request: web.Request, table_id: str) -> Timing | None:
    """An old store's timing record of a table whose log chose none (read once a table)."""
    known = _context(request).legacy_timings
    if table_id not in known:
        if len(known) >= MAX_LEGACY_TIMINGS:
            known.clear()
        known[table_id] = await in_store(request, legacy_timing, request.app[STORE], table_id)
    return known[table_id]


async def put_timing(request: web.Request) -> web.Response:
    """Choose a table's reminders, deadline and timeout policy: the table decides all of it
    (`ChooseTiming`: its creator, before the start, within the timing rules); the answer
    comes once this gateway's table cache shows the choice."""
    who = caller(request)
    body = await decode_body(request, Timing)
    await submit(request, ChooseTiming(**msgspec.structs.asdict(body)), who=who)
    return json_response(body)


# In the order of the published document (`services.gateway.openapi.routes`).
ROUTES: list[Route] = [
    Route(
        "POST",
        "/api/me/email",
        set_email,
        "Register my e-mail address for notifications",
        EmailBody,
        PreferencesView,
    ),
    Route(
        "POST",
        "/api/me/push-subscriptions",
        add_push_subscription,
        "Register a browser's web-push subscription (its toJSON())",
        PushSubscriptionBody,
        PreferencesView,
        status=201,
    ),
    Route(
        "GET",
        "/api/me/preferences",
        get_preferences,
        "My notification preferences",
        None,
        PreferencesView,
    ),
    Route(
        "PUT",
        "/api/me/preferences",
        put_preferences,
        "Set channels, quiet hours (time zone) and digest or one mail per turn",
        Settings,
        PreferencesView,
    ),
    Route(
        "POST",
        "/api/me/vacation",
        set_vacation,
        "Pause my turn clocks for some days",
        VacationBody,
        PreferencesView,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/timing",
        get_timing,
        "A table's reminders and deadline in effect (its choice, else the defaults)",
        None,
        Timing,
        query=("invite",),
        viewers=True,
    ),
    Route(
        "PUT",
        "/api/tables/{table_id}/timing",
        put_timing,
        "Choose reminders, deadline and timeout policy (creator, before start)",
        Timing,
        Timing,
    ),
    Route(
        "GET",
        "/api/push/key",
        push_key,
        "The VAPID public key for web push",
        None,
        PushKey,
        auth=False,
    ),
    Route(
        "GET",
        "/api/email-confirmations/{token}",
        confirm_email_page,
        "Confirmation link of a new address: a page with a button (changes nothing)",
        auth=False,
    ),
    Route(
        "POST",
        "/api/email-confirmations/{token}",
        confirm_email,
        "Confirm the address the signed link was sent to",
        auth=False,
    ),
    Route(
        "GET",
        "/api/unsubscribe/{token}",
        unsubscribe,
        "Unsubscribe link of a mail: a confirmation page (changes nothing)",
        auth=False,
    ),
    Route(
        "POST",
        "/api/unsubscribe/{token}",
        unsubscribe_one_click,
        "One-click unsubscribe (List-Unsubscribe-Post)",
        auth=False,
    ),
]
