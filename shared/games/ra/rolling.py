"""Rules, Play: the roll and up to two rerolls; Suns lock onto the Sun track."""

from __future__ import annotations

from shared.games.ra import events as ev
from shared.games.ra.checks import take_dice
from shared.games.ra.components import SUN, C
from shared.games.ra.moves import RerollDice, RollDice, StopRolling
from shared.games.ra.state import RaState
from shared.games.rng import Rng


def _roll(state: RaState, seat: int, dice: tuple[int, ...], rng: Rng) -> list[ev.RaEvent]:
    """Roll the dice; every face is recorded, new Suns are locked in die order."""
    faces = tuple(C.faces[rng.randint(0, len(C.faces) - 1)] for _ in dice)
    out: list[ev.RaEvent] = [ev.DiceRolled(seat=seat, roll=state.rolls + 1, dice=dice, faces=faces)]
    suns = tuple(die for die, face in zip(dice, faces, strict=True) if face == SUN)
    if suns:
        # Rules, Play: one die per space right in front of Ra; "If he runs out of spaces on
        # the Ra track, he places them at the end" (None: beside the track).
        first = state.ra + len(state.suns) + 1
        spaces = tuple(
            space if space <= C.last_space else None for space in range(first, first + len(suns))
        )
        total = len(state.suns) + len(suns)
        out.append(ev.SunsLocked(seat=seat, dice=suns, spaces=spaces, suns=total))
    return out


def roll_dice(state: RaState, seat: int, move: RollDice, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Play: "On a player's turn, he rolls all five dice"."""
    return _roll(state, seat, tuple(range(C.dice)), rng)


def reroll_dice(state: RaState, seat: int, move: RerollDice, rng: Rng) -> list[ev.RaEvent]:
    """Rules, Play: "He may then reroll any of the remaining dice" (twice at most)."""
    allowed = set(C.faces) - {SUN}
    take_dice(state, tuple(move.dice), allowed)
    return _roll(state, seat, tuple(sorted(move.dice)), rng)


def stop_rolling(state: RaState, seat: int, move: StopRolling, rng: Rng) -> list[ev.RaEvent]:
    """Rerolling is optional: keep the dice and apply them."""
    return [ev.RollingStopped(seat=seat)]
