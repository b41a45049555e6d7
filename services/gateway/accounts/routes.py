"""Registering, who I am, my tokens (list, name, revoke, issue) and signing in again by e-mail.

The token is the account: there is no password. A player may hold several tokens (one per
device), each with a name; revoking one stops it at once on every gateway
(`services.gateway.accounts.revocations`). A player who lost every token and has a confirmed e-mail
address asks for a sign-in link (`shared.notify.owners`), which issues a new token once.
"""

from __future__ import annotations

import time
from typing import Annotated

import msgspec
from aiohttp import web

from services.gateway.accounts.auth import Identity, bearer_token, caller
from services.gateway.http.request import decode_body, json_response
from services.gateway.http.routes import Route
from services.gateway.http.storecall import in_store
from services.gateway.keys import REVOCATIONS, SIGN_INS, STORE
from services.gateway.settings.notifications import signing_key_of
from shared.accounts import ledger, players
from shared.contracts.errors import BadRequest, Unavailable
from shared.notify import links, owners

SIGN_IN_TOKEN_NAME = "sign-in link"


class RegisterPlayer(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/players."""

    name: str


class Registered(msgspec.Struct, frozen=True, kw_only=True):
    """The answer to a registration: the token is shown only here."""

    player_id: str
    name: str
    token: str


class TokenInfo(msgspec.Struct, frozen=True, kw_only=True):
    """One of my tokens (never the token itself: it is shown once, when issued)."""

    id: str
    name: str
    revoked: bool
    current: bool  # the token of this request


class Tokens(msgspec.Struct, frozen=True, kw_only=True):
    """GET /api/me/tokens."""

    tokens: list[TokenInfo]


class TokenName(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/me/tokens, PATCH /api/me/tokens/{id}: a name such as "phone"."""

    name: Annotated[str, msgspec.Meta(max_length=200)]


class NewToken(msgspec.Struct, frozen=True, kw_only=True):
    """A token just issued (shown only in this answer)."""

    token: str
    id: str
    name: str
    player_id: str
    player_name: str


class SignInLinkRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/sign-in-links."""

    email: Annotated[str, msgspec.Meta(max_length=320)]


class SignInLinkAnswer(msgspec.Struct, frozen=True, kw_only=True):
    """The same answer whether or not the address belongs to anyone."""

    message: str


class SignInRequest(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/sign-in: the link's code (what follows `#` in the mailed link)."""

    link: Annotated[str, msgspec.Meta(max_length=1000)]


async def list_tokens(request: web.Request) -> web.Response:
    """My tokens: id, name, whether revoked, and which one this request used."""
    who = caller(request)
    player = await in_store(request, ledger.load_player, request.app[STORE], who.player_id)
    return json_response(Tokens(tokens=_infos(player, _current(request))))


async def issue_token(request: web.Request) -> web.Response:
    """A new token for another device (its name, e.g. "phone"); the token is shown once."""
    who = caller(request)
    body = await decode_body(request, TokenName)
    player, token = await in_store(
        request, ledger.issue_token, request.app[STORE], who.player_id, body.name
    )
    return json_response(_new(player, token), 201)


async def rename_token(request: web.Request) -> web.Response:
    """Rename one of my tokens."""
    who = caller(request)
    body = await decode_body(request, TokenName)
    token = request.match_info["token_id"]
    player = await in_store(
        request, ledger.change_token, request.app[STORE], who.player_id, token, body.name
    )
    return json_response(_info(player, token, _current(request)))


async def revoke_token(request: web.Request) -> web.Response:
    """Revoke one of my tokens (this one too, if named): it stops working at once."""
    who = caller(request)
    token = request.match_info["token_id"]
    store = request.app[STORE]
    player = await in_store(request, ledger.change_token, store, who.player_id, token, None)
    await request.app[REVOCATIONS].revoked(who.player_id, player.tokens[token]["hash"])
    return json_response(_info(player, token, _current(request)))


async def ask_sign_in_link(request: web.Request) -> web.Response:
    """Mail a sign-in link to a confirmed address (202 whether or not it is anyone's)."""
    body = await decode_body(request, SignInLinkRequest)
    if "@" not in body.email:
        raise BadRequest("not an e-mail address", code="bad_email")
    # Queued, not looked up here: the answer must take as long for anyone's address as for
    # nobody's (shared.notify.asks).
    if not request.app[SIGN_INS].ask(body.email, time.time()):
        raise Unavailable("too many sign-in requests at once; try again", code="sign_in_busy")
    message = "If this address is a player's confirmed address, a sign-in link is on its way."
    return json_response(SignInLinkAnswer(message=message), 202)


async def sign_in(request: web.Request) -> web.Response:
    """Follow a sign-in link: a new token for its player, once, within 30 minutes."""
    body = await decode_body(request, SignInRequest)
    found = links.verify(await signing_key_of(request), body.link.strip().lstrip("#"))
    purpose = owners.read_purpose(found[1]) if found else None
    if found is None or purpose is None:
        raise BadRequest("not a sign-in link of ours", code="bad_sign_in_link")
    nonce, expires = purpose
    if time.time() > expires:
        raise BadRequest("the sign-in link has expired; ask for a new one", code="link_expired")
    player, token = await in_store(
        request, ledger.issue_token, request.app[STORE], found[0], SIGN_IN_TOKEN_NAME, nonce
    )
    return json_response(_new(player, token), 201)


def _current(request: web.Request) -> str:
    return players.token_id(players.hash_token(bearer_token(request)))


def _infos(player: players.Player, current: str) -> list[TokenInfo]:
    return [_info(player, token, current) for token in player.tokens]


def _info(player: players.Player, token: str, current: str) -> TokenInfo:
    held = player.tokens[token]
    return TokenInfo(id=token, name=held["name"], revoked=held["revoked"], current=token == current)


def _new(player: players.Player, token: str) -> NewToken:
    token_id = players.token_id(players.hash_token(token))
    return NewToken(
        token=token, id=token_id, name=player.tokens[token_id]["name"],
        player_id=str(player.id), player_name=player.name,
    )  # fmt: skip


async def register_player(request: web.Request) -> web.Response:
    """Register a player; the token is shown only in this answer."""
    body = await decode_body(request, RegisterPlayer)
    player, token = await in_store(request, ledger.register, request.app[STORE], body.name)
    return json_response(Registered(player_id=str(player.id), name=player.name, token=token), 201)


async def me(request: web.Request) -> web.Response:
    """The caller's identity."""
    return json_response(caller(request))


# In the order of the published document (`services.gateway.openapi.routes`).
ROUTES: list[Route] = [
    Route(
        "POST",
        "/api/players",
        register_player,
        "Register a player (name → token)",
        RegisterPlayer,
        Registered,
        auth=False,
        status=201,
    ),
    Route("GET", "/api/me", me, "Who the token belongs to", None, Identity),
    Route(
        "GET",
        "/api/me/tokens",
        list_tokens,
        "My tokens: id, name, revoked, and which one this request used",
        None,
        Tokens,
    ),
    Route(
        "POST",
        "/api/me/tokens",
        issue_token,
        "A new token for another device, with a name (the token is shown once)",
        TokenName,
        NewToken,
        status=201,
    ),
    Route(
        "PATCH",
        "/api/me/tokens/{token_id}",
        rename_token,
        "Rename one of my tokens",
        TokenName,
        TokenInfo,
    ),
    Route(
        "DELETE",
        "/api/me/tokens/{token_id}",
        revoke_token,
        "Revoke one of my tokens: it stops working at once, on every gateway",
        None,
        TokenInfo,
    ),
    Route(
        "POST",
        "/api/sign-in-links",
        ask_sign_in_link,
        "Mail a sign-in link to a confirmed address (202 whether or not it is anyone's)",
        SignInLinkRequest,
        SignInLinkAnswer,
        auth=False,
        status=202,
    ),
    Route(
        "POST",
        "/api/sign-in",
        sign_in,
        "Follow a mailed sign-in link: a new token, once, within 30 minutes",
        SignInRequest,
        NewToken,
        auth=False,
        status=201,
    ),
]
