"""A player's notification preferences: an event-sourced aggregate per player."""

from __future__ import annotations

from typing import Any, Literal
from uuid import NAMESPACE_URL, UUID, uuid5

import msgspec
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event

from shared.store import EventStore

CHANNELS = ("email", "push")
CONFIRM = "confirm-email"  # the purpose of a signed confirmation link (see links.sign)
_NAMESPACE = uuid5(NAMESPACE_URL, "senet:notify-preferences")


class PushSubscription(msgspec.Struct, frozen=True, kw_only=True):
    """A browser's web-push subscription (the `PushSubscription.toJSON()` shape)."""

    endpoint: str
    keys: dict[str, str]  # p256dh and auth, base64url


class QuietHours(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Hours (local to `tz`) when nothing is sent; `start` > `end` wraps past midnight."""

    start: str = "22:00"
    end: str = "07:00"
    tz: str = "UTC"


class Settings(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """What a player chose: channels, quiet hours, digest or one mail per turn."""

    channels: list[str] = msgspec.field(default_factory=lambda: ["email", "push"])
    quiet: QuietHours | None = None
    digest: bool = False
    # the language of mails and pushes: "" (not chosen: the web client sets the browser's), en, de
    language: Literal["", "en", "de"] = ""


class Preferences(Aggregate):
    """One player's e-mail address, push subscriptions and settings."""

    @event("Opened")
    def __init__(self, player_id: str) -> None:
        self.player_id = player_id
        self.email: str | None = None
        self.email_confirmed = False  # nothing but the confirmation mail goes to it before
        self.push: dict[str, dict[str, Any]] = {}
        self.settings: dict[str, Any] = msgspec.to_builtins(Settings())
        self.unsubscribed: list[str] = []
        self.vacation: list[float] = []  # [start, end] epoch seconds, or empty

    @classmethod
    def create_id(cls, player_id: str) -> UUID:
        """One aggregate per player, found by the player's id."""
        return preferences_id(player_id)

    @event("EmailSet")
    def set_email(self, email: str) -> None:
        """Register (or replace) the e-mail address, unconfirmed; it re-subscribes e-mail."""
        self.email = email
        self.email_confirmed = False
        self.unsubscribed = [c for c in self.unsubscribed if c != "email"]

    @event("EmailConfirmed")
    def confirm_email(self, email: str) -> None:
        """The owner of the address followed the confirmation link."""
        if email == self.email:
            self.email_confirmed = True

    @event("PushSubscribed")
    def add_push(self, subscription: dict[str, Any]) -> None:
        """Add a browser's push subscription."""
        self.push[str(subscription["endpoint"])] = subscription
        self.unsubscribed = [c for c in self.unsubscribed if c != "push"]

    @event("PushRemoved")
    def remove_push(self, endpoint: str) -> None:
        """Forget a subscription (the push service answered 404/410)."""
        self.push.pop(endpoint, None)

    @event("SettingsSet")
    def set_settings(self, settings: dict[str, Any]) -> None:
        """Replace the settings."""
        self.settings = settings

    @event("Unsubscribed")
    def unsubscribe(self, channel: str) -> None:
        """Stop a channel (the unsubscribe link)."""
        if channel not in self.unsubscribed:
            self.unsubscribed = [*self.unsubscribed, channel]

    @event("VacationSet")
    def set_vacation(self, start: float, end: float) -> None:
        """Pause this player's clocks from start to end (epoch seconds)."""
        self.vacation = [start, end]

    @property
    def chosen(self) -> Settings:
        """The settings as a Struct."""
        return msgspec.convert(self.settings, type=Settings)

    def subscriptions(self) -> list[PushSubscription]:
        """Every push subscription."""
        return [msgspec.convert(s, type=PushSubscription) for s in self.push.values()]

    def wants(self, channel: str) -> bool:
        """True if the channel is chosen, configured and not unsubscribed."""
        if channel in self.unsubscribed or channel not in self.chosen.channels:
            return False
        if channel == "email":
            return bool(self.email) and self.email_confirmed
        return bool(self.push)


def preferences_id(player_id: str) -> UUID:
    """The aggregate id of a player's preferences."""
    return uuid5(_NAMESPACE, player_id)


def load(store: EventStore, player_id: str) -> Preferences | None:
    """A player's preferences, or None if never set."""
    try:
        prefs: Any = store.repository.get(preferences_id(player_id))
    except AggregateNotFoundError:
        return None
    assert isinstance(prefs, Preferences)
    return prefs


def load_or_open(store: EventStore, player_id: str) -> Preferences:
    """A player's preferences, opened (unsaved) when new."""
    return load(store, player_id) or Preferences(player_id=player_id)
