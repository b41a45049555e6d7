"""Table chat over HTTP and WebSocket (the rules: `shared.chat.rules`; storage:
`shared.chat.log`; live delivery: `services.gateway.chat.hub`)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Annotated

import msgspec
from aiohttp import web

from services.gateway.accounts import auth
from services.gateway.accounts.auth import Identity, caller, token_hash, viewer
from services.gateway.chat.hub import Listener
from services.gateway.http.guards import check_origin
from services.gateway.http.limits import address_key, hashed_token_key
from services.gateway.http.request import (
    decode_body,
    int_query,
    json_response,
    link_hash,
    table_model,
    viewer_seat,
)
from services.gateway.http.routes import Route
from services.gateway.http.storecall import in_store
from services.gateway.keys import CHAT, LIMITER, REVOCATIONS, SETTINGS, SOCKETS, STORE, TABLE_CACHE
from services.gateway.live import closing
from services.gateway.live.frames import client_socket, drain
from services.gateway.views.table_cache import TableModel
from shared.chat import log
from shared.chat.rules import (
    CHANNELS,
    Channel,
    check_channel,
    clean_text,
    mute_target,
    write_channel,
)
from shared.contracts.errors import BadRequest, SenetError

PAGE = 50  # messages of a page (and of a socket's backlog) unless `limit` says otherwise
PAGE_MAX = 200
_encode = msgspec.json.Encoder()


class ChatBody(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """POST /api/tables/{id}/chat: the message (1-500 characters once trimmed)."""

    text: Annotated[str, msgspec.Meta(max_length=4000)]


class ChatPage(msgspec.Struct, frozen=True, kw_only=True):
    """A page of one channel, oldest first; ask for `?after=next_after` for the next one
    (muted authors' messages are left out, so a page may hold fewer than `limit`)."""

    channel: Channel
    messages: list[log.Message]
    next_after: int


class Mutes(msgspec.Struct, frozen=True, kw_only=True):
    """The players whose chat messages I do not see, at any table."""

    muted: list[str]


async def post_message(request: web.Request) -> web.Response:
    """Post in my channel of the table: `players` if I am seated, else `spectators`."""
    who = caller(request)
    model = await table_model(request)
    state = model.state
    seat = state.seat_of(who.player_id)
    if seat is None:
        viewer_seat(request, model, who)  # a stranger where nobody may watch: 403
    channel = write_channel(seat is not None, state.spectators, state.status)
    text = clean_text((await decode_body(request, ChatBody)).text)
    author = (who.player_id, who.name, seat)
    store = request.app[STORE]
    message = await in_store(
        request, log.post, store, state.table_id, channel, author, text, time.time()
    )
    await request.app[CHAT].posted(state.table_id, message)
    return json_response(message, 201)


async def read_messages(request: web.Request) -> web.Response:
    """A page of a channel I may read (`?channel=`, by default my own)."""
    model = await table_model(request)
    who, channel = _readable(request, model)
    after = int_query(request, "after", code="bad_query")
    limit = _limit(request)
    return json_response(await _page(request, model.state.table_id, channel, who, after, limit))


async def admin_messages(request: web.Request) -> web.Response:
    """Any channel of any table, nothing muted: chat kept with the table for disputes."""
    model = await table_model(request)
    channel = _channel(request, "players")
    after = int_query(request, "after", code="bad_query")
    read = await in_store(
        request, log.read, request.app[STORE], model.state.table_id, channel, after,
        _limit(request),
    )  # fmt: skip
    return json_response(ChatPage(channel=channel, messages=read, next_after=_next(read, after)))


async def chat_socket(request: web.Request) -> web.StreamResponse:
    """WebSocket of one channel: `{"messages": [...]}` with the messages after `?after=`
    (by default the last page) at once, then each new one as it is posted."""
    check_origin(request)
    model = await table_model(request)
    who, channel = _readable(request, model)
    slot = request.app[LIMITER].socket(
        hashed_token_key(token_hash(request)), address_key(request.remote)
    )
    with slot:
        return await _serve(request, model.state.table_id, channel, who)


async def my_mutes(request: web.Request) -> web.Response:
    """Whom I muted."""
    who = caller(request)
    return json_response(
        Mutes(muted=await in_store(request, log.muted_by, request.app[STORE], who.player_id))
    )


async def mute(request: web.Request) -> web.Response:
    """Hide a player's chat messages from me, at every table (idempotent)."""
    return await _set_mute(request, True)


async def unmute(request: web.Request) -> web.Response:
    """Show a player's chat messages again (idempotent)."""
    return await _set_mute(request, False)


async def _set_mute(request: web.Request, muted: bool) -> web.Response:
    who = caller(request)
    other = mute_target(who.player_id, request.match_info["player_id"])
    store = request.app[STORE]
    now = await in_store(request, log.set_muted, store, who.player_id, other, muted)
    await request.app[CHAT].mutes_changed(who.player_id, now)
    return json_response(Mutes(muted=now))


def _readable(request: web.Request, model: TableModel) -> tuple[Identity | None, Channel]:
    """The reader and the channel asked for, if this reader may read it (else 401/403)."""
    who = viewer(request)
    seat = viewer_seat(request, model, who)  # 401 or 403 as for the table's view
    channel = _channel(request, "players" if seat is not None else "spectators")
    check_channel(
        model.state, who.player_id if who is not None else None, channel, link_hash(request)
    )
    return who, channel


def _channel(request: web.Request, default: Channel) -> Channel:
    raw = request.query.get("channel", default)
    for channel in CHANNELS:
        if raw == channel:
            return channel
    raise BadRequest("channel is players or spectators", code="bad_query",
                     details={"parameter": "channel"})  # fmt: skip


def _limit(request: web.Request) -> int:
    limit = int_query(request, "limit", code="bad_query", default=PAGE, most=PAGE_MAX)
    if limit < 1:
        raise BadRequest("limit must be 1 or more", code="bad_query",
                         details={"parameter": "limit"})  # fmt: skip
    return limit


def _next(read: list[log.Message], after: int) -> int:
    return read[-1].n if read else after


async def _page(
    request: web.Request,
    table_id: str,
    channel: Channel,
    who: Identity | None,
    after: int,
    limit: int,
) -> ChatPage:
    store = request.app[STORE]
    read = await in_store(request, log.read, store, table_id, channel, after, limit)
    muted = await in_store(request, log.muted_by, store, who.player_id) if who else []
    return ChatPage(
        channel=channel, messages=log.visible(read, muted), next_after=_next(read, after)
    )


async def _serve(
    request: web.Request, table_id: str, channel: Channel, who: Identity | None
) -> web.WebSocketResponse:
    socket = client_socket(request.app[SETTINGS])
    await socket.prepare(request)
    request.app[SOCKETS].add(socket)
    if who is not None:  # closed at once if its token is revoked
        request.app[REVOCATIONS].opened(token_hash(request), socket)
    hub = request.app[CHAT]
    listener = Listener(table_id=table_id, channel=channel, player_id=who.player_id if who else "")
    hub.listen(listener)  # before the backlog is read: nothing posted in between is missed
    cache = request.app[TABLE_CACHE]
    changes = cache.listen(table_id)  # a table change may end the reader's rights
    reader = asyncio.create_task(drain(socket))
    try:
        store = request.app[STORE]
        if who is not None:
            listener.muted = set(await in_store(request, log.muted_by, store, who.player_id))
        asked = request.query.get("after")
        if asked is None:
            newest = await in_store(request, log.last_number, store, table_id, channel)
            after = max(0, newest - PAGE)
        else:
            after = int_query(request, "after", code="bad_query")
        sent = await _send_from_store(request, socket, listener, after, first=True)
        while not socket.closed:
            waiter = asyncio.create_task(listener.queue.get())
            changed = asyncio.create_task(changes.get())
            done, _ = await asyncio.wait(
                {waiter, changed, reader}, timeout=auth.IDENTITY_TTL,
                return_when=asyncio.FIRST_COMPLETED,
            )  # fmt: skip
            for task in (waiter, changed):
                if task not in done:
                    task.cancel()
            if reader in done:
                break
            if not done:  # quiet for a while: is the token still good?
                if who is not None and not await auth.still_valid(request):
                    await closing.close(socket, closing.TOKEN_REVOKED, "token_revoked")
                    break
                continue
            lost = await _rights_lost(request, table_id, channel, who)
            if lost is not None:  # asked again at every change and before every message
                await closing.close(socket, closing.RIGHTS_LOST, lost)
                break
            if waiter not in done:
                continue
            message = waiter.result()
            if message is None:  # fell behind: catch up from the store
                sent = await _send_from_store(request, socket, listener, sent)
            elif message.n > sent and message.player_id not in listener.muted:
                await socket.send_str(_encode.encode({"messages": [message]}).decode())
                sent = message.n
    finally:
        hub.unlisten(listener)
        cache.unlisten(table_id, changes)
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        await socket.close()
    return socket


async def _rights_lost(
    request: web.Request, table_id: str, channel: Channel, who: Identity | None
) -> str | None:
    """The error code that ends the reader's rights to the channel at the table's current
    version (None: still a reader)."""
    model = await request.app[TABLE_CACHE].get(table_id)
    if model is None:
        return "unknown_table"
    try:
        check_channel(
            model.state, who.player_id if who is not None else None, channel, link_hash(request)
        )
    except SenetError as exc:
        return exc.code
    return None


async def _send_from_store(
    request: web.Request,
    socket: web.WebSocketResponse,
    listener: Listener,
    after: int,
    *,
    first: bool = False,
) -> int:
    """Send every stored message after `after`, a page at a time (the first answer even
    when empty: the client knows it is up to date); the number of the last one read."""
    store = request.app[STORE]
    while True:
        read = await in_store(
            request, log.read, store, listener.table_id, listener.channel, after, PAGE_MAX
        )
        shown = log.visible(read, sorted(listener.muted))
        if shown or first:
            await socket.send_str(_encode.encode({"messages": shown}).decode())
            first = False
        if not read:
            return after
        after = read[-1].n
        if len(read) < PAGE_MAX:
            return after


# In the order of the published document (`services.gateway.openapi.routes`).
ROUTES: list[Route] = [
    Route(
        "POST",
        "/api/tables/{table_id}/chat",
        post_message,
        "Say something at the table: seated players in `players`, others in `spectators`",
        ChatBody,
        log.Message,
        status=201,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/chat",
        read_messages,
        "A page of a chat channel, oldest first (?channel=players|spectators&after=&limit=)",
        None,
        ChatPage,
        query=("channel", "after", "limit", "invite"),
        viewers=True,
    ),
    Route(
        "GET",
        "/api/tables/{table_id}/chat/ws",
        chat_socket,
        "WebSocket of a chat channel: the last page at once, then each new message",
        query=("channel", "after", "token", "invite"),
        viewers=True,
    ),
    Route("GET", "/api/me/mutes", my_mutes, "Whom I muted in chat", None, Mutes),
    Route(
        "PUT",
        "/api/me/mutes/{player_id}",
        mute,
        "Mute a player's chat messages for me, at every table",
        None,
        Mutes,
    ),
    Route(
        "DELETE",
        "/api/me/mutes/{player_id}",
        unmute,
        "Show a muted player's chat messages again",
        None,
        Mutes,
    ),
]

# For disputes (admins).
ADMIN_ROUTES: list[Route] = [
    Route(
        "GET",
        "/api/admin/tables/{table_id}/chat",
        admin_messages,
        "A table's chat, nothing muted, for disputes (admin token; ?channel=&after=&limit=)",
        None,
        ChatPage,
        admin=True,
        query=("channel", "after", "limit"),
    ),
]
