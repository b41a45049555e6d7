"""legal_moves: every move a seat may make now, kept small by one-marker-at-a-time choices."""

from __future__ import annotations

from itertools import combinations

from shared.games.ra import moves as mv
from shared.games.ra.components import (
    ANKH,
    CIVILIZATION,
    MONUMENT,
    NILE,
    PHARAOH,
    C,
)
from shared.games.ra.disaster import own_markers
from shared.games.ra.rules import to_act
from shared.games.ra.state import (
    APPLY,
    DISASTER,
    EMPTY,
    REROLL,
    ROLL,
    RaState,
    cell,
    free_dice,
    has_monument_in_column,
)


def _subsets(dice: list[int], sizes: range) -> list[tuple[int, ...]]:
    return [combo for size in sizes for combo in combinations(dice, size)]


def legal_moves(state: RaState, seat: int) -> list[mv.RaMove]:
    """Every legal move of the seat (empty when it need not act)."""
    if seat not in to_act(state):
        return []
    if state.phase == ROLL:
        return [mv.RollDice()]
    if state.phase == REROLL:
        free = free_dice(state)
        rerolls: list[mv.RaMove] = [
            mv.RerollDice(dice=dice) for dice in _subsets(free, range(1, len(free) + 1))
        ]
        return [*rerolls, mv.StopRolling()]
    if state.phase == DISASTER:
        return [
            mv.RetrieveMarker(colour=space.colour, column=space.column)
            for space in own_markers(state, seat, state.disaster)
        ]
    if state.phase == APPLY:
        return _apply_moves(state, seat)
    return []


def _apply_moves(state: RaState, seat: int) -> list[mv.RaMove]:
    free = free_dice(state)
    faces = state.faces
    out: list[mv.RaMove] = []
    pharaoh = [d for d in free if faces[d] in (PHARAOH, ANKH)]
    room = C.pharaoh_end - state.pharaoh[seat]
    for dice in _subsets(pharaoh, range(1, min(room, len(pharaoh)) + 1)):
        if PHARAOH in state.advanced or any(faces[d] == PHARAOH for d in dice):
            out.append(mv.AdvancePharaoh(dice=dice))
    nile = [d for d in free if faces[d] in (NILE, ANKH)]
    room = C.nile_end - state.nile[seat]
    for dice in _subsets(nile, range(1, min(room, len(nile)) + 1)):
        if NILE in state.advanced or any(faces[d] == NILE for d in dice):
            out.append(mv.AdvanceNile(dice=dice))
    for dice in combinations(nile, C.flood_dice):
        if any(faces[d] == NILE for d in dice):
            out.append(mv.FloodNile(dice=dice))
    out.extend(_civilization_moves(state, seat, free))
    out.extend(_monument_moves(state, seat, free))
    ankhs = [d for d in free if faces[d] == ANKH]
    out.extend(mv.ScoreAnkhPair(dice=pair) for pair in combinations(ankhs, 2))
    if len(state.suns) >= C.disaster_min_suns and not state.disaster:
        out.extend(mv.DeclareDisaster(disaster=kind) for kind in mv.DISASTERS)
    out.append(mv.EndTurn())
    return out


def _civilization_moves(state: RaState, seat: int, free: list[int]) -> list[mv.RaMove]:
    faces = state.faces
    dice = [d for d in free if faces[d] in (CIVILIZATION, ANKH)]
    open_colours = {
        colour
        for colour, seats in zip(C.colours, state.civilization, strict=True)
        if seat not in seats and len(seats) < state.players - 1
    }
    out: list[mv.RaMove] = []
    for used in _subsets(dice, range(C.civilization_min_dice, len(dice) + 1)):
        real = [C.colours[d] for d in used if faces[d] == CIVILIZATION]
        colours = [c for c in real if c in open_colours]
        markers = len(used) - (C.civilization_min_dice - 1)
        out.extend(
            mv.PlaceCivilization(dice=used, colours=chosen)
            for chosen in combinations(colours, markers)
        )
    return out


def _monument_moves(state: RaState, seat: int, free: list[int]) -> list[mv.RaMove]:
    faces = state.faces
    real = [d for d in free if faces[d] == MONUMENT]
    out: list[mv.RaMove] = []
    if state.monuments_placed == 0:
        for die in real:
            for column in range(C.monument_columns):
                if state.monuments[cell(die, column)] == EMPTY:
                    out.append(mv.PlaceMonument(die=die, column=column))
        return out
    extras = [d for d in free if faces[d] in (MONUMENT, ANKH)]
    columns = [c for c in range(C.monument_columns) if not has_monument_in_column(state, seat, c)]
    for die in real:
        for column in columns:
            if state.monuments[cell(die, column)] != EMPTY:
                continue
            for extra in extras:
                if extra != die:
                    out.append(mv.PlaceMonument(die=die, column=column, extra_die=extra))
    return out
