"""Rules, Disaster: four or five Suns let the player hit all other players in one area."""

from __future__ import annotations

from shared.games.kit import fail
from shared.games.ra import events as ev
from shared.games.ra.checks import colour_index, column_index
from shared.games.ra.components import C
from shared.games.ra.evolve import evolve
from shared.games.ra.moves import DISASTERS, DeclareDisaster, RetrieveMarker
from shared.games.ra.state import RaState, cell, others
from shared.games.rng import Rng


def own_markers(state: RaState, seat: int, area: str) -> tuple[ev.Space, ...]:
    """The seat's markers in the Civilization or Monument area, in board order."""
    if area == "civilization":
        return tuple(
            ev.Space(colour=colour)
            for colour, seats in zip(C.colours, state.civilization, strict=True)
            if seat in seats
        )
    return tuple(
        ev.Space(colour=colour, column=column)
        for row, colour in enumerate(C.colours)
        for column in range(C.monument_columns)
        if state.monuments[cell(row, column)] == seat
    )


def forced_removal(state: RaState, seat: int) -> ev.MarkersRemoved | None:
    """The removal a victim cannot choose: all their markers when they must retrieve as many."""
    left = state.pending[seat]
    markers = own_markers(state, seat, state.disaster)
    if left and len(markers) <= left:
        return ev.MarkersRemoved(seat=seat, area=state.disaster, spaces=markers, chosen=False)
    return None


def declare_disaster(
    state: RaState, seat: int, move: DeclareDisaster, rng: Rng
) -> list[ev.RaEvent]:
    """Rules, Ra: with four or five Suns (instead of moving Ra) the player may declare one."""
    if len(state.suns) < C.disaster_min_suns:
        fail("disaster_needs_four_suns", "a disaster needs four or five Suns")
    if state.disaster:
        fail("disaster_already_declared", "only one disaster per turn")
    if move.disaster not in DISASTERS:
        fail("unknown_disaster", f"there is no disaster {move.disaster!r}")
    out: list[ev.RaEvent] = [ev.DisasterDeclared(seat=seat, disaster=move.disaster)]
    after = evolve(state, out[0])
    for victim in others(state, seat):
        out.extend(_strike(after, victim, move.disaster))
    return out


def _strike(state: RaState, victim: int, disaster: str) -> list[ev.RaEvent]:
    """What the disaster does to one other player (choices are left to the victim)."""
    if disaster == "pharaoh":
        # "All other players must retreat two spaces on the Pharaoh track - not below 0."
        spaces = min(C.pharaoh_disaster_retreat, state.pharaoh[victim])
        if not spaces:
            return []
        position = state.pharaoh[victim] - spaces
        return [ev.PharaohRetreated(seat=victim, spaces=spaces, position=position)]
    if disaster == "nile":
        # English rules (the German copy repeats the Nile scoring text, see docs/games/ra.md):
        # retrieve one flood marker; players with only one marker retreat two spaces.
        if state.floods[victim]:
            return [ev.FloodRetrieved(seat=victim, floods=state.floods[victim] - 1)]
        spaces = min(C.nile_disaster_retreat, state.nile[victim])
        if not spaces:
            return []
        return [ev.NileRetreated(seat=victim, spaces=spaces, position=state.nile[victim] - spaces)]
    # Civilization / Monuments: retrieve two markers of their choice, or all if fewer.
    forced = forced_removal(state, victim)
    return [forced] if forced else []


def retrieve_marker(state: RaState, seat: int, move: RetrieveMarker, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Disaster: a victim retrieves one own marker of their choice."""
    colour = colour_index(move.colour)
    if state.disaster == "civilization":
        if move.column is not None or seat not in state.civilization[colour]:
            fail("no_marker_there", "you have no Civilization marker there")
    else:
        column = column_index(move.column)
        if state.monuments[cell(colour, column)] != seat:
            fail("no_marker_there", "you have no Monument marker there")
    space = ev.Space(colour=move.colour, column=move.column)
    out: list[ev.RaEvent] = [
        ev.MarkersRemoved(seat=seat, area=state.disaster, spaces=(space,), chosen=True)
    ]
    forced = forced_removal(evolve(state, out[0]), seat)
    if forced:
        out.append(forced)
    return out
