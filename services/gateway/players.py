"""Players and their bearer tokens; a token is stored only as its hash."""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from shared.contracts.errors import Conflict
from shared.store import EventStore

_TOKEN_NAMESPACE = uuid5(NAMESPACE_URL, "senet:player-token")
_NAME_NAMESPACE = uuid5(NAMESPACE_URL, "senet:player-name")


class Player(Aggregate):
    """A registered player; its id is derived from the hash of its token."""

    @event("Registered")
    def __init__(self, name: str, token_hash: str) -> None:
        self.name = name
        self.token_hash = token_hash

    @classmethod
    def create_id(cls, name: str, token_hash: str) -> UUID:
        """The id for a token hash: looking a token up is one aggregate read."""
        return uuid5(_TOKEN_NAMESPACE, token_hash)


class NameClaim(Aggregate):
    """A display name taken by a player; its id is derived from the name's folded form, so a
    second claim of the same name (any case) cannot be saved."""

    @event("Claimed")
    def __init__(self, name: str, player_id: str) -> None:
        self.name = name
        self.player_id = player_id

    @classmethod
    def create_id(cls, name: str, player_id: str) -> UUID:
        """The id of a name: NFKC-normalised and case-folded (`Ann`, `ANN`, `Ａnn` are one)."""
        return uuid5(_NAME_NAMESPACE, fold_name(name))


def fold_name(name: str) -> str:
    """The form in which two display names are compared."""
    return unicodedata.normalize("NFKC", name).casefold()


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def register(store: EventStore, name: str) -> tuple[Player, str]:
    """Register a player; returns the player and the token (shown once).

    The player and the claim of its name are saved in one transaction: a name already
    claimed (case-insensitively) is 409 `name_taken` and nothing is saved. Players registered
    before names were claimed hold no claim.
    """
    token = secrets.token_urlsafe(32)
    player = Player(name=name, token_hash=hash_token(token))
    claim = NameClaim(name=name, player_id=str(player.id))
    try:
        store.save(player, claim)
    except IntegrityError as exc:
        raise Conflict(f"the name {name!r} is taken", code="name_taken") from exc
    return player, token


def find_by_token(store: EventStore, token: str) -> Player | None:
    """The player holding a token, or None."""
    token_hash = hash_token(token)
    try:
        player: Player = store.repository.get(uuid5(_TOKEN_NAMESPACE, token_hash))
    except AggregateNotFoundError:
        return None
    assert isinstance(player, Player)
    return player if secrets.compare_digest(player.token_hash, token_hash) else None
