"""view, redact and prompt: Ra has no hidden information, so every seat sees the whole board."""

from __future__ import annotations

import msgspec

from shared.games.prompts import Prompt, phrase
from shared.games.ra import events as ev
from shared.games.ra.components import SUN, C
from shared.games.ra.rules import to_act
from shared.games.ra.state import APPLY, DISASTER, EMPTY, OVER, REROLL, ROLL, RaState, cell


class PlayerView(msgspec.Struct, frozen=True, kw_only=True):
    """One player's score and markers."""

    seat: int
    score: int
    pharaoh: int
    nile: int
    floods: int
    civilization: list[str]
    monuments: int


class DieView(msgspec.Struct, frozen=True, kw_only=True):
    """One die of the current turn: `state` is unrolled, sun, free or used."""

    die: int
    colour: str
    face: str | None
    state: str


class CivilizationSpaceView(msgspec.Struct, frozen=True, kw_only=True):
    """A Civilization colour space: who is on it and how many markers it holds."""

    colour: str
    seats: list[int]
    capacity: int


class MonumentRowView(msgspec.Struct, frozen=True, kw_only=True):
    """A Monument row of one colour: the seat on each column's space (None = empty)."""

    colour: str
    columns: list[int | None]


class SunTrackView(msgspec.Struct, frozen=True, kw_only=True):
    """The Sun track: Ra, its start and last space, and the locked Suns' spaces."""

    ra: int
    start_space: int
    last_space: int
    suns: list[int]
    sun_spaces: list[int | None]


class RaView(msgspec.Struct, frozen=True, kw_only=True):
    """The public board of a Ra table as any seat (or a spectator) sees it."""

    game: str
    seat: int | None
    epoch: int
    epochs: int
    phase: str
    current: int
    to_act: list[int]
    prompt: str
    rerolls_left: int
    disaster: str | None
    must_retrieve: list[int]
    players: list[PlayerView]
    dice: list[DieView]
    sun_track: SunTrackView
    civilization: list[CivilizationSpaceView]
    monuments: list[MonumentRowView]


def _die_state(state: RaState, die: int) -> str:
    face = state.faces[die]
    if not face:
        return "unrolled"
    if face == SUN:
        return "sun"
    return "used" if die in state.used else "free"


def view(state: RaState, seat: int | None) -> RaView:
    """Everything on the table; Ra hides nothing, so the view is the same for every seat."""
    n = state.players
    players = [
        PlayerView(
            seat=s,
            score=state.scores[s],
            pharaoh=state.pharaoh[s],
            nile=state.nile[s],
            floods=state.floods[s],
            civilization=[C.colours[i] for i, seats in enumerate(state.civilization) if s in seats],
            monuments=state.monuments.count(s),
        )
        for s in range(n)
    ]
    dice = [
        DieView(
            die=d,
            colour=C.colours[d],
            face=state.faces[d] or None,
            state=_die_state(state, d),
        )
        for d in range(C.dice)
    ]
    # Rules, Play: Suns go on the spaces in front of Ra, one per space, or beside the track.
    sun_spaces = [
        state.ra + i + 1 if state.ra + i + 1 <= C.last_space else None
        for i in range(len(state.suns))
    ]
    rolling = state.phase in (ROLL, REROLL)
    return RaView(
        game="ra",
        seat=seat,
        epoch=state.epoch,
        epochs=C.epochs,
        phase=state.phase,
        current=state.current,
        to_act=to_act(state),
        prompt=prompt(state, seat) if seat is not None else "",
        rerolls_left=C.rolls_per_turn - max(state.rolls, 1) if rolling else 0,
        disaster=state.disaster or None,
        must_retrieve=list(state.pending),
        players=players,
        dice=dice,
        sun_track=SunTrackView(
            ra=state.ra,
            start_space=C.start_space[n],
            last_space=C.last_space,
            suns=list(state.suns),
            sun_spaces=sun_spaces,
        ),
        civilization=[
            CivilizationSpaceView(colour=c, seats=list(seats), capacity=n - 1)
            for c, seats in zip(C.colours, state.civilization, strict=True)
        ],
        monuments=[
            MonumentRowView(
                colour=c,
                columns=[
                    None if state.monuments[cell(r, k)] == EMPTY else state.monuments[cell(r, k)]
                    for k in range(C.monument_columns)
                ],
            )
            for r, c in enumerate(C.colours)
        ],
    )


def redact(event: ev.RaEvent, seat: int | None) -> ev.RaEvent:
    """Every Ra event is public: returned unchanged."""
    return event


def prompt_code(state: RaState, seat: int | None) -> Prompt:
    """What the seat is asked now, as a code of prompts.toml."""
    if state.phase == OVER:
        return Prompt("over")
    if seat not in to_act(state):
        if state.phase == DISASTER:
            return Prompt("wait_disaster")
        return Prompt("wait_for", {"seat": state.current})
    if state.phase == ROLL:
        return Prompt("roll")
    if state.phase == REROLL:
        return Prompt("reroll")
    if state.phase == DISASTER:
        area = "civilization" if state.disaster == "civilization" else "monument"
        return Prompt(f"retrieve_{area}", {"count": state.pending[seat]})
    if state.phase == APPLY and len(state.suns) >= C.disaster_min_suns and not state.disaster:
        return Prompt("apply_disaster")
    return Prompt("apply")


def prompt(state: RaState, seat: int | None) -> str:
    """A short phrase of what the seat is asked now (English)."""
    return phrase(__package__, prompt_code(state, seat))
