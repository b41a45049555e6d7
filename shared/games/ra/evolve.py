"""evolve: the only way Ra's state changes, one mutator per event type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from shared.games.ra import events as ev
from shared.games.ra.components import NILE, PHARAOH, SUN, C
from shared.games.ra.state import (
    APPLY,
    DISASTER,
    EMPTY,
    OVER,
    REROLL,
    ROLL,
    RaState,
    cell,
    civilization_count,
    monument_count,
    others,
)


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _used(state: RaState, dice: tuple[int, ...]) -> tuple[int, ...]:
    return state.used + tuple(dice)


def _game_started(state: RaState, e: ev.GameStarted) -> RaState:
    return replace(state, scores=e.scores, ra=e.ra)


def _epoch_started(state: RaState, e: ev.EpochStarted) -> RaState:
    return _new_turn(replace(state, epoch=e.epoch, ra=e.ra), e.start_player)


def _new_turn(state: RaState, seat: int) -> RaState:
    return replace(
        state,
        phase=ROLL,
        current=seat,
        faces=("",) * len(C.colours),
        rolls=0,
        suns=(),
        used=(),
        advanced=(),
        monuments_placed=0,
        disaster="",
    )


def _dice_rolled(state: RaState, e: ev.DiceRolled) -> RaState:
    faces = list(state.faces)
    for die, face in zip(e.dice, e.faces, strict=True):
        faces[die] = face
    # Rules, Play: at most two rerolls; with every die a Sun there is nothing left to reroll.
    done = e.roll >= C.rolls_per_turn or all(face == SUN for face in faces)
    return replace(state, faces=tuple(faces), rolls=e.roll, phase=APPLY if done else REROLL)


def _suns_locked(state: RaState, e: ev.SunsLocked) -> RaState:
    return replace(state, suns=state.suns + e.dice)


def _rolling_stopped(state: RaState, e: ev.RollingStopped) -> RaState:
    return replace(state, phase=APPLY)


def _advanced(state: RaState, symbol: str, dice: tuple[int, ...]) -> tuple[str, ...]:
    """The symbols advanced with a real die this turn, `symbol` added if one was used now."""
    if symbol in state.advanced or all(state.faces[d] != symbol for d in dice):
        return state.advanced
    return (*state.advanced, symbol)


def _pharaoh_advanced(state: RaState, e: ev.PharaohAdvanced) -> RaState:
    return replace(
        state,
        pharaoh=_set(state.pharaoh, e.seat, e.position),
        used=_used(state, e.dice),
        advanced=_advanced(state, PHARAOH, e.dice),
    )


def _nile_advanced(state: RaState, e: ev.NileAdvanced) -> RaState:
    return replace(
        state,
        nile=_set(state.nile, e.seat, e.position),
        used=_used(state, e.dice),
        advanced=_advanced(state, NILE, e.dice),
    )


def _nile_flooded(state: RaState, e: ev.NileFlooded) -> RaState:
    return replace(state, floods=_set(state.floods, e.seat, e.floods), used=_used(state, e.dice))


def _civilization_placed(state: RaState, e: ev.CivilizationPlaced) -> RaState:
    spaces = list(state.civilization)
    for colour in e.colours:
        i = C.colours.index(colour)
        spaces[i] = (*spaces[i], e.seat)
    return replace(state, civilization=tuple(spaces), used=_used(state, e.dice))


def _monument_placed(state: RaState, e: ev.MonumentPlaced) -> RaState:
    index = cell(C.colours.index(e.colour), e.column)
    return replace(
        state,
        monuments=_set(state.monuments, index, e.seat),
        used=_used(state, e.dice),
        monuments_placed=state.monuments_placed + 1,
    )


def _ankh_pair_scored(state: RaState, e: ev.AnkhPairScored) -> RaState:
    return replace(
        state,
        scores=_set(state.scores, e.seat, state.scores[e.seat] + e.points),
        used=_used(state, e.dice),
    )


def _disaster_declared(state: RaState, e: ev.DisasterDeclared) -> RaState:
    pending = [0] * state.players
    if e.disaster in ("civilization", "monuments"):
        count = civilization_count if e.disaster == "civilization" else monument_count
        for victim in others(state, e.seat):
            pending[victim] = min(C.disaster_markers_removed, count(state, victim))
    phase = DISASTER if any(pending) else state.phase
    return replace(state, disaster=e.disaster, pending=tuple(pending), phase=phase)


def _pharaoh_retreated(state: RaState, e: ev.PharaohRetreated) -> RaState:
    return replace(state, pharaoh=_set(state.pharaoh, e.seat, e.position))


def _flood_retrieved(state: RaState, e: ev.FloodRetrieved) -> RaState:
    return replace(state, floods=_set(state.floods, e.seat, e.floods))


def _nile_retreated(state: RaState, e: ev.NileRetreated) -> RaState:
    return replace(state, nile=_set(state.nile, e.seat, e.position))


def _markers_removed(state: RaState, e: ev.MarkersRemoved) -> RaState:
    if e.area == "civilization":
        spaces = list(state.civilization)
        for space in e.spaces:
            i = C.colours.index(space.colour)
            spaces[i] = tuple(s for s in spaces[i] if s != e.seat)
        state = replace(state, civilization=tuple(spaces))
    else:
        monuments = state.monuments
        for space in e.spaces:
            index = cell(C.colours.index(space.colour), space.column or 0)
            monuments = _set(monuments, index, EMPTY)
        state = replace(state, monuments=monuments)
    pending = _set(state.pending, e.seat, max(0, state.pending[e.seat] - len(e.spaces)))
    phase = APPLY if state.phase == DISASTER and not any(pending) else state.phase
    return replace(state, pending=pending, phase=phase)


def _suns_scored(state: RaState, e: ev.SunsScored) -> RaState:
    return replace(state, scores=_set(state.scores, e.seat, state.scores[e.seat] + e.points))


def _ra_advanced(state: RaState, e: ev.RaAdvanced) -> RaState:
    return replace(state, ra=e.position)


def _turn_ended(state: RaState, e: ev.TurnEnded) -> RaState:
    return _new_turn(state, e.next_seat)


def _epoch_scored(state: RaState, e: ev.EpochScored) -> RaState:
    # Rules, Scoring an Epoch: flood markers and all Civilization markers are retrieved.
    return replace(
        state,
        scores=tuple(s + t for s, t in zip(state.scores, e.totals, strict=True)),
        pharaoh=e.pharaoh_after,
        floods=(0,) * state.players,
        civilization=((),) * len(C.colours),
    )


def _game_ended(state: RaState, e: ev.GameEnded) -> RaState:
    return replace(state, phase=OVER, faces=("",) * len(C.colours), suns=(), used=())


_MUTATORS: dict[type, Callable[[RaState, Any], RaState]] = {
    ev.GameStarted: _game_started,
    ev.EpochStarted: _epoch_started,
    ev.DiceRolled: _dice_rolled,
    ev.SunsLocked: _suns_locked,
    ev.RollingStopped: _rolling_stopped,
    ev.PharaohAdvanced: _pharaoh_advanced,
    ev.NileAdvanced: _nile_advanced,
    ev.NileFlooded: _nile_flooded,
    ev.CivilizationPlaced: _civilization_placed,
    ev.MonumentPlaced: _monument_placed,
    ev.AnkhPairScored: _ankh_pair_scored,
    ev.DisasterDeclared: _disaster_declared,
    ev.PharaohRetreated: _pharaoh_retreated,
    ev.FloodRetrieved: _flood_retrieved,
    ev.NileRetreated: _nile_retreated,
    ev.MarkersRemoved: _markers_removed,
    ev.SunsScored: _suns_scored,
    ev.RaAdvanced: _ra_advanced,
    ev.TurnEnded: _turn_ended,
    ev.EpochScored: _epoch_scored,
    ev.GameEnded: _game_ended,
}


def evolve(state: RaState, event: ev.RaEvent) -> RaState:
    """The state after one event."""
    return _MUTATORS[type(event)](state, event)
