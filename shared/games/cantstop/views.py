"""view, redact and prompt: Can't Stop hides nothing, so every seat sees the whole board."""

from __future__ import annotations

import msgspec

from shared.games.cantstop import events as ev
from shared.games.cantstop.rules import choices, to_act
from shared.games.cantstop.state import C, CantStopState
from shared.games.prompts import Prompt, phrase


class ColumnView(msgspec.Struct, frozen=True, kw_only=True):
    """One column: its top, its winner (None: open), each seat's square and this turn's runner."""

    column: int
    top: int
    owner: int | None
    squares: list[int]
    runner: int | None


class CantStopView(msgspec.Struct, frozen=True, kw_only=True):
    """The board as any seat (or a spectator) sees it."""

    game: str
    seat: int | None
    phase: str
    active: int
    to_act: list[int]
    prompt: str
    target: int
    dice: list[int]
    choices: list[list[int]]
    won: list[int]
    winner: int | None
    columns: list[ColumnView]


def view(state: CantStopState, seat: int | None) -> CantStopView:
    """Everything on the table, the same for every seat."""
    runners = dict(state.runners)
    return CantStopView(
        game="cantstop",
        seat=seat,
        phase=state.phase,
        active=state.active,
        to_act=to_act(state),
        prompt=prompt(state, seat),
        target=state.options.target,
        dice=list(state.dice),
        choices=[list(c) for c in choices(state)] if state.phase == "choose" else [],
        won=[state.won(s) for s in range(state.seats)],
        winner=state.winner,
        columns=[
            ColumnView(
                column=c,
                top=C.top(c),
                owner=None if state.owner(c) < 0 else state.owner(c),
                squares=[state.square(s, c) for s in range(state.seats)],
                runner=runners.get(c),
            )
            for c in C.columns
        ],
    )


def redact(event: ev.CantStopEvent, seat: int | None) -> ev.CantStopEvent:
    """Every Can't Stop event is public."""
    return event


def prompt_code(state: CantStopState, seat: int | None) -> Prompt:
    """What the seat is asked now, as a code of prompts.toml."""
    if state.winner is not None:
        return Prompt("over")
    if seat != state.active:
        return Prompt("wait_for", {"seat": state.active})
    if state.phase == "choose":
        return Prompt("choose")
    return Prompt("roll" if not state.runners else "roll_or_stop")


def prompt(state: CantStopState, seat: int | None) -> str:
    """A short phrase of what the seat is asked now (English)."""
    return phrase(__package__, prompt_code(state, seat))
