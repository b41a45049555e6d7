"""Notices about disputes: a case opened (to the table's other players), a statement added
(to the case's opener), a verdict (to every player of the table, with its reason). One
notice per player, case event and channel: the case's version keys it, as a table's turn
does; channels follow each player's preferences (`Outbox.create`)."""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification

from services.notify.outbox import Outbox
from shared.disputes.aggregate import OPENED_TOPIC, SETTLED_TOPIC, STATED_TOPIC, Dispute
from shared.games.registry import get_game
from shared.store import EventStore

KINDS = {OPENED_TOPIC: "dispute_opened", STATED_TOPIC: "dispute_statement",
         SETTLED_TOPIC: "dispute_settled"}  # fmt: skip


class DisputeNews:
    """The case events heard since the last round, and their notices."""

    def __init__(self, store: EventStore, outbox: Outbox, public_url: str) -> None:
        self.store = store
        self.outbox = outbox
        self.public_url = public_url.rstrip("/")
        self.pending: list[tuple[UUID, str, int]] = []  # (case, kind, the case's version)

    def fold(self, note: Notification, decided: int) -> bool:
        """Keep a case event that is news (True), else leave the note to others (False)."""
        kind = KINDS.get(note.topic)
        if kind is None or note.id <= decided:
            return False
        self.pending.append((UUID(str(note.originator_id)), kind, note.originator_version))
        return True

    async def queue(self) -> None:
        """Queue the notices of the case events heard."""
        pending, self.pending = self.pending, []
        for case_id, kind, version in pending:
            case: Any = await asyncio.to_thread(self.store.repository.get, case_id, version=version)
            if not isinstance(case, Dispute):
                continue
            for seat in _told(case, kind):
                await self.outbox.create(
                    table_id=str(case.id), turn=version, seat=seat, kind=kind,
                    player_id=case.players[seat], facts=self.facts(case, kind),
                )  # fmt: skip

    def facts(self, case: Dispute, kind: str) -> dict[str, Any]:
        """What the notice says: the game, the reason, the verdict and its reason."""
        facts: dict[str, Any] = {
            "table_id": case.table_id, "game": get_game(case.game).title,
            "game_name": case.game, "reason": case.reason,
            "version": case.table_version, "dispute_id": str(case.id),
            "link": f"{self.public_url}/disputes/{case.id}",
        }  # fmt: skip
        if kind == "dispute_settled" and case.verdict is not None:
            facts |= {"verdict": case.verdict["verdict"], "verdict_reason": case.verdict["reason"]}
        return facts


def _told(case: Dispute, kind: str) -> list[int]:
    """The seats a case event is news to."""
    if kind == "dispute_opened":
        return [s for s, p in enumerate(case.players) if p and p != case.player_id]
    if kind == "dispute_statement":
        return [case.seat]
    return [s for s, p in enumerate(case.players) if p]
