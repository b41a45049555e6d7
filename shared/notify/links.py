"""Signed unsubscribe tokens: HMAC over player and channel with a key kept in the store."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event
from eventsourcing.persistence import IntegrityError

from shared.store import EventStore

_KEY_ID = uuid5(NAMESPACE_URL, "senet:notify-signing-key")


class SigningKey(Aggregate):
    """The platform's secret for unsubscribe links (one, created by whoever needs it first)."""

    @event("Generated")
    def __init__(self, secret: str) -> None:
        self.secret = secret

    @classmethod
    def create_id(cls, secret: str) -> UUID:
        """Always the same id: the first key saved wins."""
        return _KEY_ID


def existing_key(store: EventStore) -> bytes:
    """The signing key if one was generated, else b"" (no link can be valid yet)."""
    try:
        key: Any = store.repository.get(_KEY_ID)
    except AggregateNotFoundError:
        return b""
    assert isinstance(key, SigningKey)
    return bytes.fromhex(key.secret)


def signing_key(store: EventStore) -> bytes:
    """The shared signing key, generated and stored on first use."""
    try:
        key: Any = store.repository.get(_KEY_ID)
    except AggregateNotFoundError:
        key = SigningKey(secret=secrets.token_hex(32))
        try:
            store.save(key)
        except IntegrityError:
            key = store.repository.get(_KEY_ID)  # another process saved one first
    assert isinstance(key, SigningKey)
    return bytes.fromhex(key.secret)


def sign(key: bytes, player_id: str, channel: str) -> str:
    """A token that proves the link was made for this player and channel."""
    message = f"unsubscribe:{player_id}:{channel}".encode()
    mac = hmac.new(key, message, hashlib.sha256).digest()[:16]
    body = f"{player_id}:{channel}".encode()
    return _b64(body) + "." + _b64(mac)


def verify(key: bytes, token: str) -> tuple[str, str] | None:
    """The (player_id, channel) a token was made for, or None if forged or malformed."""
    if not key:
        return None
    try:
        body_part, mac_part = token.split(".", 1)
        player_id, channel = _unb64(body_part).decode().split(":", 1)
        mac = _unb64(mac_part)
    except (ValueError, UnicodeDecodeError):
        return None
    expected = hmac.new(
        key, f"unsubscribe:{player_id}:{channel}".encode(), hashlib.sha256
    ).digest()[:16]
    return (player_id, channel) if hmac.compare_digest(mac, expected) else None


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
