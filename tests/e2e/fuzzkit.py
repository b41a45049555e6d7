"""Malformed and illegal requests for the fuzz test, drawn from a seeded RNG.

Every request here must be refused (or, for a repeated command id, answered from memory):
none may change a table, register a player or seat anyone. Each generator knows the
tables as they stand, which does not change while the fuzz runs.
"""

from __future__ import annotations

import json
import random
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.platform import Player

GARBAGE_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    7,
    2**40,
    1.5,
    "",
    "x",
    "\u0000",
    [],
    [1],
    {},
    {"a": 1},
]
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def documented_codes() -> set[str]:
    """The error codes of the tables in docs/architecture.md and docs/notifications.md
    (their "## Error codes" sections)."""
    codes: set[str] = set()
    for page in (DOCS, DOCS.parent / "notifications.md"):
        text = page.read_text().split("## Error codes", 1)[1].split("\n## ", 1)[0]
        codes |= set(re.findall(r"`([a-z_]+)`", text))
    return codes


@dataclass
class Seated:
    """A started table as the fuzz sees it: players, whose turn, legal moves, history."""

    table_id: str
    players: list[Player]
    version: int
    to_act: list[int]
    legal: dict[int, list[dict[str, Any]]]  # seat -> its legal moves now
    accepted: list[tuple[Player, str, dict[str, Any]]]  # (player, command id, move) so far


@dataclass
class Request:
    """One request to send, with what kind of abuse it is."""

    kind: str
    method: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None


@dataclass
class Fuzz:
    """Draws requests; `lobby` is a 3-seat table with 2 seated and not started."""

    rng: random.Random
    tables: list[Seated]
    lobby: tuple[str, list[Player]]
    stranger: Player
    created: list[tuple[Player, dict[str, Any]]]  # create-table bodies already accepted
    max_body: int

    def draw(self) -> Request:
        """One request of a kind chosen at random."""
        kinds = list(KINDS)
        kind = self.rng.choice(kinds)
        request = KINDS[kind](self)
        request.kind = kind
        return request

    # -- helpers ---------------------------------------------------------------

    def table(self) -> Seated:
        return self.rng.choice(self.tables)

    def any_move(self) -> dict[str, Any]:
        table = self.table()
        moves = [m for ms in table.legal.values() for m in ms] or [{"type": "RollDice"}]
        return dict(self.rng.choice(moves))

    def bad_auth(self) -> dict[str, str]:
        return self.rng.choice(
            [
                {},
                {"Authorization": "Bearer " + uuid.uuid4().hex},
                {"Authorization": "Bearer"},
                {"Authorization": "Basic " + self.stranger.token},
                {"Authorization": self.stranger.token},
                {"Authorization": "Bearer " + self.stranger.token[:-1]},
            ]
        )

    def write_path(self, table_id: str | None = None) -> str:
        table_id = table_id or self.table().table_id
        return self.rng.choice(
            [
                "/api/tables",
                f"/api/tables/{table_id}/moves",
                f"/api/tables/{table_id}/join",
                f"/api/tables/{table_id}/start",
                "/api/players",
            ]
        )


def _json(value: Any) -> bytes:
    return json.dumps(value).encode()


def _move_body(move: Any, **extra: Any) -> bytes:
    return _json({"move": move, **extra})


def malformed_json(f: Fuzz) -> Request:
    table = f.table()
    text = _move_body(f.any_move(), expected_version=table.version)
    cut = f.rng.randrange(1, len(text))
    body = f.rng.choice(
        [
            text[:cut],
            text[:cut] + b"\xff\xfe" + text[cut:],
            text.replace(b":", b"=", 1),
            bytes(f.rng.randrange(256) for _ in range(f.rng.randrange(1, 60))),
            b"{" * f.rng.randrange(1, 3000),
            b"[" * 5000 + b"]" * 5000,
            b'{"move": ' + b"[" * 5000 + b"]" * 5000 + b"}",
            b'{"move": {"type": "\\ud800"}}',
            b"NaN",
        ]
    )
    player = f.rng.choice(table.players)
    return Request("", "POST", f.write_path(table.table_id), player.auth, body)


def wrong_types(f: Fuzz) -> Request:
    table = f.table()
    player = f.rng.choice(table.players)
    garbage = f.rng.choice(GARBAGE_VALUES)
    path, body = f.rng.choice(
        [
            (f"/api/tables/{table.table_id}/moves", {"move": garbage}),
            (
                f"/api/tables/{table.table_id}/moves",
                {"move": f.any_move(), "expected_version": "1"},
            ),
            (f"/api/tables/{table.table_id}/moves", {"move": f.any_move(), "command_id": 5}),
            (f"/api/tables/{table.table_id}/moves", {"move": f.any_move(), "seat": "0"}),
            (f"/api/tables/{table.table_id}/moves", {"move": f.any_move(), "player_id": "x"}),
            (
                f"/api/tables/{table.table_id}/moves",
                {"move": f.any_move(), "command_id": "c" * 200},
            ),
            (f"/api/tables/{table.table_id}/moves", garbage),
            ("/api/tables", {"game": garbage, "seats": 2}),
            ("/api/tables", {"game": "ra", "seats": garbage if garbage != 7 else "7"}),
            ("/api/tables", {"game": "ra", "seats": 2, "options": [garbage]}),
            ("/api/tables", {"game": "ra", "seats": 2, "extra": garbage}),
            ("/api/players", {"name": f.rng.choice([None, 5, [], {}, "", "   ", "x" * 41])}),
            ("/api/players", {"name": "ok", "token": "mine"}),
            (f"/api/tables/{table.table_id}/join", {"command_id": [garbage]}),
            (f"/api/tables/{table.table_id}/start", {"seat": 0}),
        ]
    )
    return Request("", "POST", path, player.auth, _json(body))


def unknown_game_or_table(f: Fuzz) -> Request:
    player = f.rng.choice(f.table().players)
    unknown = f.rng.choice([str(uuid.uuid4()), "nope", "%00", "a" * 300, "..%2f.."])
    return f.rng.choice(
        [
            Request(
                "",
                "POST",
                "/api/tables",
                player.auth,
                _json({"game": f.rng.choice(["chess", "Ra", "", "ra "]), "seats": 2}),
            ),
            Request(
                "",
                "POST",
                "/api/tables",
                player.auth,
                _json(
                    {"game": f.rng.choice(["ra", "sobek"]), "seats": f.rng.choice([0, 1, 5, 9, -2])}
                ),
            ),
            Request(
                "",
                "POST",
                "/api/tables",
                player.auth,
                _json({"game": "sobek", "seats": 2, "options": {"variant": "fast"}}),
            ),
            Request(
                "",
                "POST",
                "/api/tables",
                player.auth,
                _json({"game": "ra", "seats": 2, "options": {"speed": 2}}),
            ),
            Request(
                "", "POST", f"/api/tables/{unknown}/moves", player.auth, _move_body(f.any_move())
            ),
            Request("", "POST", f"/api/tables/{unknown}/join", player.auth, b"{}"),
            Request("", "GET", f"/api/tables/{unknown}/view", player.auth),
            Request("", "GET", f"/api/tables/{unknown}/events", player.auth),
        ]
    )


def illegal_move(f: Fuzz) -> Request:
    table = f.table()
    seat = f.rng.choice(table.to_act)
    legal = table.legal[seat]
    move = dict(f.rng.choice(legal)) if legal else {"type": "RollDice"}
    for _ in range(20):
        keys = [k for k in move if k != "type"]
        if keys and f.rng.random() < 0.7:
            move[f.rng.choice(keys)] = f.rng.choice([*GARBAGE_VALUES, 99, -5, 3])
        else:
            move = f.any_move() if f.rng.random() < 0.5 else {"type": f.rng.choice(["Pass", "X"])}
        if move not in legal:
            break
    else:
        move = {"type": "NoSuchMove"}
    body = _move_body(move, expected_version=f.rng.choice([None, table.version]))
    return Request(
        "", "POST", f"/api/tables/{table.table_id}/moves", table.players[seat].auth, body
    )


def out_of_turn(f: Fuzz) -> Request:
    table = f.table()
    idle = [s for s in range(len(table.players)) if s not in table.to_act] or [None]
    seat = f.rng.choice(idle)
    move = f.rng.choice(table.legal[table.to_act[0]] or [{"type": "RollDice"}])
    who = table.players[seat] if seat is not None else f.stranger
    return Request("", "POST", f"/api/tables/{table.table_id}/moves", who.auth, _move_body(move))


def stale_version(f: Fuzz) -> Request:
    table = f.table()
    seat = f.rng.choice(table.to_act)
    move = f.rng.choice(table.legal[seat] or [{"type": "RollDice"}])
    version = table.version + f.rng.choice([-1, -2, 1, 5, -table.version, 2**40])
    body = _move_body(move, expected_version=version)
    return Request(
        "", "POST", f"/api/tables/{table.table_id}/moves", table.players[seat].auth, body
    )


def other_seat(f: Fuzz) -> Request:
    table = f.table()
    seat = f.rng.randrange(len(table.players))
    other = f.rng.choice([s for s in range(len(table.players)) if s != seat] + [7, -1])
    who = table.players[seat]
    move = f.rng.choice(
        table.legal.get(other, []) or table.legal[table.to_act[0]] or [{"type": "X"}]
    )
    path = f"/api/tables/{table.table_id}"
    return f.rng.choice(
        [
            Request("", "POST", f"{path}/moves", who.auth, _move_body(move, seat=other)),
            Request("", "GET", f"{path}/view?seat={other}", who.auth),
            Request("", "GET", f"{path}/events?seat={other}", who.auth),
            Request("", "POST", f"{path}/moves", f.stranger.auth, _move_body(move)),
            Request("", "POST", f"{path}/moves", f.stranger.auth, _move_body(move, seat=seat)),
        ]
    )


def bad_token(f: Fuzz) -> Request:
    table = f.table()
    method, path = f.rng.choice(
        [
            ("POST", f.write_path(table.table_id)),
            ("GET", f"/api/tables/{table.table_id}/view"),
            ("GET", "/api/me"),
            ("GET", f"/api/tables/{table.table_id}/events"),
        ]
    )
    if path == "/api/players":
        path = "/api/me"  # registration needs no token: it would succeed
    body = _move_body(f.any_move()) if method == "POST" else None
    return Request("", method, path, f.bad_auth(), body)


def duplicate_command(f: Fuzz) -> Request:
    table = f.table()
    player, command_id, move = f.rng.choice(table.accepted)
    other = f.any_move()
    who, sent = f.rng.choice([(player, move), (player, other), (f.rng.choice(table.players), move)])
    if f.rng.random() < 0.2 and f.created:
        creator, body = f.rng.choice(f.created)
        return Request("", "POST", "/api/tables", creator.auth, _json(body))  # a replay
    return Request(
        "",
        "POST",
        f"/api/tables/{table.table_id}/moves",
        who.auth,
        _move_body(sent, command_id=command_id),
    )


def lobby_conflict(f: Fuzz) -> Request:
    lobby_id, seated = f.lobby
    table = f.table()
    who = f.rng.choice(seated)
    return f.rng.choice(
        [
            Request("", "POST", f"/api/tables/{lobby_id}/join", who.auth, b"{}"),  # already seated
            Request("", "POST", f"/api/tables/{lobby_id}/start", who.auth, b"{}"),  # not full
            Request(
                "", "POST", f"/api/tables/{lobby_id}/moves", who.auth, _move_body(f.any_move())
            ),
            Request("", "POST", f"/api/tables/{table.table_id}/join", f.stranger.auth, b"{}"),
            Request(
                "", "POST", f"/api/tables/{table.table_id}/start", table.players[0].auth, b"{}"
            ),
        ]
    )


def oversized(f: Fuzz) -> Request:
    table = f.table()
    size = f.max_body + f.rng.choice([1, 1000, 100_000])
    body = b'{"move": {"type": "' + b"x" * size + b'"}}'
    return Request("", "POST", f.write_path(table.table_id), table.players[0].auth, body)


def bad_query(f: Fuzz) -> Request:
    table = f.table()
    query = f.rng.choice(
        ["min_version=-1", "min_version=abc", "after=-3", "after=1e3", "after=%ff", "seat=x"]
    )
    route = f.rng.choice(["view", "events"])
    who = f.rng.choice(table.players)
    return Request("", "GET", f"/api/tables/{table.table_id}/{route}?{query}", who.auth)


def random_route(f: Fuzz) -> Request:
    table = f.table()
    parts = [
        "api",
        "tables",
        table.table_id,
        "moves",
        "players",
        "games",
        "me",
        "x",
        "%00",
        "..",
        uuid.uuid4().hex,
        "view",
        "ws",
        "openapi.json",
    ]
    path = "/" + "/".join(f.rng.choice(parts) for _ in range(f.rng.randrange(1, 6)))
    method = f.rng.choice(METHODS)
    if method == "GET" and f.rng.random() < 0.5:
        method = f.rng.choice(["DELETE", "PATCH"])  # known paths with a wrong method: 405
        path = f.rng.choice(["/api/players", f"/api/tables/{table.table_id}/moves", "/api/me"])
    body = bytes(f.rng.randrange(256) for _ in range(f.rng.randrange(0, 40))) or None
    return Request("", method, path, f.bad_auth(), body)


def notify_abuse(f: Fuzz) -> Request:
    """The audited notification and token abuses: absurd timing, private push endpoints,
    addresses with control characters, forged links, a token in the query."""
    lobby_id, seated = f.lobby
    creator = seated[0]
    table = f.table()
    timing = f.rng.choice(
        [{"deadline": 1e8, "last_warning": 1e8}, {"repeat_every": 1e-320}, {"deadline": 0.1},
         {"first_reminder": -1}, {"deadline": 24 * 90}, {"policy": "nap"}]
    )  # fmt: skip
    endpoint = f.rng.choice(
        ["http://127.0.0.1:9/x", "https://127.0.0.1/x", "https://169.254.169.254/latest",
         "https://localhost/x", "https://[::1]/x", "https://10.1.2.3/x", "file:///etc/passwd"]
    )  # fmt: skip
    subscription = {"endpoint": endpoint, "keys": {"p256dh": "BAAA", "auth": "AAAA"}}
    address = f.rng.choice(["a\u0000b@example.com", "a\tb@example.com", "x@y\u2028z.com", "no"])
    forged = uuid.uuid4().hex + "." + uuid.uuid4().hex
    return f.rng.choice(
        [
            Request("", "PUT", f"/api/tables/{lobby_id}/timing", creator.auth, _json(timing)),
            Request("", "POST", "/api/me/push-subscriptions", creator.auth, _json(subscription)),
            Request("", "POST", "/api/me/email", creator.auth, _json({"email": address})),
            Request("", f.rng.choice(["GET", "POST"]), f"/api/unsubscribe/{forged}", {}, None),
            Request("", "POST", f"/api/email-confirmations/{forged}", {}, None),
            Request("", "GET", f"/api/me?token={creator.token}", {}, None),
            Request("", "GET", f"/api/tables/{table.table_id}/view?token={creator.token}", {}),
        ]
    )


KINDS: dict[str, Callable[[Fuzz], Request]] = {
    "malformed_json": malformed_json,
    "wrong_types": wrong_types,
    "unknown_game_or_table": unknown_game_or_table,
    "illegal_move": illegal_move,
    "out_of_turn": out_of_turn,
    "stale_version": stale_version,
    "other_seat": other_seat,
    "bad_token": bad_token,
    "duplicate_command": duplicate_command,
    "lobby_conflict": lobby_conflict,
    "oversized": oversized,
    "bad_query": bad_query,
    "random_route": random_route,
    "notify_abuse": notify_abuse,
}
