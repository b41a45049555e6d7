"""Limits on invitation notices, so inviting cannot be used to mail-bomb a player.

- Once per table and invitee, ever: the notice's key names the table and the invitee, not
  the table's version, so inviting, withdrawing and inviting again sends nothing new.
- Per invitee: at most INVITEE_MAILS invitation notices within WINDOW seconds, whoever
  invites (many tables of one host, or many hosts).
- Per inviter (the table's creator): at most INVITER_MAILS within WINDOW seconds.

The two windows are counted by the notify service in memory (one active notify service per
deployment; a restart starts them afresh): a notice over a limit is not created, the
invitation itself stands (the invitee still finds it among their tables).
"""

from __future__ import annotations

from collections import deque
from typing import Final

INVITEE_MAILS: Final = 5
INVITER_MAILS: Final = 30
WINDOW: Final = 3600.0  # seconds


def invitation_key_table(table_id: str, invitee: str) -> str:
    """The table part of an invitation notice's at-most-once key: one per invitee."""
    return f"{table_id}/invited/{invitee}"


class InvitationMailLimits:
    """Sliding windows of invitation notices created, per invitee and per inviter."""

    def __init__(self) -> None:
        self.to_invitee: dict[str, deque[float]] = {}
        self.by_inviter: dict[str, deque[float]] = {}

    def allows(self, invitee: str, inviter: str, now: float) -> bool:
        """True unless a notice now would pass either limit."""
        return _room(self.to_invitee, invitee, now, INVITEE_MAILS) and _room(
            self.by_inviter, inviter, now, INVITER_MAILS
        )

    def sent(self, invitee: str, inviter: str, now: float) -> None:
        """Count a notice created now."""
        self.to_invitee.setdefault(invitee, deque()).append(now)
        self.by_inviter.setdefault(inviter, deque()).append(now)


def _room(windows: dict[str, deque[float]], who: str, now: float, most: int) -> bool:
    window = windows.get(who)
    if window is None:
        return True
    while window and now - window[0] >= WINDOW:
        window.popleft()
    if not window:
        del windows[who]
        return True
    return len(window) < most
