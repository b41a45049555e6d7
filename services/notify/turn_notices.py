"""The notices of a table's turns: whose turn it is, game over, invitations.

The turn tracker (`turns.py`) tells what changed with each command; each change becomes one
notice per channel the player wants (`Outbox.create`, keyed by table, turn, seat and kind:
at most once). An invitation is keyed by table and invitee instead, and only within the
limits of `invitations.py`.
"""

from __future__ import annotations

import structlog

from services.notify.clock import Clock
from services.notify.invitations import InvitationMailLimits, invitation_key_table
from services.notify.outbox import Outbox
from services.notify.turns import TurnChange

log = structlog.get_logger("senet.notify")


class TurnNotices:
    """Queues the notices of the turn changes of new commands."""

    def __init__(self, outbox: Outbox, clock: Clock) -> None:
        self.outbox = outbox
        self.clock = clock
        self.invitation_mails = InvitationMailLimits()

    async def queue(self, changes: list[TurnChange]) -> None:
        """A notice for each change (the command was not decided before)."""
        for change in changes:
            if change.kind == "invited":
                await self._invited(change)
                continue
            await self.outbox.create(
                table_id=change.table_id, turn=change.turn, seat=change.seat, kind=change.kind,
                player_id=change.player_id, facts=change.facts,
                since=self.clock.from_store(change.time),
            )  # fmt: skip

    async def _invited(self, change: TurnChange) -> None:
        """An invitation notice: once per table and invitee, within the per-invitee and
        per-inviter limits."""
        inviter = str(change.facts.get("host_id", ""))
        now = self.clock.now()
        if not self.invitation_mails.allows(change.player_id, inviter, now):
            log.info("invitation_mail_limited", table_id=change.table_id)
            return
        made = await self.outbox.create(
            table_id=change.table_id, turn=change.turn, seat=change.seat, kind=change.kind,
            player_id=change.player_id, facts=change.facts,
            since=self.clock.from_store(change.time),
            key_table=invitation_key_table(change.table_id, change.player_id),
        )  # fmt: skip
        if made:
            self.invitation_mails.sent(change.player_id, inviter, now)
