"""Egizia (online version): the rules engine on the senet game contract."""

from __future__ import annotations

from shared.games.contract import BotHooks, GameResult, GameSpec
from shared.games.egizia import bots
from shared.games.egizia.decide import decide, legal_moves, random_move, to_act
from shared.games.egizia.events import EgiziaEvent
from shared.games.egizia.evolve import evolve, initial_state
from shared.games.egizia.moves import EgiziaMove
from shared.games.egizia.setup import setup
from shared.games.egizia.state import EgiziaOptions, EgiziaState
from shared.games.egizia.views import redact, view
from shared.games.prompts import Prompt, phrase


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


def prompt_code(state: EgiziaState, seat: int | None) -> Prompt:
    """What the seat is asked now, as a code of prompts.toml."""
    if state.over:
        return Prompt("over")
    if state.pending is None or state.pending.seat != seat:
        return Prompt("wait")
    return Prompt(state.pending.kind)


def prompt(state: EgiziaState, seat: int) -> str:
    """What the seat is asked now (English)."""
    return phrase(__name__, prompt_code(state, seat))


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
    prompt_code=prompt_code,
    bot_hooks=BotHooks(
        random_move=random_move, sample=bots.sample, evaluate=bots.evaluate, playout_moves=24
    ),
)
