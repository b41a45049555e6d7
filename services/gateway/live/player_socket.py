"""The player's socket, `GET /api/ws`: one connection for every table a player follows.

A table socket (`services.gateway.live.socket`) serves one table and is opened for it; a
client that plays one game after another (a bot, a player with several games under way)
would open a connection, pass the handshake's checks and close it again for each. The
player's socket is opened once, with the player's token, and carries any number of tables
(up to `player_socket_tables`) at once:

- `{"type": "watch", "table_id": ..., "invite": ...}` follows a table: the player's view of
  it (the table socket's frame, `table.table_id` says which table) now and after every
  change, with the rights asked again for every frame at the version it carries;
- `{"type": "unwatch", "table_id": ...}` stops following it;
- `{"type": "create", ...}` (the body of `POST /api/tables`) and `{"type": "join",
  "table_id": ..., ...}` (of `POST /api/tables/{id}/join`) open or join a table, which is
  then followed;
- `{"type": "move", "table_id": ..., ...}` and `{"type": "resign", "table_id": ...}` as on
  the table socket.

Every message is answered, in the order sent, before the next is read: `{"type": "answer",
...}` (an `Outcome`: a watch's answer has the version of the view frame sent just before
it, and the seat it shows; a refusal has the HTTP error). Commands go through the same code
and bounds as their HTTP requests (`moves.answered`); a watch spends the token's rate as a
`GET /view` would. When the player may no longer watch
a followed table (a seat that changed hands at a table without spectators), that table is
dropped with `{"type": "unwatched", "table_id": ..., "error": ...}` and the socket stays
open; a revoked token closes it with 4401; a malformed message with 4400.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from functools import partial
from typing import Annotated

import msgspec
from aiohttp import WSMsgType, web

from services.gateway.accounts.auth import Identity, caller, identify, token_hash
from services.gateway.http.guards import check_origin
from services.gateway.http.limits import address_key, hashed_token_key
from services.gateway.keys import LIMITER, PRESENCE, REVOCATIONS, SETTINGS, SOCKETS, TABLE_CACHE
from services.gateway.live import moves
from services.gateway.live.frames import client_socket
from services.gateway.live.socket import CLOSED, Feed, follow
from services.gateway.tables.play import JoinRequest, MoveRequest, NewTable, join, open_new
from shared.contracts.envelopes import Outcome
from shared.contracts.errors import ErrorBody, NotFound, SenetError, TooManyRequests
from shared.tables.access import invitation_hash, watch_seat

TableId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]


class WatchMessage(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
            tag_field="type", tag="watch"):  # fmt: skip
    """Follow a table (`invite`: a private table's invitation code, as `?invite=`)."""

    table_id: TableId
    invite: Annotated[str, msgspec.Meta(max_length=64)] | None = None


class UnwatchMessage(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
              tag_field="type", tag="unwatch"):  # fmt: skip
    """Stop following a table."""

    table_id: TableId


class TableMoveMessage(MoveRequest, frozen=True, kw_only=True, tag_field="type", tag="move"):
    """A move at a table: the body of `POST /api/tables/{id}/moves` and the table's id."""

    table_id: TableId


class TableResignMessage(
    moves.ResignMessage, frozen=True, kw_only=True, tag_field="type", tag="resign"
):
    """Resign the game under way at a table."""

    table_id: TableId


class CreateMessage(NewTable, frozen=True, kw_only=True, tag_field="type", tag="create"):
    """Open a table (the body of `POST /api/tables`); the new table is followed."""


class JoinMessage(JoinRequest, frozen=True, kw_only=True, tag_field="type", tag="join"):
    """Take a table's next free seat (the body of `POST /api/tables/{id}/join`); the table
    is followed."""

    table_id: TableId


class Unwatched(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", tag="unwatched"):
    """The server stopped following a table: the player may no longer watch it."""

    table_id: str
    error: ErrorBody


PlayerMessage = (
    WatchMessage
    | UnwatchMessage
    | TableMoveMessage
    | TableResignMessage
    | CreateMessage
    | JoinMessage
)
_decode = msgspec.json.Decoder(PlayerMessage)
_encode = msgspec.json.Encoder()


async def player_socket(request: web.Request) -> web.StreamResponse:
    """The player's socket: a token is required (401 before the upgrade)."""
    check_origin(request)
    who = caller(request)
    slot = request.app[LIMITER].socket(
        hashed_token_key(token_hash(request)), address_key(request.remote)
    )
    with slot:  # 429 `too_many_sockets` past the per-token or per-address cap
        socket = client_socket(request.app[SETTINGS], player=True)
        await socket.prepare(request)
        request.app[SOCKETS].add(socket)
        request.app[REVOCATIONS].opened(token_hash(request), socket)
        tables = _Tables(request, socket, who)
        try:
            await moves.answer_messages(socket, _decode, partial(_answer, request, tables))
        finally:
            await tables.close()
            await socket.close()
        return socket


@dataclass
class _Followed:
    feed: Feed
    changes: asyncio.Queue[int]
    task: asyncio.Task[None]
    presence: str  # the presence board's id of this follow


class _Tables:
    """The tables one player's socket follows, each by a `follow` task of its own."""

    def __init__(self, request: web.Request, socket: web.WebSocketResponse, who: Identity):
        self.request, self.socket, self.who = request, socket, who
        self.cap = request.app[SETTINGS].player_socket_tables
        self.followed: dict[str, _Followed] = {}
        self.tasks: set[asyncio.Task[None]] = set()  # every `follow` still running

    def room_for(self, table_id: str | None) -> None:
        """TooManyRequests (`too_many_tables`) if following the table (None: a new one)
        would pass the cap."""
        if table_id not in self.followed and len(self.followed) >= self.cap:
            raise TooManyRequests(
                f"this socket follows {self.cap} tables already: unwatch one first",
                code="too_many_tables",
            )

    async def watch(self, table_id: str, invite: str = "") -> tuple[int, int | None]:
        """Follow a table: its view is sent now (before the answer); (version, seat)."""
        self.room_for(table_id)
        cache = self.request.app[TABLE_CACHE]
        model = await cache.get(table_id)
        if model is None:
            raise NotFound("no such table", code="unknown_table")
        held = invitation_hash(invite) if invite else ""
        seat = watch_seat(model.state, self.who.player_id, held)  # 401 / 403: not followed
        known = self.followed.get(table_id)
        if known is not None:
            return known.feed.sent, seat

        async def lost(error: SenetError) -> None:
            body = Unwatched(table_id=table_id, error=error.to_body())
            with contextlib.suppress(Exception):
                await self.socket.send_frame(_encode.encode(body), WSMsgType.TEXT)

        feed = Feed(self.socket, self.who.player_id, held, lost)
        await feed.push(model)  # the rights just checked, on this very state: it is sent
        # Listening from now on: `follow` first pushes what changed meanwhile, if anything.
        changes = cache.listen(table_id)
        task = asyncio.create_task(follow(self.request, self.who, table_id, feed, changes))
        presence = self.request.app[PRESENCE].opened(table_id, self.who.player_id)
        followed = self.followed[table_id] = _Followed(feed, changes, task, presence)
        self.tasks.add(task)
        task.add_done_callback(lambda _: self._forget(table_id, followed))
        return model.state.version, seat

    def unwatch(self, table_id: str) -> None:
        """Stop following a table (nothing if it is not followed); a watch right after
        follows it anew. (Not a cancellation: a frame being written is finished.)"""
        followed = self.followed.pop(table_id, None)
        if followed is not None:
            followed.changes.put_nowait(CLOSED)  # `follow` ends, then `_forget`

    async def push_before_answer(self, table_id: str, version: int) -> None:
        """Push the mover's view at `version` of a followed table (nothing if not followed)."""
        followed = self.followed.get(table_id)
        current = self.request.app[TABLE_CACHE].cached(table_id)
        if followed is not None and current is not None and current.state.version >= version:
            await followed.feed.push(current)

    def _forget(self, table_id: str, followed: _Followed) -> None:
        self.tasks.discard(followed.task)
        if self.followed.get(table_id) is followed:
            del self.followed[table_id]
        self.request.app[TABLE_CACHE].unlisten(table_id, followed.changes)
        self.request.app[PRESENCE].closed(followed.presence)

    async def close(self) -> None:
        """Stop following every table."""
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task


async def _answer(
    request: web.Request, tables: _Tables, message: PlayerMessage
) -> moves.SocketAnswer:
    """The answer to one client message."""
    who = tables.who
    if isinstance(message, UnwatchMessage):
        tables.unwatch(message.table_id)
        return moves.SocketAnswer(command_id="", table_id=message.table_id, accepted=True)
    if isinstance(message, WatchMessage):
        try:  # a watch reads a table as `GET /view` does: it spends the token's rate
            request.app[LIMITER].take(hashed_token_key(token_hash(request)))
            await identify(request)  # a revoked token follows nothing new
            version, seat = await tables.watch(message.table_id, message.invite or "")
        except Exception as exc:
            return moves.refusal(request, exc, message.table_id)
        return moves.SocketAnswer(
            command_id="", table_id=message.table_id, accepted=True, version=version, seat=seat
        )
    if isinstance(message, (TableMoveMessage, TableResignMessage)):
        answer = await moves.decide(request, message, who, message.table_id)
        if answer.accepted:
            await tables.push_before_answer(message.table_id, answer.version)
        return answer
    return await _opened(request, tables, message)


async def _opened(
    request: web.Request, tables: _Tables, message: CreateMessage | JoinMessage
) -> moves.SocketAnswer:
    """A table opened or joined, then followed (its view sent before the answer)."""
    table_id, invite = "", ""
    if isinstance(message, JoinMessage):
        table_id, invite = message.table_id, message.invitation or ""
    try:
        tables.room_for(table_id or None)
    except SenetError as exc:
        return moves.refusal(request, exc, table_id, message.command_id or "")

    async def run(who: Identity, command_id: str) -> Outcome:
        body = msgspec.structs.replace(message, command_id=command_id)
        if isinstance(body, JoinMessage):
            return await join(request, body.table_id, body, who)
        return await open_new(request, body, who)

    answer = await moves.answered(request, tables.who, table_id, message.command_id, run)
    if answer.accepted:
        with contextlib.suppress(SenetError):  # a seated player may watch the table
            await tables.watch(answer.table_id, invite)
    return answer


MESSAGES = (
    WatchMessage,
    UnwatchMessage,
    TableMoveMessage,
    TableResignMessage,
    CreateMessage,
    JoinMessage,
    moves.SocketAnswer,
    Unwatched,
)
DESCRIPTION = """\
A WebSocket for all of a player's tables (the token in `?token=` or the Authorization \
header; required). Opened once, it follows up to `SENET_PLAYER_SOCKET_TABLES` tables at \
once; a client that plays one game after another keeps it open instead of opening a table \
socket for each game.

Client messages (JSON text frames), each answered in the order sent, before the next is \
read, by `{"type": "answer", ...}` (the outcome: `accepted`, `version`, `seat`, \
`replayed`, or `accepted: false` and `error` with the HTTP error's code, message, status):
- `{"type": "watch", "table_id": ..., "invite": ...}`: follow the table. Its view (the \
schema of `GET /view`; `table.table_id` names the table) is sent at once, just before the \
answer (whose `version` is that view's), and after every change of the table. The rights \
are the table socket's, asked for every frame at its version.
- `{"type": "unwatch", "table_id": ...}`: stop following it.
- `{"type": "create", ...}` (the body of `POST /api/tables`) and `{"type": "join", \
"table_id": ..., "command_id": ..., "invitation": ...}` (of `POST /join`): decided as those \
requests; the table is then followed (its view just before the answer).
- `{"type": "move", "table_id": ..., "move": ..., "command_id": ..., "expected_version": \
..., "seat": ...}` and `{"type": "resign", "table_id": ..., "command_id": ...}`: as on the \
table socket; the mover's new view of a followed table comes just before the answer.

Past the cap a watch, create or join is refused with 429 `too_many_tables`. When the player \
may no longer watch a followed table, the server stops following it and says \
`{"type": "unwatched", "table_id": ..., "error": ...}`; the socket stays open.

Close codes: 4400 a message that is not such JSON (`malformed_json`, `invalid_request`; \
nothing is decided), 1003 a binary frame, 1009 a message over `SENET_WS_MAX_MESSAGE` \
bytes, 4429 frames faster than `SENET_WS_PLAYER_MESSAGE_RATE`, 4401 the token was revoked.
"""
