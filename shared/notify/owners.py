"""Who a confirmed e-mail address belongs to, and its sign-in requests.

Confirming an address (the link of the confirmation mail) claims it for the player; the
latest confirmation wins. A player who lost every token asks for a sign-in link by that
address (`POST /api/sign-in-links`): the gateway records `SignInAsked` with a fresh nonce,
the notify service mails the link (signed, valid for `LINK_SECONDS`), and following it
issues a new token once (`POST /api/sign-in`; the player records the nonce as used).
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from shared.notify.preferences import load as load_preferences
from shared.store import EventStore
from shared.store.retries import retried

_NAMESPACE = uuid5(NAMESPACE_URL, "senet:email-owner")
SIGN_IN = "sign-in"  # the purpose of a signed sign-in link (see links.sign)
LINK_SECONDS = 1800  # a sign-in link works for 30 minutes
ASK_GAP = 60.0  # seconds between two links to one address
ASK_PER_DAY = 5  # links to one address per 24 hours


class EmailOwner(Aggregate):
    """A confirmed address and the player it belongs to."""

    @event("Claimed")
    def __init__(self, email: str, player_id: str) -> None:
        self.email = email
        self.player_id = player_id
        self.asked: list[float] = []  # the latest sign-in requests (epoch seconds)

    @classmethod
    def create_id(cls, email: str, player_id: str) -> UUID:
        """One aggregate per address, compared case-insensitively."""
        return owner_id(email)

    @event("Reclaimed")
    def claim(self, player_id: str) -> None:
        """Another player confirmed the address: it is theirs now."""
        self.player_id = player_id

    @event("SignInAsked")
    def ask(self, nonce: str, at: float, player_id: str, name: str, email: str) -> None:
        """A sign-in link is to be mailed to `email` for `player_id` (`nonce` makes it
        single-use; the player's name is for the mail)."""
        self.asked.append(at)
        del self.asked[:-ASK_PER_DAY]


def fold_email(email: str) -> str:
    """The form in which two addresses are compared."""
    return unicodedata.normalize("NFKC", email).strip().casefold()


def owner_id(email: str) -> UUID:
    """The aggregate id of an address."""
    return uuid5(_NAMESPACE, fold_email(email))


def claim(store: EventStore, email: str, player_id: str) -> None:
    """Record that `player_id` confirmed `email` (idempotent)."""

    def once() -> None:
        owner = _get(store, owner_id(email)) or EmailOwner(email=email, player_id=player_id)
        if owner.player_id != player_id:
            owner.claim(player_id=player_id)
        store.save(owner)

    retried(once, "the address's owner")


def ask_sign_in(store: EventStore, email: str, now: float, name_of: Callable[[str], str]) -> bool:
    """Record a sign-in request if the address is a player's confirmed one and not asked
    too often (one per ASK_GAP seconds, ASK_PER_DAY a day); False otherwise (the caller
    answers the same either way: nobody learns whose address it is). `name_of` gives a
    player's name for the mail."""
    owner = _get(store, owner_id(email))
    if owner is None:
        return False
    prefs = load_preferences(store, owner.player_id)
    if (
        prefs is None
        or not prefs.email_confirmed
        or fold_email(prefs.email or "") != fold_email(email)
    ):
        return False  # the player moved on to another address
    recent = [t for t in owner.asked if now - t < 86400]
    if (recent and now - recent[-1] < ASK_GAP) or len(recent) >= ASK_PER_DAY:
        return False
    owner.ask(
        nonce=secrets.token_hex(16), at=now, player_id=owner.player_id,
        name=name_of(owner.player_id), email=prefs.email or email,
    )  # fmt: skip
    try:
        store.save(owner)
    except IntegrityError:
        return False  # asked at the same moment elsewhere: that one is sent
    return True


def sign_in_purpose(nonce: str, expires: int) -> str:
    """The signed part of a sign-in link besides the player."""
    return f"{SIGN_IN}:{nonce}:{expires}"


def read_purpose(purpose: str) -> tuple[str, int] | None:
    """(nonce, expires) of a sign-in link's purpose, or None if it is another link's."""
    kind, _, rest = purpose.partition(":")
    nonce, _, expires = rest.partition(":")
    if kind != SIGN_IN or not nonce or not expires.isdigit():
        return None
    return nonce, int(expires)


def _get(store: EventStore, aggregate_id: UUID) -> Any:
    try:
        found: Any = store.repository.get(aggregate_id)
    except AggregateNotFoundError:
        return None
    return found if isinstance(found, EmailOwner) else None
