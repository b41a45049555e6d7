"""What a lobby or play command causes at a table: one function for the worker and replay.

These are pure: the randomness comes from `Rng.for_step(seed, table_id, version)` with the
table's version before the command, so re-running them on the same state gives the same
events. `spec` lets replay use the rules version a table was pinned to.
"""

from __future__ import annotations

from typing import Any

import msgspec

from shared.contracts.errors import BadRequest, Conflict, IllegalMove, NotYourTurn
from shared.games.contract import GameSpec
from shared.games.rng import Rng
from shared.tables.events import SeatTaken, SeedRevealed, TableEvent, TableStarted
from shared.tables.state import OPEN, OVER, PLAYING, TableState
from shared.tables.state import evolve as evolve_table

MAX_SEAT_NAME = 40


def step_rng(state: TableState) -> Rng:
    """The generator of the table's next decision."""
    return Rng.for_step(bytes.fromhex(state.seed), state.table_id, state.version)


def join_events(state: TableState, player_id: str, player_name: str) -> list[Any]:
    """A player takes the lowest free seat."""
    if state.status != OPEN:
        raise Conflict("the game has already started", code="table_not_open")
    if state.seat_of(player_id) is not None:
        raise Conflict("you already have a seat at this table", code="already_seated")
    seat = state.free_seat()
    if seat is None:
        raise Conflict("the table is full", code="table_full")
    return [SeatTaken(seat=seat, player_id=player_id, player_name=seat_name(player_name))]


def start_events(state: TableState, spec: GameSpec | None = None) -> list[Any]:
    """The game starts: TableStarted and the game's setup drawn from the step generator."""
    if state.status != OPEN:
        raise Conflict("the game has already started", code="table_not_open")
    if state.free_seat() is not None:
        raise Conflict("not every seat is taken yet", code="table_not_full")
    game = spec or state.spec
    started = TableStarted(players=[p or "" for p in state.players], commitment=state.commitment)
    return [started, *game.setup(state.seats, state.options, step_rng(state))]


def play_events(
    state: TableState, seat: int, raw_move: Any, spec: GameSpec | None = None
) -> tuple[list[Any], Any]:
    """The events a move (JSON, Raw or builtins) causes, SeedRevealed last if the game ends."""
    if state.status == OPEN:
        raise Conflict("the game has not started", code="table_not_started")
    if state.status == OVER:
        raise Conflict("the game is over", code="game_over")
    game = spec or state.spec
    try:
        if isinstance(raw_move, msgspec.Raw):
            move = game.decode_move(bytes(raw_move))
        elif isinstance(raw_move, bytes | str):
            move = game.decode_move(raw_move)
        else:
            move = game.convert_move(raw_move)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"not a {game.title} move: {exc}", code="bad_move") from exc
    if seat not in game.to_act(state.game_state):
        raise NotYourTurn("it is not your turn")
    try:
        events: list[Any] = list(game.decide(state.game_state, seat, move, step_rng(state)))
    except IllegalMove as exc:
        raise IllegalMove(exc.message, code="illegal_move", details={"rule": exc.code}) from exc
    if not events:
        raise IllegalMove("the move changes nothing", code="illegal_move")
    final = state
    for event in events:
        final = evolve_with(game, final, event)
    if final.status == OVER:
        events.append(SeedRevealed(seed=state.seed, commitment=state.commitment))
    return events, move


def evolve_with(spec: GameSpec, state: TableState, event: Any) -> TableState:
    """`shared.tables.state.evolve`, with the game's rules taken from `spec` (a pinned version)."""
    if spec is state.spec:
        return evolve_table(state, event)
    version = state.version + 1
    if isinstance(event, TableStarted):
        game_state = spec.initial_state(state.seats, state.options)
        return msgspec.structs.replace(
            state, status=PLAYING, game_state=game_state, version=version
        )
    if isinstance(event, TableEvent):
        return evolve_table(state, event)
    game_state = spec.evolve(state.game_state, event)
    status = OVER if spec.result(game_state) is not None else state.status
    return msgspec.structs.replace(state, game_state=game_state, status=status, version=version)


def seat_name(name: str) -> str:
    """A player's name at a table, trimmed; raises BadRequest when empty or too long."""
    name = name.strip()
    if not name or len(name) > MAX_SEAT_NAME:
        raise BadRequest(f"a player name has 1-{MAX_SEAT_NAME} characters", code="bad_name")
    return name
