"""The WebSocket of a table: pushes the caller's view after every change."""

from __future__ import annotations

import asyncio
import contextlib
import uuid

import msgspec
from aiohttp import WSMsgType, web

from services.gateway import presence, views
from services.gateway.auth import Identity, bearer_token, viewer
from services.gateway.guards import check_origin
from services.gateway.http import table_model, viewer_seat
from services.gateway.keys import LIMITER, PROJECTOR, REVOCATIONS, SETTINGS, SOCKETS
from services.gateway.limits import address_key, token_key
from services.gateway.players import hash_token
from services.gateway.projector import TableModel
from shared.contracts.errors import SenetError

_encode = msgspec.json.Encoder()
CLOSED = -1  # put on a socket's change queue when the client side has gone


async def table_socket(request: web.Request) -> web.StreamResponse:
    """Send the view at once, then again whenever the table changes; close on game end."""
    check_origin(request)
    who = viewer(request)
    model = await table_model(request)
    seat = viewer_seat(request, model, who)
    slot = request.app[LIMITER].socket(
        token_key(bearer_token(request)), address_key(request.remote)
    )
    with slot:  # 429 `too_many_sockets` past the per-token or per-address cap
        return await _serve(request, who, model, seat)


async def _serve(
    request: web.Request, who: Identity | None, model: TableModel, seat: int | None
) -> web.WebSocketResponse:
    settings = request.app[SETTINGS]
    socket = web.WebSocketResponse(heartbeat=30, max_msg_size=settings.ws_max_message)
    await socket.prepare(request)
    request.app[SOCKETS].add(socket)
    if who is not None:  # closed at once if its token is revoked
        request.app[REVOCATIONS].opened(hash_token(bearer_token(request)), socket)
    projector = request.app[PROJECTOR]
    table_id = model.state.table_id
    changes = projector.listen(table_id)
    reader = asyncio.create_task(_drain(socket))
    reader.add_done_callback(lambda _: changes.put_nowait(CLOSED))  # wakes the loop below
    socket_id = uuid.uuid4().hex
    beat = asyncio.create_task(  # an anonymous spectator gets no mail: nothing to announce
        presence.keep_announcing(request.app, table_id, who.player_id, socket_id)
        if who is not None
        else asyncio.sleep(0)
    )
    try:
        sent = -1
        while not socket.closed and not reader.done():
            current = await projector.get(table_id)  # the cache may have evicted and reloaded it
            if current is not None and current.state.version != sent:
                sent = current.state.version
                # the seat as it is now: a player who left or was removed watches from no
                # seat (or is closed out of a table without spectators); one who joined plays
                try:
                    seat = viewer_seat(request, current, who)
                except SenetError:  # no longer allowed to watch: the client reloads and learns why
                    break
                view = views.player_view(current, seat)
                await socket.send_str(_encode.encode(view).decode())  # text: browsers JSON.parse it
            await changes.get()  # a new version, or CLOSED
            while not changes.empty():  # the events of one move: one view, one frame
                changes.get_nowait()
    finally:
        projector.unlisten(table_id, changes)
        beat.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await beat
        if who is not None:
            await presence.announce(
                request.app, table_id, who.player_id, socket_id, connected=False
            )
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        await socket.close()
    return socket


async def _drain(socket: web.WebSocketResponse) -> None:
    """Read (and ignore) client messages until the socket closes."""
    async for message in socket:
        if message.type in (WSMsgType.CLOSE, WSMsgType.ERROR):
            break
