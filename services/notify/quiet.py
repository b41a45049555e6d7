"""Quiet hours and vacations: when a player's clock or inbox is paused."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from shared.notify.preferences import QuietHours


def quiet_until(quiet: QuietHours | None, now: float) -> float | None:
    """The end of the quiet period `now` falls in (epoch seconds), or None if not quiet."""
    if quiet is None:
        return None
    try:
        zone = ZoneInfo(quiet.tz)
    except (ZoneInfoNotFoundError, ValueError):
        zone = ZoneInfo("UTC")
    local = datetime.fromtimestamp(now, zone)
    start, end = time.fromisoformat(quiet.start), time.fromisoformat(quiet.end)
    clock = local.time()
    if start == end:
        return None
    inside = start <= clock < end if start < end else clock >= start or clock < end
    if not inside:
        return None
    until = local.replace(hour=end.hour, minute=end.minute, second=0, microsecond=0)
    if until <= local:
        until += timedelta(days=1)
    return until.timestamp()


def paused(vacation: list[float], since: float, now: float) -> float:
    """Seconds of [since, now] covered by the vacation [start, end] (0 when none)."""
    if len(vacation) != 2:
        return 0.0
    start, end = max(vacation[0], since), min(vacation[1], now)
    return max(0.0, end - start)
