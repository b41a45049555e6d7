"""What a bot seat plays, pure: which seats of a table are bots to move now, the move a
bot chooses, and the command that carries it.

A bot moves from what its seat may know (`SeatKnowledge`), with an rng derived from the
table, its version and the seat (never from the table's secret seed), at its level's think
time. The command id is derived from the same three, so a decision made again for the same
turn (the bots role killed before it recorded its position) is the same command: the table
answers it as a repeat, or refuses it as `duplicate_command` if a time bound made the
choice differ; either way the seat moves once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import NAMESPACE_URL, uuid5

import msgspec

from shared.bots import Budget, SeatKnowledge, choose
from shared.bots.seats import BotAccount, bot_of, stand_in_account
from shared.contracts.envelopes import Command, EventEnvelope, PlayMove
from shared.contracts.errors import SenetError
from shared.games.rng import Rng
from shared.tables.state import PLAYING, TableState

_MOVE_NAMESPACE = uuid5(NAMESPACE_URL, "senet:bot-move")
_encode = msgspec.json.Encoder()


def due_bots(state: TableState) -> list[tuple[int, BotAccount]]:
    """The bot seats that must act now: seats of bot accounts, and seats handed to a
    stand-in (resigned or forfeited, `state.stand_ins`), which their stand-in plays. A
    resigned seat that names no stand-in (older records) is the table's random stand-in's."""
    if state.status != PLAYING:
        return []
    due = []
    for seat in state.spec.to_act(state.game_state):
        held = state.stand_in(seat)
        account = stand_in_account(state.game, held) if held else bot_of(state.players[seat])
        if account is not None and (held or seat not in state.resigned):
            due.append((seat, account))
    return due


def has_bots(state: TableState) -> bool:
    """The table has a seat a bot plays through the bots role (now or later)."""
    return bool(state.stand_ins) or any(bot_of(player) is not None for player in state.players)


@dataclass(frozen=True, slots=True)
class StandIn:
    """A timed-out turn handed to a bot (a TurnTimedOut with `stand_in`): the seat, the
    table's version after that event, and the bot that plays it."""

    seat: int
    version: int
    bot: str  # "kind:level"


def stand_in_of(envelope: EventEnvelope) -> StandIn | None:
    """The hand-over an event makes, if it is one."""
    if envelope.name != "TurnTimedOut":
        return None
    payload = msgspec.json.decode(envelope.payload)
    bot = payload.get("stand_in") if isinstance(payload, dict) else None
    if not bot:
        return None
    return StandIn(seat=int(payload["seat"]), version=envelope.version, bot=str(bot))


def due_stand_in(state: TableState, handed: StandIn) -> BotAccount | None:
    """The bot that plays a handed-over turn now: only while nothing happened at the table
    since (the player moved meanwhile: nothing to do) and the seat must still act."""
    if state.status != PLAYING or state.version != handed.version:
        return None
    if handed.seat not in state.spec.to_act(state.game_state) or handed.seat in state.resigned:
        return None
    if state.stand_in(handed.seat):  # the seat is the stand-in's for good: `due_bots`
        return None
    try:
        return stand_in_account(state.game, handed.bot)
    except SenetError:
        return None


def bot_rng(table_id: str, version: int, seat: int) -> Rng:
    """The bot's own generator for one turn: public inputs only, never the table's seed."""
    return Rng(f"senet:bot:{table_id}:{version}:{seat}")


def choose_move(
    state: TableState, seat: int, kind: str, budget_ms: float | None, playouts: int
) -> Any:
    """The move (as builtins) a bot of `kind` plays for the seat now, within the budget;
    None when the seat has no legal move. CPU-bound: run it in a thread."""
    legal = list(state.spec.legal_moves(state.game_state, seat))
    if not legal:
        return None
    knowledge = SeatKnowledge(state.spec, state.game_state, seat)
    rng = bot_rng(state.table_id, state.version, seat)
    move = choose(kind, knowledge, legal, Budget(playouts=playouts, ms=budget_ms), rng)
    return msgspec.to_builtins(move)


def move_command_id(table_id: str, version: int, seat: int) -> str:
    """The id of a bot's move at the table's `version` for `seat`."""
    return str(uuid5(_MOVE_NAMESPACE, f"{table_id}:{version}:{seat}"))


def move_command(state: TableState, seat: int, player_id: str, move: Any) -> Command:
    """The command of a bot's move for the seat at this version: from the bot's account
    (a bot seat's, or the stand-in's of a resigned or forfeited seat), or from the person
    whose timed-out turn was handed over."""
    return Command(
        command_id=move_command_id(state.table_id, state.version, seat),
        table_id=state.table_id,
        player_id=player_id,
        action=PlayMove(move=msgspec.Raw(_encode.encode(move)), seat=seat),
        expected_version=state.version,
    )
