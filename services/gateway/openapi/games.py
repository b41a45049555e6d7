"""What the OpenAPI document adds per game and per route: each game's move and view
schemas (from its msgspec types) and the error statuses a route can actually return."""

from __future__ import annotations

import re
import typing
from typing import Any

from shared.games.registry import available_games, get_game

REF = "#/components/schemas/{name}"


def game_types() -> dict[str, Any]:
    """Component name -> msgspec type: `RaMove` (the union of Ra's moves), `RaView` ..."""
    types: dict[str, Any] = {}
    for name in available_games():
        game = get_game(name)
        title = name.capitalize()
        types[f"{title}Move"] = game.move_type
        types[f"{title}View"] = typing.get_type_hints(game.view)["return"]
    return types


def add_game_schemas(components: dict[str, Any], schemas: dict[str, Any]) -> None:
    """Put each game's move and view in `components` and point the generic fields at them:
    a move request's `move`, a view's `legal_moves` items and `game`."""
    moves: list[Any] = []
    views: list[Any] = []
    for name, schema in schemas.items():
        if "$ref" in schema:  # a Struct (a view): msgspec made its component already
            target = schema["$ref"].rsplit("/", 1)[1]
            if target != name:
                components[name] = components.pop(target)
                _rename_refs(components, target, name)
        else:  # a union of moves: give it a name of its own
            components[name] = schema
        (moves if name.endswith("Move") else views).append({"$ref": REF.format(name=name)})
    description = "a move of the table's game (see its *Move schema)"
    any_move = {"anyOf": moves, "description": description}
    for schema in components.values():
        fields = schema.get("properties", {})
        if {"move", "expected_version"} <= fields.keys():  # the gateway's MoveRequest
            fields["move"] = any_move
        if {"legal_moves", "your_turn", "game"} <= fields.keys():  # the gateway's PlayerView
            fields["legal_moves"] = {"type": "array", "items": any_move}
            fields["game"] = {"anyOf": [*views, {"type": "null"}], "description": "the game's view"}


def _rename_refs(node: Any, old: str, new: str) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and value == REF.format(name=old):
                node[key] = REF.format(name=new)
            else:
                _rename_refs(value, old, new)
    elif isinstance(node, list):
        for item in node:
            _rename_refs(item, old, new)


WRITES = {"POST", "PUT", "PATCH", "DELETE"}
# Writes outside tables that may conflict: a name taken, too many subscriptions, mutes or
# tokens, a used sign-in link.
ACCOUNT_WRITES = {
    "/api/players", "/api/me/push-subscriptions", "/api/me/mutes/{player_id}", "/api/sign-in",
}  # fmt: skip


def statuses(method: str, path: str, *, auth: bool, body: bool, query: bool) -> list[str]:
    """The error statuses a route can return, judged from what it takes and touches."""
    found = {"405"}  # another method on the same path
    if path.startswith("/api/"):
        found |= {"429", "503"}  # rate limits; the store or the broker
    elif path == "/readyz":
        found |= {"503"}  # not ready
    if body or query or "{" in path:
        found |= {"400"}
    if auth:
        found |= {"401"}
        if "{table_id}" in path or "/admin/" in path:
            found |= {"403"}  # not seated, not your seat, foreign origin, not an admin
    if method in WRITES and path.startswith("/api/tournaments"):
        found |= {"403", "409"}  # not the creator, bad invitation; sign-up closed, full
    if "{" in path or path in {"/api/tables", "/api/push/key", "/api/tournaments"}:
        found |= {"404"}  # unknown table, game, player or link; push switched off
    if body:
        found |= {"408", "413"}  # a body too slow to arrive; too large
    if (method in WRITES and path.startswith("/api/tables")) or path.endswith("/record"):
        found |= {"409"}  # lobby and turn conflicts; a record before the game's end
    if method in WRITES and (path in ACCOUNT_WRITES or path.startswith("/api/me/tokens")):
        found |= {"409"}  # see ACCOUNT_WRITES; a token revoked or too many
    if "disputes" in path:
        found |= {"403", "404"}  # not a player of the table, not an arbiter; unknown case
        if method in WRITES:
            found |= {"409"}  # a case already, a statement already, settled, game not over
    if method in WRITES and re.search(r"/(moves|timing)$", path):
        found |= {"422"}
    return sorted(found)
