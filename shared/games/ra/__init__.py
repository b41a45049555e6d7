"""Ra: The Dice Game (Knizia 2009) on the senet game contract."""

from __future__ import annotations

from shared.games.contract import BotHooks, GameSpec, nothing_hidden
from shared.games.ra import bots
from shared.games.ra.components import C
from shared.games.ra.events import RaEvent
from shared.games.ra.evolve import evolve
from shared.games.ra.legal import legal_moves
from shared.games.ra.moves import RaMove
from shared.games.ra.rules import decide, result, to_act
from shared.games.ra.setup import setup
from shared.games.ra.state import RaOptions, initial_state
from shared.games.ra.views import prompt, prompt_code, redact, view

GAME = GameSpec(
    name="ra",
    title="Ra: The Dice Game",
    rules_version=1,
    min_players=min(C.start_space),
    max_players=max(C.start_space),
    options_type=RaOptions,
    move_type=RaMove,
    event_type=RaEvent,
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
    titles={"de": "Ra: Das Würfelspiel"},
    undoable=nothing_hidden,  # no hidden information: any move that drew nothing
    bot_hooks=BotHooks(evaluate=bots.evaluate, playout_moves=30),
)
"""The Ra game package as the platform hosts it."""
