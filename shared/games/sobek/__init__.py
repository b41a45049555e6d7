"""Sobek (Cathala), as played online: both variants, hidden hands and bribery pots."""

from __future__ import annotations

from shared.games.contract import BotHooks, GameResult, GameSpec
from shared.games.prompts import Prompt, phrase
from shared.games.rng import Rng
from shared.games.sobek import bots
from shared.games.sobek.events import SobekEvent
from shared.games.sobek.evolve import evolve
from shared.games.sobek.flow import to_act
from shared.games.sobek.legal import legal_moves
from shared.games.sobek.moves import SobekMove, SobekOptions
from shared.games.sobek.rounds import prepare
from shared.games.sobek.rules import decide
from shared.games.sobek.state import SobekState, initial_state
from shared.games.sobek.views import redact, view

PHASES = ("choose_start", "turn", "choose_event", "vizier", "scribe", "sideways")


def setup(seats: int, options: SobekOptions, rng: Rng) -> list:
    """The opening events: round 1 prepared, the first delivery, the random start player."""
    return prepare(seats, 1, (0,) * seats, rng)


def result(state: SobekState) -> GameResult | None:
    """Final scores; tied leaders share the win (Rules, Spielende)."""
    if state.phase != "over":
        return None
    scores = list(state.scores)
    ranks = [1 + sum(1 for other in scores if other > mine) for mine in scores]
    return GameResult(scores=scores, ranks=ranks, winners=list(state.winners))


def prompt_code(state: SobekState, seat: int | None) -> Prompt:
    """What the seat is asked now, as a code of prompts.toml."""
    if seat not in to_act(state) or state.phase not in PHASES:
        return Prompt("wait")
    return Prompt(state.phase)


def prompt(state: SobekState, seat: int) -> str:
    """What the seat is asked now (English)."""
    return phrase(__name__, prompt_code(state, seat))


GAME = GameSpec(
    name="sobek",
    title="Sobek",
    rules_version=1,
    min_players=2,
    max_players=4,
    options_type=SobekOptions,
    move_type=SobekMove,
    event_type=SobekEvent,
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
    bot_hooks=BotHooks(sample=bots.sample, playout_moves=40),
)
"""The Sobek game for the platform."""
