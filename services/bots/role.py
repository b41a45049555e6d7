"""The bots role: plays the turns of bot seats through the command path, like any client.

A projection fed by the projection runner (`shared.projections.runner`). For each batch of
the log it looks at the tables of its shards that the batch touched and that may have a bot
seat, loads each one's current state (`shared.tables.reader.load_state`), and for every bot
seat that must act
(`services.bots.player.due_bots`) chooses the bot's move in a thread and sends it with
`TableClient.send` as a `PlayMove` from the bot's account, at the version it saw; a seat
handed to a stand-in for good (a `SeatResigned` or `SeatForfeited` naming one) is played
the same way, from the stand-in's account. A timed-out turn handed to a bot (a
`TurnTimedOut` with `stand_in` in the batch) is played the same way for the seat's own
player, while the table is still at that version. Only then does its position move
(`consumer_positions`, row `bots` or `bots:<shards>`): in memory after every batch,
recorded at most every `RECORD_EVERY` seconds and when the log goes quiet
(`shared.projections.tracking.LazyPosition`), since a batch read again sends only repeats.

- A table is known to have no bot seat from its own events (`TableCreated`, then only
  `SeatTaken`s of people) or from one load: such tables cost no read until an event seats
  a bot or hands a seat to a stand-in (`seats_bot`).
- Never inside the table worker: a long search delays only this role, never a commit.
- A SIGKILL between a send and the position's record reads the batches since the record
  again: the bot decides the same turn again with the same command id (`move_command_id`:
  table, version, seat), which the table answers as a repeat, so no move is doubled and
  none lost.
- Scales by shard: `--bot-shards 0-3` follows the tables of those command shards (CRC-32
  of the table id, as the table workers route them), under its own position and lease
  (`<prefix>.bots:<shards>.lease`: a second process with the same shards stands by).
- A refusal that says the turn moved on (`stale_version`, `not_your_turn`, `game_over`,
  `duplicate_command`, ...) is the end of that decision; a broker or store outage fails
  the batch, which the runner tries again.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Collection

import msgspec
import structlog

from services.bots.player import (
    StandIn,
    choose_move,
    due_bots,
    due_stand_in,
    has_bots,
    move_command,
    stand_in_of,
)
from shared.bots.seats import BotAccount, bot_of
from shared.contracts.envelopes import EventEnvelope
from shared.messaging.lease import lease_for
from shared.messaging.port import Broker
from shared.messaging.routing import shard_of
from shared.projections.runner import Batch, Projection, ProjectionRunner
from shared.projections.tracking import LazyPosition, Positions
from shared.readmodels.db import ReadModelDB
from shared.store import EventStore
from shared.tables.client import TableClient
from shared.tables.reader import load_state
from shared.tables.state import TableState

log = structlog.get_logger("senet.bots")
NAME = "bots"
RETRYABLE = frozenset({"broker_timeout", "broker_unavailable", "store_unavailable", "bad_reply"})
RECORD_EVERY = 1.0  # seconds between two records of the position while batches come
LINGER = 0.05  # seconds at least between two looks at the log while it moves (not per commit)
MEMORY = 10_000  # tables remembered as having no bot seat
# the events that may hand a seat to a bot (a resignation or a forfeit names a stand-in)
SEATING = frozenset({"SeatTaken", "SeatResigned", "SeatForfeited"})


class BotTurnFailed(Exception):
    """A bot's move could not be delivered (the batch is tried again)."""


def parse_shards(raw: str) -> str:
    """`--bot-shards`: "" (every shard) or numbers and ranges, "0-3,6"; normalised. The
    numbers are checked against the shard count when the role starts."""
    shards = shard_set(raw)
    return "" if shards is None else ",".join(map(str, sorted(shards)))


def shard_set(raw: str) -> frozenset[int] | None:
    """The shards named by `raw` (None: all); ValueError for a malformed list."""
    if not raw.strip():
        return None
    shards: set[int] = set()
    for part in raw.split(","):
        low, _, high = part.strip().partition("-")
        try:
            first, last = int(low), int(high or low)
        except ValueError as exc:
            raise ValueError(f"bot shards are numbers and ranges (0-3,6), not {raw!r}") from exc
        if not 0 <= first <= last < 10_000:
            raise ValueError(f"bad shard range {part.strip()!r}")
        shards.update(range(first, last + 1))
    return frozenset(shards)


def consumer_name(shards: Collection[int] | None) -> str:
    """The role's position row and lease: `bots`, or `bots:0,1,2` for some shards."""
    return NAME if shards is None else f"{NAME}:{','.join(map(str, sorted(shards)))}"


class BotsProjection(Projection):
    """Plays the due turns of bot seats at the tables of its shards."""

    def __init__(
        self,
        store: EventStore,
        broker: Broker,
        shards: Collection[int] | None = None,
        *,
        pause: float = 0.0,
        playouts: int = 0,
    ) -> None:
        count = broker.topology.shards
        if shards is not None and any(not 0 <= s < count for s in shards):
            raise ValueError(f"bot shards must be below the shard count {count}")
        self.store = store
        self.tables = TableClient(broker)
        self.shards = None if shards is None or set(shards) >= set(range(count)) else set(shards)
        self.count = count
        self.name = consumer_name(self.shards)
        positions = Positions(ReadModelDB.of(store))
        positions.ensure(self.name)
        self.position = LazyPosition(positions, self.name, RECORD_EVERY)
        self.botless: OrderedDict[str, None] = OrderedDict()  # tables without bot seats
        self.moves = 0  # bot moves accepted (repeats included)
        self.loads = 0  # table states loaded (a table with no bot seat costs none)
        self.pause = pause  # test hook: seconds after each move sent, before the record
        self.playouts = playouts  # test hook: at most this many playouts a move (0: the level's)

    def max_tracking_id(self) -> int:
        """The recorded position, or the one played up to if this process is ahead of it."""
        return self.position.current()

    def mine(self, table_id: str) -> bool:
        """The table is in this role's shards."""
        return self.shards is None or shard_of(table_id, self.count) in self.shards

    async def process(self, batch: Batch) -> bool:
        """Play every due bot turn at the tables the batch touched, then move the position."""
        touched: dict[str, list[StandIn]] = {}
        for envelope in batch.envelopes():
            if not self.mine(envelope.table_id):
                continue
            if envelope.name == "TableCreated":  # no seat taken yet: no bot until one sits
                self._remember_botless(envelope.table_id)
            elif envelope.name in SEATING and seats_bot(envelope):
                self.botless.pop(envelope.table_id, None)
            handed = stand_in_of(envelope)
            if handed is not None:
                touched.setdefault(envelope.table_id, []).append(handed)
            elif envelope.table_id not in self.botless:
                touched.setdefault(envelope.table_id, [])
        for table_id, handed_over in touched.items():
            await self.play(table_id, handed_over)
        await self.position.moved(batch.end)
        return True

    async def caught_up(self) -> None:
        """Record the position when the log went quiet."""
        await self.position.caught_up()

    async def play(self, table_id: str, handed_over: list[StandIn]) -> None:
        """The due bot turns of one table (bot seats', and timed-out turns handed to a bot
        by the batch), each sent once decided."""
        self.loads += 1
        loaded = await asyncio.to_thread(load_state, self.store, table_id, save=False)
        if loaded is None:
            return
        state = loaded.state
        for handed in handed_over:
            stand_in = due_stand_in(state, handed)
            if stand_in is not None:  # played for the seat's own player, as its move
                await self.move(state, handed.seat, stand_in, state.players[handed.seat] or "")
                return  # the table moved on: a later batch brings what is due next
        if not has_bots(state):
            self._remember_botless(table_id)
            return
        for seat, account in due_bots(state):
            await self.move(state, seat, account, account.player_id)

    async def move(self, state: TableState, seat: int, account: BotAccount, player_id: str) -> None:
        """Choose and send one bot's move for `player_id`'s seat; raise when it could not
        be delivered."""
        think = account.think
        playouts = min(think.playouts, self.playouts) if self.playouts else think.playouts
        move = await asyncio.to_thread(choose_move, state, seat, account.kind, think.ms, playouts)
        if move is None:
            return
        command = move_command(state, seat, player_id, move)
        outcome = await self.tables.send(command)
        if outcome.accepted:
            self.moves += 1
            log.info(
                "bot_moved", table_id=state.table_id, seat=seat, version=state.version,
                command_id=command.command_id,
            )  # fmt: skip
            if self.pause:
                await asyncio.sleep(self.pause)
            return
        code = outcome.error.code if outcome.error else "internal_error"
        if code in RETRYABLE:
            raise BotTurnFailed(f"{state.table_id} v{state.version} seat {seat}: {code}")
        log.info("bot_move_refused", table_id=state.table_id, seat=seat, code=code)

    def _remember_botless(self, table_id: str) -> None:
        self.botless[table_id] = None
        while len(self.botless) > MEMORY:
            self.botless.popitem(last=False)


def seats_bot(envelope: EventEnvelope) -> bool:
    """A seating event that may give the table a bot seat: a bot account sat down, or a
    seat was handed to a stand-in (a resignation or forfeit without one stays a person's)."""
    payload = msgspec.json.decode(envelope.payload)
    if not isinstance(payload, dict):
        return True  # unreadable here: the table's state decides
    if envelope.name == "SeatTaken":
        return bot_of(str(payload.get("player_id") or "")) is not None
    return bool(payload.get("stand_in"))


def bots_runner(
    store: EventStore, broker: Broker, shards: Collection[int] | None = None, *,
    retry: float = 1.0,
    pause: float = 0.0,
    playouts: int = 0,
) -> ProjectionRunner:  # fmt: skip
    """The bots role behind its lease, woken by commits (PostgreSQL's NOTIFY, or the
    workers' commit signals on the broker; two looks at least `LINGER` seconds apart)."""
    projection = BotsProjection(store, broker, shards, pause=pause, playouts=playouts)
    lease = lease_for(broker, f"{projection.name}.lease")
    return ProjectionRunner(
        store, projection, signals=broker, lease=lease, retry=retry, linger=LINGER
    )
