"""The skeleton every shard command handler shares (tables and tournaments).

`handle` decodes a delivery (a body that is no command: 400 `bad_command`), binds the
command's ids to the log context, has it decided (`decided`), answers a store outage as a
retryable 503 `store_unavailable` (not redelivered: the requester repeats the command with
its id once the store is back, and a commit that did reach the store is answered from it),
tells `on_saved` of a new commit and encodes the outcome. `stored` is the loop of one
decision in a thread: a concurrent write (another worker got there first) re-reads and
re-decides, a refusal is the command's error, a bug a 500 for that command alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

import msgspec
import structlog
from eventsourcing.persistence import IntegrityError

from shared.contracts.errors import BadRequest, InternalError, SenetError, Unavailable
from shared.messaging.port import Delivery
from shared.store import STORE_OUTAGES

log = structlog.get_logger("senet.table")
RETRIES = 3  # decisions of one command lost to concurrent writes before it is `busy`
_encode = msgspec.json.Encoder()


class _Answer(Protocol):
    @property
    def accepted(self) -> bool: ...

    @property
    def replayed(self) -> bool: ...


C = TypeVar("C")  # the command type
O = TypeVar("O", bound=_Answer)  # the outcome type  # noqa: E741


class ShardHandler(Generic[C, O]):
    """Decodes, decides and answers the commands of one kind that reach a shard."""

    decoder: msgspec.json.Decoder[Any]
    on_saved: Callable[[], None] | None = None

    async def decided(self, command: C) -> O:
        """The command's outcome, stored (raise a store outage as it is)."""
        raise NotImplementedError

    def refused(self, command: C | None, error: SenetError) -> O:
        """The outcome of a refused command (None: a delivery that is no command)."""
        raise NotImplementedError

    def context(self, command: C) -> dict[str, Any]:
        """The ids bound to the log context while the command is handled."""
        return {}

    def forget(self, command: C) -> None:
        """Drop what is held of the command's aggregate: its decision was not saved."""

    def after(self, command: C, outcome: O) -> None:
        """What follows a decided command (the table worker opens agreed rematches)."""

    async def handle(self, delivery: Delivery) -> bytes:
        """Decide one command delivery and return the encoded outcome."""
        try:
            command = self.decoder.decode(delivery.body)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            return _encode.encode(self.refused(None, BadRequest(str(exc), code="bad_command")))
        # Bound for this command's log lines, then reset to exactly what was there
        # (tokens: cheaper than `bound_contextvars`, which reads the whole context first).
        bound = structlog.contextvars.bind_contextvars(**self.context(command))
        try:
            try:
                outcome = await self.decided(command)
            except STORE_OUTAGES as exc:
                log.warning("store_unavailable", error=repr(exc))
                self.forget(command)
                outage = Unavailable("the event store is unavailable", code="store_unavailable")
                outcome = self.refused(command, outage)
            self.after(command, outcome)
        finally:
            structlog.contextvars.reset_contextvars(**bound)
        if outcome.accepted and not outcome.replayed and self.on_saved is not None:
            self.on_saved()
        return _encode.encode(outcome)

    def stored(self, command: C, attempt: Callable[[], O]) -> O:
        """`attempt` (decide and save, in a thread), tried again on a concurrent write; a
        refusal or a bug is the command's outcome, a store outage is raised."""
        for number in range(RETRIES):
            try:
                return attempt()
            except IntegrityError:  # another worker wrote first: re-read and re-decide
                self.forget(command)
                log.info("concurrent_write_retried", attempt=number)
            except SenetError as exc:
                return self.refused(command, exc)
            except STORE_OUTAGES:
                self.forget(command)
                raise
            except Exception:
                self.forget(command)
                return self.failed(command)
        return self.refused(command, SenetError("busy, retry", code="busy"))

    def failed(self, command: C) -> O:
        """`internal_error`, logged with the command and the traceback; call it in the
        `except` block."""
        log.exception("command_failed", **self.context(command))
        return self.refused(command, InternalError("internal error"))
