"""Egizia (online version): the rules engine on the senet game contract."""

from __future__ import annotations

from shared.games.contract import BotHooks, GameResult, GameSpec
from shared.games.egizia import bots
from shared.games.egizia.decide import decide, legal_moves, to_act
from shared.games.egizia.events import EgiziaEvent
from shared.games.egizia.evolve import evolve, initial_state
from shared.games.egizia.moves import EgiziaMove
from shared.games.egizia.setup import setup
from shared.games.egizia.state import EgiziaOptions, EgiziaState
from shared.games.egizia.views import redact, view

_PROMPTS = {
    "nile": "place a ship on the Nile",
    "nile_after": "play a phase-2 card or end your turn",
    "crew": "choose a crew to advance",
    "ring": "move the water ring or leave it",
    "leftover": "take a remaining Nile card",
    "feed": "use a card to feed your crews or take the penalty",
    "build": "build at the site or give up your place",
    "sphinx_keep": "choose the Sphinx cards to keep",
    "build_end": "play a card or end your building turn",
}


def result(state: EgiziaState) -> GameResult | None:
    """Final ranking: most points, ties to the earlier arrival on the field (never a draw)."""
    if not state.over:
        return None
    ranks = [0] * state.seats
    for place, seat in enumerate(state.ranking):
        ranks[seat] = place + 1
    return GameResult(
        scores=[p.score for p in state.players], ranks=ranks, winners=[state.ranking[0]]
    )


def prompt(state: EgiziaState, seat: int) -> str:
    """What the seat is asked now."""
    if state.over:
        return "the game is over"
    if state.pending is None or state.pending.seat != seat:
        return "wait for the other players"
    return _PROMPTS[state.pending.kind]


GAME = GameSpec(
    name="egizia",
    title="Egizia",
    rules_version=2,  # 2: the join card and participation rulings (docs/games/egizia.md)
    min_players=2,
    max_players=4,
    options_type=EgiziaOptions,
    move_type=EgiziaMove,
    event_type=EgiziaEvent,
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
    bot_hooks=BotHooks(sample=bots.sample, evaluate=bots.evaluate, playout_moves=24),
)
