"""Tic-tac-toe on the senet game contract (also the small game of `senet bench peers`)."""

from __future__ import annotations

from shared.games.contract import GameSpec, nothing_hidden
from shared.games.tictactoe.rules import (
    C,
    Mark,
    Marked,
    TicTacToeOptions,
    TicTacToeState,
    decide,
    evolve,
    initial_state,
    legal_moves,
    prompt,
    prompt_code,
    redact,
    result,
    setup,
    to_act,
    view,
)

GAME: GameSpec[TicTacToeState, Mark, Marked] = GameSpec(
    name="tictactoe",
    title="Tic-tac-toe",
    rules_version=1,
    min_players=C.players,
    max_players=C.players,
    options_type=TicTacToeOptions,
    move_type=Mark,
    event_type=Marked,
    initial_state=initial_state,
    setup=setup,
    evolve=evolve,
    decide=decide,
    to_act=to_act,
    legal_moves=legal_moves,
    view=view,
    redact=redact,
    result=result,
    prompt=prompt,
    prompt_code=prompt_code,
    titles={"de": "Tic-Tac-Toe"},
    undoable=nothing_hidden,
)
