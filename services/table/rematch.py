"""The table worker opens an agreed rematch itself.

When a command's events hold `RematchAgreed` (the last seat accepted), the worker that
stored them sends `OpenRematch` to the new table's shard, as a client would: the worker
serving that shard checks the agreement stored at the finished table, draws a new secret
seed and opens the table with everyone seated and the game started. The command id is
fixed per finished table, so a second send is answered as a repeat, and a table already
opened (a player's `POST /api/tables/{id}/rematch/open` came first) as `table_exists`.
Sending is best effort: should it be lost (a crash right after the commit, a broker
outage), any player's `rematch/open` sends the same command again.
"""

from __future__ import annotations

import asyncio
import contextlib
from uuid import NAMESPACE_URL, uuid5

import msgspec
import structlog

from shared.contracts.envelopes import Command, OpenRematch, Outcome, Reply
from shared.tables.client import TableClient
from shared.tables.events import RematchAgreed

log = structlog.get_logger("senet.table")
OPEN_TIMEOUT = 30.0  # seconds to wait for the new table's shard to answer
_decode_agreed = msgspec.json.Decoder(RematchAgreed)


def open_command_id(old_table: str) -> str:
    """The id of the OpenRematch the worker sends for a finished table (one per table)."""
    return uuid5(NAMESPACE_URL, f"senet:open-rematch:{old_table}").hex


class RematchOpener:
    """Sends OpenRematch for every agreement this worker stores (in the background)."""

    def __init__(self, tables: TableClient) -> None:
        self.tables = tables
        self.tasks: set[asyncio.Task[None]] = set()

    def after(self, command: Command, outcome: Outcome) -> None:
        """Open the rematch if this accepted command agreed on one."""
        if not outcome.accepted or outcome.replayed or not isinstance(outcome, Reply):
            return
        for event in outcome.committed:
            if event.name == "RematchAgreed":
                agreed = _decode_agreed.decode(event.payload)
                task = asyncio.create_task(self._open(command, agreed))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)

    async def _open(self, command: Command, agreed: RematchAgreed) -> None:
        opening = Command(
            command_id=open_command_id(command.table_id), table_id=agreed.table_id,
            player_id=agreed.players[0], action=OpenRematch(from_table=command.table_id),
            correlation_id=command.correlation_id,
        )  # fmt: skip
        outcome = await self.tables.send(opening, timeout=OPEN_TIMEOUT)
        if not outcome.accepted and outcome.error and outcome.error.code != "table_exists":
            # best effort: a player's rematch/open sends it again
            log.warning("rematch_open_failed", rematch=agreed.table_id, code=outcome.error.code)

    async def close(self) -> None:
        """Stop the sends still under way."""
        for task in list(self.tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
