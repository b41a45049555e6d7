"""Rules, Ra and Scoring an Epoch: ending a turn, the Suns' effect, epoch and game end."""

from __future__ import annotations

from shared.games.ra import events as ev
from shared.games.ra.components import C
from shared.games.ra.evolve import evolve
from shared.games.ra.moves import EndTurn
from shared.games.ra.scoring import ranking, score_epoch
from shared.games.ra.state import RaState
from shared.games.rng import Rng


def end_turn(state: RaState, seat: int, move: EndTurn, rng: Rng) -> list[ev.RaEvent]:
    """Apply the Suns, pass the dice, and score the epoch if Ra reached the last space."""
    out: list[ev.RaEvent] = []

    def emit(event: ev.RaEvent) -> None:
        nonlocal state
        out.append(event)
        state = evolve(state, event)

    suns = len(state.suns)
    if 1 <= suns <= C.ra_advance_max_suns:
        # Rules, Ra: "one or two dice showing Suns ... he advances the Ra figure accordingly".
        position = min(C.last_space, state.ra + suns)
        emit(ev.RaAdvanced(seat=seat, spaces=suns, position=position))
    elif suns == C.ra_advance_max_suns + 1:
        # Rules, Ra: "three dice showing Suns, he scores 3 points ... does not advance Ra".
        emit(ev.SunsScored(seat=seat, suns=suns, points=C.three_suns_points))
    next_seat = (seat + 1) % state.players
    emit(ev.TurnEnded(seat=seat, next_seat=next_seat))
    # Rules, Scoring an Epoch: Ra "reaches or exceeds the last space"; the turn is finished
    # first. Then the player who ended the epoch passes the dice to the next player.
    if state.ra >= C.last_space:
        emit(score_epoch(state))
        if state.epoch >= C.epochs:
            ranks, winners = ranking(state.scores)
            emit(ev.GameEnded(scores=state.scores, ranks=ranks, winners=winners))
        else:
            ra = C.start_space[state.players]
            emit(ev.EpochStarted(epoch=state.epoch + 1, start_player=next_seat, ra=ra))
    return out
