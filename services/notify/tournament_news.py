"""Tournament mails: each player of a tournament that started or ended hears of it.

One notice per player, kind and channel, keyed by the tournament's version (as a table's
turn keys a turn notice); noted while the log is folded, queued once notify has caught up.
"""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification

from services.notify.outbox import Outbox
from shared.games.registry import get_game
from shared.store import EventStore
from shared.tournaments.aggregate import TOURNAMENT_TOPICS, Tournament
from shared.tournaments.standings import standings
from shared.tournaments.state import TournamentState

TOURNAMENT_TOPIC = TOURNAMENT_TOPICS[1]  # a tournament's recorded events
NEWS = {"TournamentStarted": "tournament_started", "TournamentFinished": "tournament_over"}


class TournamentNews:
    """Tournaments that started or ended since the last look."""

    def __init__(self, store: EventStore, outbox: Outbox, public_url: str) -> None:
        self.store = store
        self.outbox = outbox
        self.public_url = public_url
        self.pending: list[tuple[UUID, str, int]] = []  # (tournament, kind, version)

    def fold(self, note: Notification, decided: int) -> bool:
        """Note a tournament's start or end (after `decided`); False if the event is no
        tournament's."""
        if note.topic != TOURNAMENT_TOPIC:
            return False
        if note.id > decided:
            kind = NEWS.get(str(self.store.decode(note).name))
            if kind is not None:
                self.pending.append((UUID(str(note.originator_id)), kind, note.originator_version))
        return True

    async def queue(self) -> None:
        """Queue the notices of each tournament noted."""
        pending, self.pending = self.pending, []
        for tournament_id, kind, version in pending:
            found: Any = await asyncio.to_thread(self.store.repository.get, tournament_id)
            if not isinstance(found, Tournament):
                continue
            state = found.tournament
            facts = tournament_facts(state, self.public_url)
            for seat, player in enumerate(state.seeding):
                await self.outbox.create(
                    table_id=state.tournament_id, turn=version, seat=seat, kind=kind,
                    player_id=player, facts=facts | {"name": _entrant_name(state, player)},
                )  # fmt: skip


def tournament_facts(state: TournamentState, public_url: str) -> dict[str, Any]:
    """What a notice about a tournament says: its name, game, players, link, and once it
    is over, the final standings."""
    names = {e.player_id: e.name for e in state.entrants}
    facts: dict[str, Any] = {
        "tournament": state.created.name,
        "game": get_game(state.created.game).title,
        "game_name": state.created.game,
        "table_id": state.tournament_id,
        "link": f"{public_url.rstrip('/')}/tournaments/{state.tournament_id}",
        "players": [names.get(p, "") for p in state.seeding],
    }
    if state.ranking:
        facts["ranking"] = [
            {"rank": s.rank, "name": s.name, "points": s.points} for s in standings(state)
        ]
    return facts


def _entrant_name(state: TournamentState, player_id: str) -> str:
    entrant = state.entrant(player_id)
    return entrant.name if entrant is not None else ""
