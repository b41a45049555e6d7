"""Can't Stop (Sid Sackson) with the rulebook's options and the seed's 2-player variant."""

from __future__ import annotations

from shared.games.cantstop import bots
from shared.games.cantstop.events import CantStopEvent, CantStopMove, GameStarted
from shared.games.cantstop.evolve import evolve
from shared.games.cantstop.rules import decide, legal_moves, random_move, to_act
from shared.games.cantstop.state import C, CantStopOptions, CantStopState, initial_state
from shared.games.cantstop.views import prompt, prompt_code, redact, view
from shared.games.contract import BotHooks, GameResult, GameSpec, nothing_hidden
from shared.games.kit import fail
from shared.games.rng import Rng


def setup(seats: int, options: CantStopOptions, rng: Rng) -> list[CantStopEvent]:
    """A random start player (the rulebook's highest roll of two dice, from the seed)."""
    if seats > C.most_seats[str(options.target)]:
        # The options cannot see the seat count, so a 4-seat table is refused here.
        fail("options_not_for_seats", f"{options.target} columns is for fewer players")
    return [GameStarted(seats=seats, first=rng.randint(0, seats - 1))]


def result(state: CantStopState) -> GameResult | None:
    """The winner ranks 1st; the others share 2nd. Scores are columns won."""
    if state.winner is None:
        return None
    ranks = [1 if s == state.winner else 2 for s in range(state.seats)]
    scores = [state.won(s) for s in range(state.seats)]
    return GameResult(scores=scores, ranks=ranks, winners=[state.winner])


GAME = GameSpec(
    name="cantstop",
    title="Can't Stop",
    rules_version=1,
    min_players=C.min_players,
    max_players=C.max_players,
    options_type=CantStopOptions,
    move_type=CantStopMove,
    event_type=CantStopEvent,
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
    undoable=nothing_hidden,  # no hidden information: any move that drew nothing
    bot_hooks=BotHooks(random_move=random_move, evaluate=bots.evaluate, playout_moves=12),
)
