"""Hera und Zeus (Borg's original rules): a two-player duel with hidden hands and cards."""

from __future__ import annotations

from typing import Any

from shared.games.contract import BotHooks, GameResult, GameSpec
from shared.games.herazeus import bots
from shared.games.herazeus.events import HeraZeusEvent
from shared.games.herazeus.evolve import evolve
from shared.games.herazeus.moves import HeraZeusMove, HeraZeusOptions
from shared.games.herazeus.rules import decide, legal_moves, random_move, setup, to_act
from shared.games.herazeus.state import HeraZeusState, initial_state
from shared.games.herazeus.views import redact, view
from shared.games.prompts import Prompt, phrase

PHASES = ("opening", "turn", "place", "order")


def result(state: HeraZeusState) -> GameResult | None:
    """One winner, one loser (the game never ends in a draw)."""
    if state.winner is None:
        return None
    scores = [1 if seat == state.winner else 0 for seat in (0, 1)]
    return GameResult(scores=scores, ranks=[1 if s else 2 for s in scores], winners=[state.winner])


def prompt_code(state: HeraZeusState, seat: int | None) -> Prompt:
    """What the seat is asked now, as a code of prompts.toml."""
    if seat not in to_act(state) or state.phase not in PHASES:
        return Prompt("wait")
    return Prompt(state.phase)


def prompt(state: HeraZeusState, seat: int) -> str:
    """What the seat is asked now (English)."""
    return phrase(__name__, prompt_code(state, seat))


GAME: GameSpec[HeraZeusState, Any, Any] = GameSpec(
    name="herazeus",
    title="Hera und Zeus",
    rules_version=1,
    min_players=2,
    max_players=2,
    options_type=HeraZeusOptions,
    move_type=HeraZeusMove,
    event_type=HeraZeusEvent,
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
        random_move=random_move,
        sample=bots.sample,
        evaluate=bots.evaluate,
        playout_moves=3,
        root_evaluation=True,
    ),
)
"""The Hera und Zeus game for the platform."""
