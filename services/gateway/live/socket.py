"""The WebSocket of a table: pushes the caller's view after every change, and takes the
moves of a seated player (`services.gateway.live.moves`).

The viewer's rights are asked again for every frame, at the version it carries
(`shared.tables.access.watch_seat`): a player whose seat changed hands (left, removed) gets
the spectator's view from that version on where spectators may watch, and the socket is
closed with 4403 (`closing.RIGHTS_LOST`) where they may not; a revoked token closes it with
4401 (`services.gateway.accounts.revocations`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from aiohttp import WSMsgType, web

from services.gateway.accounts import auth
from services.gateway.accounts.auth import Identity, token_hash, viewer
from services.gateway.http.guards import check_origin
from services.gateway.http.limits import address_key, hashed_token_key
from services.gateway.http.request import link_hash, table_model, viewer_seat
from services.gateway.keys import LIMITER, PRESENCE, REVOCATIONS, SETTINGS, SOCKETS, TABLE_CACHE
from services.gateway.live import closing, moves
from services.gateway.live.frames import client_socket
from services.gateway.views import player as views
from services.gateway.views.table_cache import TableModel
from shared.contracts.errors import SenetError
from shared.tables.access import watch_seat

CLOSED = -1  # put on a socket's change queue when the client side has gone


async def table_socket(request: web.Request) -> web.StreamResponse:
    """Send the view at once, then again whenever the table changes; close on game end."""
    check_origin(request)
    who = viewer(request)
    model = await table_model(request)
    viewer_seat(request, model, who)  # 401 or 403 before the upgrade
    slot = request.app[LIMITER].socket(
        hashed_token_key(token_hash(request)), address_key(request.remote)
    )
    with slot:  # 429 `too_many_sockets` past the per-token or per-address cap
        return await _serve(request, who, model)


class Feed:
    """What one socket has been sent of one table: the views pushed, newest version last.

    `lost` is called when the viewer may no longer watch the table at a version (the table
    socket closes with 4403; the player socket stops that table and says so)."""

    def __init__(
        self,
        socket: web.WebSocketResponse,
        player_id: str | None,
        held: str,
        lost: Callable[[SenetError], Awaitable[None]],
    ) -> None:
        self.socket, self.player_id, self.held, self.lost = socket, player_id, held, lost
        self.sent = -1  # the version of the last view sent

    async def push(self, model: TableModel) -> bool:
        """Send the view of `model` if newer than the last sent; False (after `lost`) if the
        viewer may no longer watch at that version."""
        if model.state.version <= self.sent:
            return True
        self.sent = model.state.version
        try:  # the rights at the version this frame carries
            seat = watch_seat(model.state, self.player_id, self.held)
        except SenetError as exc:
            await self.lost(exc)
            return False
        # A text frame (browsers JSON.parse it) of bytes encoded once per version and seat,
        # shared by every socket that shows this seat's view.
        await self.socket.send_frame(views.player_frame(model, seat), WSMsgType.TEXT)
        return True


async def follow(
    request: web.Request,
    who: Identity | None,
    table_id: str,
    feed: Feed,
    changes: asyncio.Queue[int],
) -> None:
    """Push the table's view now and after every change (one frame for the events of one
    move), until CLOSED comes on `changes`, the viewer loses the right to watch, or the
    socket's token turns out revoked (asked every `IDENTITY_TTL` seconds of quiet: then the
    socket closes with 4401)."""
    cache = request.app[TABLE_CACHE]
    while True:
        current = await cache.get(table_id)  # the cache may have evicted and reloaded it
        if current is not None and not await feed.push(current):
            return
        try:  # a new version, or CLOSED; now and then: is the token still good?
            async with asyncio.timeout(auth.IDENTITY_TTL):  # no task per change
                if await changes.get() == CLOSED:
                    return
        except TimeoutError:
            if who is not None and not await auth.still_valid(request):
                await closing.close(feed.socket, closing.TOKEN_REVOKED, "token_revoked")
                return
            continue
        while not changes.empty():  # the events of one move: one view, one frame
            if changes.get_nowait() == CLOSED:
                return


async def _serve(
    request: web.Request, who: Identity | None, model: TableModel
) -> web.WebSocketResponse:
    socket = client_socket(request.app[SETTINGS])
    await socket.prepare(request)
    request.app[SOCKETS].add(socket)
    if who is not None:  # closed at once if its token is revoked
        request.app[REVOCATIONS].opened(token_hash(request), socket)
    cache = request.app[TABLE_CACHE]
    table_id = model.state.table_id
    changes = cache.listen(table_id)

    async def rights_lost(error: SenetError) -> None:
        await closing.close(socket, closing.RIGHTS_LOST, error.code)

    feed = Feed(socket, who.player_id if who is not None else None, link_hash(request), rights_lost)

    async def before_answer(version: int) -> None:
        """A move's answer follows the mover's view of its version on this socket."""
        current = cache.cached(table_id)
        if current is not None and current.state.version >= version:
            await feed.push(current)

    reader = asyncio.create_task(moves.listen(request, socket, who, before_answer))
    reader.add_done_callback(lambda _: changes.put_nowait(CLOSED))  # wakes `follow`
    board = request.app[PRESENCE]  # an anonymous spectator gets no mail: nothing to say
    socket_id = board.opened(table_id, who.player_id) if who is not None else None
    try:
        await follow(request, who, table_id, feed, changes)
    finally:
        cache.unlisten(table_id, changes)
        if socket_id is not None:
            board.closed(socket_id)
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        await socket.close()
    return socket
