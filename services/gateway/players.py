"""Players and their bearer tokens; a token is stored only as its hash."""

from __future__ import annotations

import hashlib
import secrets
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event

from shared.store import EventStore

_TOKEN_NAMESPACE = uuid5(NAMESPACE_URL, "senet:player-token")


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


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def register(store: EventStore, name: str) -> tuple[Player, str]:
    """Register a player; returns the player and the token (shown once)."""
    token = secrets.token_urlsafe(32)
    player = Player(name=name, token_hash=hash_token(token))
    store.save(player)
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
