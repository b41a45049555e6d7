"""Can't Stop's rules on the game kit: pairings, the must-place rule, bust, stop and win."""

from __future__ import annotations

from shared.games.cantstop import events as ev
from shared.games.cantstop.evolve import evolve
from shared.games.cantstop.state import C, CantStopState
from shared.games.kit import Rules, Step, fail, need, no_check

Sums = tuple[int, ...]
S = Step[CantStopState, ev.CantStopEvent]


def pairings(dice: tuple[int, ...]) -> list[tuple[int, int]]:
    """Rulebook: the (at most 3) distinct ways to split four dice into two pairs, as sums."""
    a, b, c, d = dice
    splits = ((a + b, c + d), (a + c, b + d), (a + d, b + c))
    return sorted({(min(x, y), max(x, y)) for x, y in splits})


def _can_use(state: CantStopState, column: int) -> bool:
    """The column is open, below its top for this seat, and has or can get a runner."""
    runners = dict(state.runners)
    start = runners.get(column, state.square(state.active, column))
    free = C.runners - len(runners) > 0
    return state.owner(column) < 0 and start < C.top(column) and (free or column in runners)


def _pairing_choices(state: CantStopState, a: int, b: int) -> set[Sums]:
    """Rulebook, must rule, inside the chosen pairing: both sums if possible, else either."""
    if a == b:
        return {(a, a)} if _can_use(state, a) else set()
    new = {a, b} - set(dict(state.runners))
    if _can_use(state, a) and _can_use(state, b) and len(new) <= C.runners - len(state.runners):
        return {(a, b)}
    return {(c,) for c in (a, b) if _can_use(state, c)}


def choices(state: CantStopState) -> list[Sums]:
    """Every legal Choose of the current dice (empty: the roll busts)."""
    out: set[Sums] = set()
    for a, b in pairings(state.dice):
        out |= _pairing_choices(state, a, b)
    return sorted(out)


def _up(state: CantStopState, column: int, space: int) -> int:
    """One step up the column (variant A skips other players' squares; a top never holds one)."""
    space = min(space + 1, C.top(column))
    while state.options.opponents == "skip" and state.taken(state.active, column, space):
        space += 1
    return space


def _do_roll(step: S, seat: int, move: ev.Roll) -> None:
    dice = tuple(step.rng.randint(1, C.faces) for _ in range(C.dice))
    step.emit(ev.DiceRolled(seat=seat, dice=dice))
    if not choices(step.state):
        step.emit(ev.Busted(seat=seat, dice=dice, runners=step.state.runners))
        step.emit(ev.TurnBegan(seat=(seat + 1) % step.state.seats))


def _check_choose(state: CantStopState, seat: int, move: ev.Choose) -> None:
    if tuple(sorted(move.sums)) not in choices(state):
        fail("sums_not_allowed", f"the dice do not allow {list(move.sums)}: {choices(state)}")


def _do_choose(step: S, seat: int, move: ev.Choose) -> None:
    state = step.state
    runners = dict(state.runners)
    for column in sorted(move.sums):  # equal sums move the same runner twice
        runners[column] = _up(state, column, runners.get(column, state.square(seat, column)))
    moved = tuple(sorted(runners.items()))
    step.emit(ev.RunnersMoved(seat=seat, sums=tuple(sorted(move.sums)), runners=moved))


def _check_stop(state: CantStopState, seat: int, move: ev.Stop) -> None:
    need(state.runners, "roll_first", "the first roll of a turn is mandatory")
    opts = state.options
    # Seed variant: "darf den eigenen Zug nicht damit beenden, dass er seine dritte Spalte
    # abschließt" (read: a stop that leaves exactly 3 columns).
    held = state.won(seat) + sum(space == C.top(c) for c, space in state.runners)
    if opts.target == 4 and opts.no_third_stop and held == 3:
        fail("third_column_stop", "you may not end your turn holding exactly 3 columns")
    if opts.opponents == "reroll" and any(state.taken(seat, c, s) for c, s in state.runners):
        fail("runner_on_opponent", "a runner stands on another player's square: roll again")


def _do_stop(step: S, seat: int, move: ev.Stop) -> None:
    runners = step.state.runners
    won = tuple(c for c, space in runners if space == C.top(c))
    step.emit(ev.Stopped(seat=seat, squares=runners, won=won))
    if step.state.won(seat) >= step.state.options.target:
        step.emit(ev.GameWon(seat=seat))
    else:
        step.emit(ev.TurnBegan(seat=(seat + 1) % step.state.seats))


def _candidates(state: CantStopState, seat: int) -> list[ev.CantStopMove]:
    if state.phase == "choose":
        return [ev.Choose(sums=s) for s in choices(state)]
    return [ev.Roll(), ev.Stop()]


RULES: Rules[CantStopState, ev.CantStopMove, ev.CantStopEvent] = Rules(
    evolve=evolve,
    phase=lambda s: s.phase,
    over=lambda s: s.winner is not None,
    to_act=lambda s: [s.active],
    handlers={
        "roll": {ev.Roll: (no_check, _do_roll), ev.Stop: (_check_stop, _do_stop)},
        "choose": {ev.Choose: (_check_choose, _do_choose)},
    },
    candidates=_candidates,
)
decide, legal_moves, to_act = RULES.decide, RULES.legal_moves, RULES.to_act
random_move = RULES.random_move  # a bot playout's step (BotHooks.random_move)
