"""The pure rules of notification choices (`shared.notify.choices`): each refusal has its
stable code, and what passes is what the preferences keep."""

from __future__ import annotations

from shared.notify import choices
from shared.notify.endpoints import MAX_SUBSCRIPTIONS
from shared.notify.preferences import Preferences, QuietHours, Settings
from tests.harness.errors import refusal


def test_addresses_are_normalized_and_header_breakers_refused() -> None:
    assert choices.checked_email("  Ann@Example.TEST ") == "Ann@example.test"
    for bad in ("ann", "ann@example.test\r\nBcc: x@y.test", "a\u202e@example.test"):
        assert refusal(choices.checked_email, bad) == "bad_email"


def test_a_subscription_keeps_only_its_endpoint_and_two_keys() -> None:
    keys = {"p256dh": "k", "auth": "a", "extra": "x"}
    kept = choices.checked_subscription("https://push.example/1", keys)
    assert kept == {"endpoint": "https://push.example/1", "keys": {"p256dh": "k", "auth": "a"}}
    assert refusal(choices.checked_subscription, "https://p/", {"auth": "a"}) == "bad_subscription"
    long = "https://p/" + "x" * choices.MAX_ENDPOINT
    assert refusal(choices.checked_subscription, long, keys) == "bad_subscription"


def test_subscriptions_stop_at_the_limit_but_a_known_endpoint_is_renewed() -> None:
    prefs = Preferences(player_id="p")
    for number in range(MAX_SUBSCRIPTIONS):
        choices.check_room_for(prefs, f"https://p/{number}")
        prefs.add_push({"endpoint": f"https://p/{number}", "keys": {}})
    assert refusal(choices.check_room_for, prefs, "https://p/new") == "too_many_subscriptions"
    choices.check_room_for(prefs, "https://p/0")


def test_settings_name_known_channels_and_real_quiet_hours() -> None:
    night = QuietHours(start="22:00", end="07:00", tz="Europe/Berlin")
    choices.check_settings(Settings(channels=["email"], quiet=night))
    assert refusal(choices.check_settings, Settings(channels=["pigeon"])) == "bad_channel"
    late = Settings(quiet=QuietHours(start="25:00", end="07:00", tz="UTC"))
    assert refusal(choices.check_settings, late) == "bad_quiet_hours"
    nowhere = Settings(quiet=QuietHours(start="22:00", end="07:00", tz="Mars/Olympus"))
    assert refusal(choices.check_settings, nowhere) == "bad_quiet_hours"


def test_a_vacation_is_zero_to_thirty_days() -> None:
    assert choices.vacation(2, 1000.0) == (1000.0, 1000.0 + 2 * 86400)
    assert choices.vacation(0, 5.0) == (5.0, 5.0)
    for bad in (-1, 30.5):
        assert refusal(choices.vacation, bad, 0.0) == "bad_vacation"
