"""Players and tokens in the event store: registering, finding a token's player or a
name's, issuing, renaming and revoking tokens. The rules are `shared.accounts.players`';
this module reads, decides with them and saves (retrying when the player changed meanwhile).
"""

from __future__ import annotations

import secrets
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from shared.accounts.players import (
    AccessToken,
    NameClaim,
    NameLook,
    Player,
    check_issue,
    decide_change,
    hash_token,
    ids_of_token,
    name_claim_id,
    token_name,
)
from shared.bots.seats import NAME_PREFIX, is_bot_name
from shared.contracts.errors import Conflict, NotFound
from shared.names import display_name
from shared.store import EventStore
from shared.store.retries import retried


def register(store: EventStore, raw_name: str) -> tuple[Player, str]:
    """Register a player; returns the player and the token (shown once).

    The name is checked and normalised first (`shared.names.display_name`: 400 `bad_name`).
    The player, the claim of its name and the claim of its look are saved in one
    transaction: a name already claimed (case-insensitively), or one that looks like it, is
    409 `name_taken` and nothing is saved. Players registered before names (or their looks)
    were claimed hold no claim.
    """
    name = display_name(raw_name)
    if is_bot_name(name):
        raise Conflict(f"names starting {NAME_PREFIX!r} are the bots'", code="name_taken")
    token = secrets.token_urlsafe(32)
    player = Player(name=name, token_hash=hash_token(token))
    claim = NameClaim(name=name, player_id=str(player.id))
    look = NameLook(name=name, player_id=str(player.id))
    try:
        store.save(player, claim, look)
    except IntegrityError as exc:
        # A save that did commit but was reported failed and tried again (a busy SQLite
        # file) finds its own claim: this registration went through.
        if _claimed_by(store, claim.id, str(player.id)):
            return player, token
        message = f"the name {name!r} is taken, or looks like one that is"
        raise Conflict(message, code="name_taken") from exc
    return player, token


def _claimed_by(store: EventStore, claim_id: UUID, player_id: str) -> bool:
    """Whether the name claim of that id is held by that player."""
    claim = _get(store, claim_id)
    return isinstance(claim, NameClaim) and claim.player_id == player_id


def find_by_token(store: EventStore, token: str) -> Player | None:
    """The player holding a token that works, or None."""
    token_hash = hash_token(token)
    first, further = ids_of_token(token_hash)
    player = _get(store, first)
    if player is None:
        access = _get(store, further)
        if not isinstance(access, AccessToken):
            return None
        player = _get(store, UUID(access.player_id))
    return player if isinstance(player, Player) and player.holds(token_hash) else None


def find_by_name(store: EventStore, name: str) -> tuple[str, str] | None:
    """(player id, name as registered) of a display name, compared as names are; None if
    nobody holds it (players registered before names were claimed cannot be found)."""
    claim = _get(store, name_claim_id(name))
    if not isinstance(claim, NameClaim):
        return None
    return claim.player_id, claim.name


def load_player(store: EventStore, player_id: str) -> Player:
    """A player by id; 404 `unknown_player`."""
    player = _get(store, UUID(player_id))
    if not isinstance(player, Player):
        raise NotFound("no such player", code="unknown_player")
    return player


def issue_token(store: EventStore, player_id: str, name: str, link: str = "") -> tuple[Player, str]:
    """A new token for the player (shown once); 409 `too_many_tokens` past MAX_TOKENS, 409
    `link_used` when the sign-in link `link` issued one before."""
    name = token_name(name)

    def once() -> tuple[Player, str]:
        player = load_player(store, player_id)
        check_issue(player, link)
        token = secrets.token_urlsafe(32)
        player.issue(token_hash=hash_token(token), name=name, link=link)
        access = AccessToken(token_hash=hash_token(token), player_id=player_id)
        store.save(player, access)
        return player, token

    return retried(once, "the account", code="account_busy")


def change_token(store: EventStore, player_id: str, token: str, name: str | None) -> Player:
    """Rename a token (`name`) or revoke it (None); 404 `unknown_token` if not the player's.
    Revoking a revoked token changes nothing; renaming one is 409 `token_revoked`."""

    def once() -> Player:
        player = load_player(store, player_id)
        if decide_change(player, token, name):
            store.save(player)
        return player

    return retried(once, "the account", code="account_busy")


def _get(store: EventStore, aggregate_id: UUID) -> Aggregate | None:
    try:
        found: Aggregate = store.repository.get(aggregate_id)
    except AggregateNotFoundError:
        return None
    return found
