"""Istanbul (Dorn, 2014), the base game for 2-5 players, with the seed's FAQ rulings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shared.games.contract import BotHooks, GameResult, GameSpec
from shared.games.istanbul import bots
from shared.games.istanbul import events as ev
from shared.games.istanbul.events import IstanbulEvent
from shared.games.istanbul.evolve import evolve
from shared.games.istanbul.moves import IstanbulMove, IstanbulOptions
from shared.games.istanbul.rules import decide, legal_moves, random_move, setup, to_act
from shared.games.istanbul.state import IstanbulState, initial_state
from shared.games.istanbul.views import prompt, prompt_code, redact, view

_REVEALING = (ev.CardDrawn, ev.DeckShuffled, ev.DemandRotated, ev.FigurePlaced, ev.DiceThrown)


def result(state: IstanbulState) -> GameResult | None:
    """T20: rubies, then Lira, goods, bonus cards; equal on all four share the rank."""
    if not state.over:
        return None
    ranks = list(state.ranks)
    return GameResult(
        scores=[p.rubies for p in state.players],
        ranks=ranks,
        winners=[seat for seat, rank in enumerate(ranks) if rank == 1],
    )


def undoable(state: IstanbulState, seat: int, move: Any, events: Sequence[Any]) -> bool:
    """A move may be taken back unless it showed a card, a demand tile or dice."""
    return not any(isinstance(e, _REVEALING) for e in events)


GAME: GameSpec[IstanbulState, Any, Any] = GameSpec(
    name="istanbul",
    title="Istanbul",
    rules_version=1,
    min_players=2,
    max_players=5,
    options_type=IstanbulOptions,
    move_type=IstanbulMove,
    event_type=IstanbulEvent,
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
    undoable=undoable,
    bot_hooks=BotHooks(
        random_move=random_move, sample=bots.sample, evaluate=bots.evaluate, playout_moves=20
    ),
)
"""The Istanbul game for the platform."""
