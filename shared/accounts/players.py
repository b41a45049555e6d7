"""Players and their bearer tokens, the pure part: the aggregates, their ids, and the rules
of names and tokens (`shared.accounts.ledger` reads and saves them). A token is stored only
as its hash.

A player's id is derived from the hash of the token it registered with, so looking that
token up is one aggregate read. Further tokens (`POST /api/me/tokens`, a sign-in link) are
listed on the player (`tokens`: id → name, and whether revoked) and found through an
`AccessToken` aggregate whose id is derived from their hash. The player's list is the
truth: a revoked token is marked there, in one event, and stops working at once.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate, event

from shared.contracts.errors import BadRequest, Conflict, NotFound
from shared.names import skeleton

_TOKEN_NAMESPACE = uuid5(NAMESPACE_URL, "senet:player-token")
_ACCESS_NAMESPACE = uuid5(NAMESPACE_URL, "senet:access-token")
_NAME_NAMESPACE = uuid5(NAMESPACE_URL, "senet:player-name")
_LOOK_NAMESPACE = uuid5(NAMESPACE_URL, "senet:player-name-skeleton")
FIRST_TOKEN_NAME = "first token"  # the name of the token a player registered with
MAX_TOKENS = 20  # tokens a player may hold at once (revoked ones do not count)
MAX_TOKEN_NAME = 40


class Player(Aggregate):
    """A registered player; its id is derived from the hash of its first token."""

    @event("Registered")
    def __init__(self, name: str, token_hash: str) -> None:
        self.name = name
        self.token_hash = token_hash
        # token id (the first 16 hex digits of its hash) -> {"name", "revoked", "hash"}
        self.tokens: dict[str, dict[str, Any]] = {
            token_id(token_hash): {"name": FIRST_TOKEN_NAME, "revoked": False, "hash": token_hash}
        }
        self.links_used: list[str] = []  # nonces of the sign-in links that issued a token

    @classmethod
    def create_id(cls, name: str, token_hash: str) -> UUID:
        """The id for a token hash: looking a token up is one aggregate read."""
        return uuid5(_TOKEN_NAMESPACE, token_hash)

    @event("TokenIssued")
    def issue(self, token_hash: str, name: str, link: str = "") -> None:
        """Another token (`link`: the nonce of the sign-in link it came from, if any)."""
        self.tokens[token_id(token_hash)] = {"name": name, "revoked": False, "hash": token_hash}
        if link:
            self.links_used.append(link)

    @event("TokenRenamed")
    def rename_token(self, token: str, name: str) -> None:
        """A token's name changed (`token`: its id)."""
        self.tokens[token]["name"] = name

    @event("TokenRevoked")
    def revoke(self, token: str) -> None:
        """A token stops working (`token`: its id)."""
        self.tokens[token]["revoked"] = True

    def holds(self, token_hash: str) -> bool:
        """True if this token is the player's and not revoked."""
        held = self.tokens.get(token_id(token_hash))
        return (
            held is not None
            and not held["revoked"]
            and secrets.compare_digest(held["hash"], token_hash)
        )

    def active(self) -> int:
        """How many tokens work."""
        return sum(1 for held in self.tokens.values() if not held["revoked"])


class AccessToken(Aggregate):
    """Which player a further token belongs to (its id is derived from the token's hash)."""

    @event("Issued")
    def __init__(self, token_hash: str, player_id: str) -> None:
        self.player_id = player_id

    @classmethod
    def create_id(cls, token_hash: str, player_id: str) -> UUID:
        """Found by the token's hash, like a player by its first token's."""
        return uuid5(_ACCESS_NAMESPACE, token_hash)


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


class NameLook(Aggregate):
    """The look of a display name taken by a player; its id is derived from the name's
    skeleton (`shared.names`), so a look-alike of a name (`Аnn` with a Cyrillic A, `bi1l`
    beside `bill`) cannot be saved either."""

    @event("Claimed")
    def __init__(self, name: str, player_id: str) -> None:
        self.name = name
        self.player_id = player_id

    @classmethod
    def create_id(cls, name: str, player_id: str) -> UUID:
        """The id of a name's look."""
        return uuid5(_LOOK_NAMESPACE, skeleton(name))


def fold_name(name: str) -> str:
    """The form in which two display names are compared."""
    return unicodedata.normalize("NFKC", name).casefold()


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_id(token_hash: str) -> str:
    """The public id of a token (it shows nothing a caller could sign in with)."""
    return token_hash[:16]


def token_name(raw: str) -> str:
    """A token's name, trimmed: 1-40 printable characters; 400 `bad_token_name`."""
    name = unicodedata.normalize("NFC", raw).strip()
    printable = all(unicodedata.category(c)[0] != "C" for c in name)
    if not name or len(name) > MAX_TOKEN_NAME or not printable:
        raise BadRequest(
            f"a token's name has 1-{MAX_TOKEN_NAME} printable characters", code="bad_token_name"
        )
    return name


def ids_of_token(token_hash: str) -> tuple[UUID, UUID]:
    """Where a token is found: the player it registered (its first token) and the
    `AccessToken` of a further one."""
    return uuid5(_TOKEN_NAMESPACE, token_hash), uuid5(_ACCESS_NAMESPACE, token_hash)


def name_claim_id(name: str) -> UUID:
    """The id of the claim of a display name, compared as names are."""
    return uuid5(_NAME_NAMESPACE, fold_name(name.strip()))


def check_issue(player: Player, link: str) -> None:
    """Whether the player may have another token: 409 `too_many_tokens` past MAX_TOKENS,
    409 `link_used` when the sign-in link `link` issued one before."""
    if player.active() >= MAX_TOKENS:
        raise Conflict(f"at most {MAX_TOKENS} tokens; revoke one first", code="too_many_tokens")
    if link and link in player.links_used:
        raise Conflict("this sign-in link was used already", code="link_used")


def decide_change(player: Player, token: str, name: str | None) -> bool:
    """Rename a token (`name`) or revoke it (None): whether anything changes (the event is
    triggered on `player`). 404 `unknown_token` if not the player's; revoking a revoked token
    changes nothing; renaming one is 409 `token_revoked`."""
    held = player.tokens.get(token)
    if held is None:
        raise NotFound("no such token of yours", code="unknown_token")
    if name is None:
        if held["revoked"]:
            return False
        player.revoke(token=token)
    elif held["revoked"]:
        raise Conflict("this token is revoked; it cannot be renamed", code="token_revoked")
    else:
        player.rename_token(token=token, name=token_name(name))
    return True
