"""What a timed-out turn causes: a random legal move by a bot, and a forfeit if asked.

Pure and replayable: the bot's move is drawn from `Rng.for_step(seed, table_id + "/timeout",
version)` and stored as the command's move (on the TurnTimedOut record); the game's events
are `play_events` of that move at the same version (the state before TurnTimedOut), exactly
as if the seat had played it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from shared.audit.decisions import play_events
from shared.contracts.errors import BadRequest, Conflict, NotYourTurn
from shared.games.contract import GameSpec
from shared.games.rng import Rng
from shared.tables.events import SeatForfeited, TurnTimedOut
from shared.tables.state import OPEN, OVER, TableState

POLICIES = ("bot", "forfeit")


def bot_rng(state: TableState) -> Rng:
    """The generator of the bot's choice at this version (apart from the game's own draws)."""
    return Rng.for_step(bytes.fromhex(state.seed), f"{state.table_id}/timeout", state.version)


def timeout_events(
    state: TableState, seat: int, policy: str, turn: int, spec: GameSpec | None = None
) -> tuple[list[Any], dict[str, Any]]:
    """TurnTimedOut (+ SeatForfeited), then the game's events of the bot's random move;
    returns the events and the move (builtins)."""
    if policy not in POLICIES:
        raise BadRequest(f"timeout policy is one of {', '.join(POLICIES)}", code="bad_policy")
    if state.status == OPEN:
        raise Conflict("the game has not started", code="table_not_started")
    if state.status == OVER:
        raise Conflict("the game is over", code="game_over")
    game = spec or state.spec
    if not 0 <= seat < state.seats or seat not in game.to_act(state.game_state):
        raise NotYourTurn(f"seat {seat} does not have to act")
    legal = list(game.legal_moves(state.game_state, seat))
    if not legal:
        raise Conflict(f"seat {seat} has no legal move", code="no_legal_move")
    move = bot_rng(state).choice(legal)
    chosen: dict[str, Any] = msgspec.to_builtins(move)
    played, _ = play_events(state, seat, chosen, game)
    player_id = state.players[seat] or ""
    events: list[Any] = [TurnTimedOut(seat=seat, player_id=player_id, policy=policy, turn=turn)]
    if policy == "forfeit" and seat not in state.forfeited:
        events.append(SeatForfeited(seat=seat, player_id=player_id))
    return [*events, *played], chosen
