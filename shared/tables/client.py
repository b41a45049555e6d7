"""The one client of the shard consumers: a command to its shard, its outcome back.

Every sender of table and tournament commands (the gateway, the table worker's rematch
opener, the open-table sweep, notify's deadlines, the tournament manager) goes through
`TableClient.send`: the shard is chosen by the command's table (or tournament) id, the
reply is awaited within the client's timeout, and whatever goes wrong is an outcome with a
stable error code, never an exception: a refusal keeps the table's code, no reply in time is
`broker_timeout`, a broker that cannot be reached `broker_unavailable` (both 503, so a
caller may send the same command id again), a reply that is no outcome `bad_reply`.
Callers that answer a refusal with an error call `accepted(outcome)`.
"""

from __future__ import annotations

from typing import Protocol, TypeVar, overload

import msgspec
import structlog

from shared.contracts.envelopes import Command, ErrorBody, Reply
from shared.contracts.errors import InternalError, SenetError, Unavailable
from shared.messaging.port import Broker
from shared.messaging.routing import shard_of
from shared.tournaments.actions import (
    KIND_HEADER,
    TOURNAMENT_KIND,
    TournamentCommand,
    TournamentOutcome,
)

log = structlog.get_logger("senet.client")
DEFAULT_TIMEOUT = 10.0  # seconds to wait for a shard's reply (the gateway passes its own)
_encode = msgspec.json.Encoder()
_decode_reply = msgspec.json.Decoder(Reply)
_decode_tournament = msgspec.json.Decoder(TournamentOutcome)
_TOURNAMENT_HEADERS = {KIND_HEADER: TOURNAMENT_KIND}


class _Answer(Protocol):
    @property
    def accepted(self) -> bool: ...

    @property
    def error(self) -> ErrorBody | None: ...


AnyOutcome = TypeVar("AnyOutcome", bound=_Answer)


class TableClient:
    """Sends commands to the shard consumers over a broker, each within `timeout` seconds."""

    def __init__(self, broker: Broker, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.broker = broker
        self.timeout = timeout

    @overload
    async def send(self, command: Command, *, timeout: float | None = None) -> Reply: ...

    @overload
    async def send(
        self, command: TournamentCommand, *, timeout: float | None = None
    ) -> TournamentOutcome: ...

    async def send(
        self, command: Command | TournamentCommand, *, timeout: float | None = None
    ) -> Reply | TournamentOutcome:
        """The outcome of `command` (a table's or a tournament's), accepted or refused; a
        failure to deliver it or to hear back is a refused outcome too (see the module)."""
        if isinstance(command, TournamentCommand):
            key, headers = command.tournament_id, _TOURNAMENT_HEADERS
        else:
            key, headers = command.table_id, None
        shard = shard_of(key, self.broker.topology.shards)
        wait = self.timeout if timeout is None else timeout
        try:
            body = await self.broker.request(
                shard, _encode.encode(command), timeout=wait, headers=headers
            )
        except SenetError as exc:  # broker_timeout, broker_unavailable
            return _refused(command, exc)
        except Exception as exc:  # a broker client's own error: the broker is unreachable
            log.warning("command_not_delivered", command_id=command.command_id, error=repr(exc))
            return _refused(command, Unavailable(f"the broker failed: {exc!r}",
                                                 code="broker_unavailable"))  # fmt: skip
        try:
            if isinstance(command, TournamentCommand):
                return _decode_tournament.decode(body)
            return _decode_reply.decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            log.error("bad_reply", command_id=command.command_id, error=str(exc))
            return _refused(command, InternalError("the shard's reply is no outcome",
                                                   code="bad_reply"))  # fmt: skip


def accepted(outcome: AnyOutcome) -> AnyOutcome:
    """The outcome if accepted; raise its error (code, status, details) if refused."""
    if not outcome.accepted:
        error = outcome.error or ErrorBody(code="internal_error", message="refused", status=500)
        raise SenetError.from_body(error)
    return outcome


def _refused(command: Command | TournamentCommand, exc: SenetError) -> Reply | TournamentOutcome:
    if isinstance(command, TournamentCommand):
        return TournamentOutcome(
            command_id=command.command_id, tournament_id=command.tournament_id,
            accepted=False, error=exc.to_body(),
        )  # fmt: skip
    return Reply(
        command_id=command.command_id, table_id=command.table_id, accepted=False,
        error=exc.to_body(),
    )  # fmt: skip
