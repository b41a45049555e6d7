"""The mails of a player's account: an address's confirmation link and sign-in links.

Both come from events of other aggregates than tables (`Preferences.EmailSet`,
`EmailOwner.SignInAsked`): noted while the log is folded, queued once notify has caught up,
each keyed by the store position of its event (at most once per change or request).
"""

from __future__ import annotations

import asyncio
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification

from services.notify.outbox import Outbox
from shared.notify.owners import EmailOwner
from shared.notify.preferences import Preferences
from shared.store import EventStore

PREFERENCES_TOPIC = f"{Preferences.__module__}:{Preferences.__qualname__}."
SIGN_IN_TOPIC = f"{EmailOwner.__module__}:{EmailOwner.__qualname__}.SignInAsked"


class AccountMails:
    """Addresses to confirm and sign-in links asked for since the last look."""

    def __init__(self, store: EventStore, outbox: Outbox) -> None:
        self.store = store
        self.outbox = outbox
        self.confirmations: list[tuple[UUID, str, int]] = []  # (preferences, address, position)
        self.sign_ins: list[tuple[Any, int]] = []  # (SignInAsked, its position)

    def fold(self, note: Notification, decided: int) -> bool:
        """Note an account event (one after `decided` asks for a mail); False if the event
        is none of these."""
        if note.topic.startswith(PREFERENCES_TOPIC):
            self.outbox.forget_preferences_by_id(UUID(str(note.originator_id)))
            if note.topic.endswith(".EmailSet") and note.id > decided:
                event = self.store.decode(note)
                self.confirmations.append((event.originator_id, str(event.email), note.id))
            return True
        if note.topic == SIGN_IN_TOPIC:
            if note.id > decided:
                self.sign_ins.append((self.store.decode(note), note.id))
            return True
        return False

    async def queue(self) -> None:
        """Queue a confirmation mail for each address still unconfirmed, and each sign-in
        link."""
        confirmations, self.confirmations = self.confirmations, []
        for aggregate_id, email, position in confirmations:
            prefs: Any = await asyncio.to_thread(self.store.repository.get, aggregate_id)
            if prefs.email == email and not prefs.email_confirmed:  # still to be confirmed
                await self.outbox.confirmation(prefs.player_id, email, position)
        sign_ins, self.sign_ins = self.sign_ins, []
        for asked, position in sign_ins:
            await self.outbox.sign_in(
                asked.player_id, asked.name, asked.email, asked.nonce, asked.at, position
            )
