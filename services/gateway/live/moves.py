"""Moves over the table socket: what a seated player may send on `/api/tables/{id}/ws`,
and the answers it gets on the same socket.

A client message is one JSON text frame, `{"type": "move", ...}` with the body of
`POST /api/tables/{id}/moves` (`move`, `command_id`, `expected_version`, `seat`), or
`{"type": "resign", "command_id": ...}` (the body of `POST /resign`). Each is decided by
the same code as its HTTP request (`services.gateway.tables.play.play`, the table
client's command), under the same bounds: a request off the caller's token's rate, an
in-flight slot of that token and of the gateway. The rights are the socket's at the
moment of the move: its token is asked for again (a revoked one is refused), and the
table worker decides by the player's seat at that version (a seat that changed hands, or
a spectator, is refused as over HTTP). A socket without a token moves nothing (401
`missing_token`, as HTTP).

The messages of one socket are decided one after the other, in the order sent: each is
answered, `{"type": "answer", ...Outcome}` (accepted with the new version, `replayed` for a
command id already decided, or `accepted: false` with the HTTP error's `error`: code,
message, status, details), before the next is read. The mover's new view is not in the
answer: it is the socket's usual push, sent before the answer (a view frame of the
answer's version or later), so a client holds it when the answer comes.

A message that is no such JSON closes the socket with 4400 (`closing.BAD_MESSAGE`, the
reason `malformed_json` or `invalid_request`), a binary frame with 1003, a message larger
than `ws_max_message` with 1009; nothing is moved.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
import structlog
from aiohttp import WSCloseCode, WSMsgType, web

from services.gateway.accounts.auth import Identity, identify, token_hash
from services.gateway.http.errors import known_error
from services.gateway.http.limits import hashed_token_key
from services.gateway.keys import LIMITER
from services.gateway.live import closing
from services.gateway.tables.commands import CommandId, submit
from services.gateway.tables.play import MoveRequest, play
from shared.bots.seats import STAND_IN
from shared.contracts.envelopes import Outcome, Resign
from shared.contracts.errors import SenetError, Unauthorized
from shared.ids import fresh_id
from shared.observability import correlation, metrics

log = structlog.get_logger("senet.gateway")


class MoveMessage(MoveRequest, frozen=True, kw_only=True, tag_field="type", tag="move"):
    """A move: the body of `POST /api/tables/{id}/moves`, with `"type": "move"`."""


class ResignMessage(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True,
    tag_field="type", tag="resign",
):  # fmt: skip
    """Resign the game under way (`POST /api/tables/{id}/resign`)."""

    command_id: CommandId | None = None


class SocketAnswer(Outcome, frozen=True, kw_only=True, tag_field="type", tag="answer"):
    """The answer to a client message: its outcome (`error` set when refused)."""


ClientMessage = MoveMessage | ResignMessage
_decode = msgspec.json.Decoder(ClientMessage)
_encode = msgspec.json.Encoder()
_COUNTED = {k: metrics.WS_MESSAGES.labels(k) for k in ("accepted", "refused", "malformed")}


async def listen(
    request: web.Request,
    socket: web.WebSocketResponse,
    who: Identity | None,
    before_answer: Callable[[int], Awaitable[None]],
) -> None:
    """Read the table socket's messages until it closes: answer each move and resignation
    in turn, after `before_answer(version)` (the socket's push of the view at the accepted
    version); close the socket on a malformed one."""

    async def answer(message: ClientMessage) -> SocketAnswer:
        answered = await decide(request, message, who, request.match_info["table_id"])
        if answered.accepted:
            await before_answer(answered.version)
        return answered

    await answer_messages(socket, _decode, answer)


async def answer_messages(
    socket: web.WebSocketResponse,
    decoder: msgspec.json.Decoder[Any],
    answer: Callable[[Any], Awaitable[SocketAnswer]],
) -> None:
    """A socket's message loop (the table socket's, the player socket's): each text frame
    decoded by `decoder` and answered by `answer`, in turn, until the socket closes; 4400 for
    a malformed message, 1003 for a binary frame, 4401 once the token turns out revoked."""
    async for message in socket:
        if message.type == WSMsgType.TEXT:
            try:
                decoded = decode(message.data, decoder)
            except SenetError as exc:
                _COUNTED["malformed"].inc()
                await closing.close(socket, closing.BAD_MESSAGE, exc.code)
                break
            answered = await answer(decoded)
            _COUNTED["accepted" if answered.accepted else "refused"].inc()
            await socket.send_frame(_encode.encode(answered), WSMsgType.TEXT)
            if answered.error is not None and answered.error.code == "bad_token":
                await closing.close(socket, closing.TOKEN_REVOKED, "token_revoked")
                break
        elif message.type == WSMsgType.BINARY:
            _COUNTED["malformed"].inc()
            await closing.close(socket, WSCloseCode.UNSUPPORTED_DATA, "text_frames_only")
            break
        elif message.type in (WSMsgType.CLOSE, WSMsgType.ERROR):
            break


def decode(data: str, decoder: msgspec.json.Decoder[Any] = _decode) -> Any:
    """A client message (of the table socket, or of `decoder`'s socket); BadRequest-like
    SenetError (`malformed_json`, `invalid_request`)."""
    try:
        return decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise SenetError(f"invalid message: {exc}", code="invalid_request") from exc
    except (msgspec.DecodeError, RecursionError) as exc:
        raise SenetError(f"malformed JSON: {exc}", code="malformed_json") from exc


async def decide(
    request: web.Request, message: MoveRequest | ResignMessage, who: Identity | None, table_id: str
) -> SocketAnswer:
    """A move or resignation at `table_id` decided as its HTTP request would be, with the
    socket's rights now."""

    async def run(who: Identity, command_id: str) -> Outcome:
        if isinstance(message, MoveRequest):
            body = msgspec.structs.replace(message, command_id=command_id)
            return await play(request, body, who, table_id)
        return await submit(
            request, Resign(stand_in=STAND_IN), who=who, command_id=command_id, table_id=table_id
        )

    return await answered(request, who, table_id, message.command_id, run)


async def answered(
    request: web.Request,
    who: Identity | None,
    table_id: str,
    command_id: str | None,
    run: Callable[[Identity, str], Awaitable[Outcome]],
) -> SocketAnswer:
    """`run(who, command_id)` under the HTTP bounds of a write (the token's rate, the
    in-flight slots, the token asked for again), its outcome or its error as an answer."""
    command_id = command_id or fresh_id()
    # One correlation id per message, as per request (the socket's own is its handshake's).
    correlation.set_current(fresh_id())
    try:
        if who is None:
            raise Unauthorized("missing bearer token", code="missing_token")
        limiter = request.app[LIMITER]
        key = hashed_token_key(token_hash(request))
        limiter.take(key)
        with limiter.in_flight(key):
            outcome = await run(await identify(request), command_id)  # a revoked token: 401
    except Exception as exc:
        return refusal(request, exc, table_id, command_id)
    return SocketAnswer(**{name: getattr(outcome, name) for name in Outcome.__struct_fields__})


def refusal(
    request: web.Request, exc: Exception, table_id: str, command_id: str = ""
) -> SocketAnswer:
    """The answer to a message refused with `exc` (its HTTP error; an unknown one is 500)."""
    error = known_error(exc, request.path)
    if error is None:
        log.exception("unhandled_error", path=request.path)
        error = SenetError("internal error", code="internal_error", status=500)
    return SocketAnswer(
        command_id=command_id, table_id=table_id, accepted=False, error=error.to_body()
    )


MESSAGES = (MoveMessage, ResignMessage, SocketAnswer)  # documented with the socket's route
DESCRIPTION = """\
A WebSocket (the token in `?token=` or the Authorization header). The server sends the \
caller's view (the schema of `GET /view`) as JSON in text frames at once and after every \
change of the table.

A seated player may move over it: a text frame `{"type": "move", "move": ..., \
"command_id": ..., "expected_version": ..., "seat": ...}` (the body of \
`POST /api/tables/{table_id}/moves`) or `{"type": "resign", "command_id": ...}`. Each is \
decided as its HTTP request (the same table worker, idempotency by `command_id`: a repeat \
answers `replayed`; the same rate limit and in-flight bounds of the token), with the \
socket's rights at that moment (a revoked token, a seat that changed hands, a spectator \
or a socket without a token are refused with the HTTP codes). A socket's messages are \
decided in the order sent, each answered before the next is read: \
`{"type": "answer", ...}`, the outcome (`accepted`, `version`, `replayed`) or, refused, \
`accepted: false` and `error` (the HTTP error's code, message, status, details). The \
mover's new view is not in the answer: it is the socket's usual view frame, sent just \
before the answer (of the answer's version or later).

Close codes: 4400 a message that is not such JSON (reason `malformed_json` or \
`invalid_request`; nothing is moved), 1003 a binary frame, 1009 a message over \
`SENET_WS_MAX_MESSAGE` bytes, 4429 frames faster than `SENET_WS_MESSAGE_RATE`, 4401 the \
token was revoked, 4403 the viewer may no longer watch the table.
"""
