"""The game kit: the three pieces every rules engine here is built from.

- `Step`: decide's working copy. Each event is recorded and folded at once (with the game's
  own `evolve`), so the rules always read the state the events so far lead to.
- `fail` / `need`: the one way to reject a move: `IllegalMove` with a stable rule code.
- `Rules`: the phase x move-type -> (check, do) table and the contract functions built on
  it: `decide`, `is_legal`, `legal_moves` (the checks run over candidate moves) and `to_act`.
  A check reads the state and raises; a do emits the events (it may check again on the
  way, for what only the working state shows).

How a game uses it (a shortened Can't Stop)::

    def check_stop(state: S, seat: int, move: Stop) -> None:
        need(bool(state.runners), "nothing_to_keep", "place a runner first")

    def do_stop(step: Step[S, E], seat: int, move: Stop) -> None:
        step.emit(TurnStopped(seat=seat))
        step.emit(TurnBegan(seat=step.state.next_seat()))

    def do_roll(step: Step[S, E], seat: int, move: Roll) -> None:
        step.emit(DiceRolled(seat=seat, dice=[step.rng.randint(1, 6) for _ in range(4)]))

    RULES: Rules[S, Move, E] = Rules(
        evolve=evolve,
        phase=lambda s: s.phase,          # the key into `handlers`
        over=lambda s: s.winner is not None,
        to_act=lambda s: [] if s.winner is not None else [s.active],
        handlers={
            "roll": {Roll: (no_check, do_roll), Stop: (check_stop, do_stop)},
            "pair": {Pair: (check_pair, do_pair)},
        },
        candidates=lambda s, seat: [Roll(), Stop(), *pairings(s)],
    )
    decide, legal_moves, to_act = RULES.decide, RULES.legal_moves, RULES.to_act
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, NoReturn, TypeVar

from shared.contracts.errors import IllegalMove
from shared.games.rng import Rng

__all__ = ["Check", "Do", "IllegalMove", "Rules", "Step", "fail", "need", "no_check"]

S = TypeVar("S")
M = TypeVar("M")
E = TypeVar("E")


def fail(code: str, message: str) -> NoReturn:
    """Reject the move: raise IllegalMove with the rule code `code`."""
    raise IllegalMove(message, code=code)


def need(condition: object, code: str, message: str) -> None:
    """Reject the move with that rule code unless the condition holds."""
    if not condition:
        raise IllegalMove(message, code=code)


class Step(Generic[S, E]):
    """The events of one decision (or setup) so far and the state they lead to."""

    __slots__ = ("_evolve", "_rng", "events", "state")

    def __init__(self, state: S, evolve: Callable[[S, E], S], rng: Rng | None = None) -> None:
        self.state = state
        self.events: list[E] = []
        self._evolve = evolve
        self._rng = rng

    def emit(self, event: E) -> None:
        """Record an event and fold it into the working state."""
        self.events.append(event)
        self.state = self._evolve(self.state, event)

    @property
    def rng(self) -> Rng:
        """The decision's randomness (only a Step made with one has it)."""
        if self._rng is None:
            raise RuntimeError("this step was made without an Rng")
        return self._rng


Check = Callable[[S, int, Any], None]
Do = Callable[[Step[S, E], int, Any], None]


def no_check(state: object, seat: int, move: object) -> None:
    """The check of a move whose do validates as it goes (is_legal then trusts it)."""


def _misfit(phase: str, move: object) -> IllegalMove:
    return IllegalMove(
        f"{type(move).__name__} is not possible now ({phase})", code="move_not_expected_now"
    )


class Rules(Generic[S, M, E]):
    """A game's dispatch: per phase, the move types allowed and their (check, do) pair.

    `phase(state)` names the row of `handlers` (a phase without a row allows nothing);
    `over(state)` ends the game (`game_over`); a seat not in `to_act(state)` gets
    `not_your_turn`; a move type the phase does not list gets `misfit(phase, move)`
    (default code `move_not_expected_now`). `candidates(state, seat)` proposes moves for
    `legal_moves`, which keeps those whose check passes: a candidate list that covers every
    legal move makes `legal_moves` and `decide` agree by construction. A game whose checks
    run inside its do functions (`no_check`) generates its legal moves itself and passes no
    candidates.
    """

    __slots__ = ("_candidates", "_evolve", "_misfit", "_over", "_phase", "_to_act", "handlers")

    def __init__(
        self,
        *,
        evolve: Callable[[S, E], S],
        phase: Callable[[S], str],
        over: Callable[[S], bool],
        to_act: Callable[[S], Sequence[int]],
        handlers: Mapping[str, Mapping[type, tuple[Check[S], Do[S, E]]]],
        candidates: Callable[[S, int], Iterable[M]] | None = None,
        misfit: Callable[[str, M], IllegalMove] = _misfit,
    ) -> None:
        self.handlers = handlers
        self._evolve = evolve
        self._phase = phase
        self._over = over
        self._to_act = to_act
        self._candidates = candidates
        self._misfit = misfit

    def to_act(self, state: S) -> list[int]:
        """The seats that must decide now (none once the game is over)."""
        return [] if self._over(state) else list(self._to_act(state))

    def handler(self, state: S, seat: int, move: M) -> tuple[Check[S], Do[S, E]]:
        """The (check, do) pair for the move now; raises IllegalMove when none applies."""
        if self._over(state):
            fail("game_over", "the game is over")
        if seat not in self._to_act(state):
            fail("not_your_turn", "it is not your turn")
        phase = self._phase(state)
        pair = self.handlers.get(phase, {}).get(type(move))
        if pair is None:
            raise self._misfit(phase, move)
        return pair

    def decide(self, state: S, seat: int, move: M, rng: Rng) -> list[E]:
        """The events a legal move causes, up to the next decision; raises IllegalMove."""
        check, do = self.handler(state, seat, move)
        check(state, seat, move)
        step: Step[S, E] = Step(state, self._evolve, rng)
        do(step, seat, move)
        return step.events

    def is_legal(self, state: S, seat: int, move: M) -> bool:
        """The move passes decide's checks."""
        try:
            check, _ = self.handler(state, seat, move)
            check(state, seat, move)
        except IllegalMove:
            return False
        return True

    def random_move(self, state: S, seat: int, rng: Rng) -> M | None:
        """One of `legal_moves`, each as likely (None if there is none), found by checking
        candidates drawn at random until one passes: a bot's random playout needs one legal
        move, not the list of all."""
        if self._candidates is None:
            raise NotImplementedError("this game generates its legal moves itself")
        if seat not in self.to_act(state):
            return None
        pairs = self.handlers.get(self._phase(state), {})
        left = list(self._candidates(state, seat))
        while left:  # draw without replacement: swap the drawn one to the end, drop it
            i = rng.randint(0, len(left) - 1)
            move = left[i]
            left[i] = left[-1]
            left.pop()
            pair = pairs.get(type(move))
            if pair is None:
                continue
            try:
                pair[0](state, seat, move)
            except IllegalMove:
                continue
            return move
        return None

    def legal_moves(self, state: S, seat: int) -> list[M]:
        """Every candidate move the seat may make now."""
        if self._candidates is None:
            raise NotImplementedError("this game generates its legal moves itself")
        if seat not in self.to_act(state):
            return []
        # `is_legal` of each candidate, with what `handler` asks of the state (over, to act,
        # phase) asked once: the bots' searches spend most of their time here.
        pairs = self.handlers.get(self._phase(state), {})
        legal = []
        for move in self._candidates(state, seat):
            pair = pairs.get(type(move))
            if pair is None:
                continue
            try:
                pair[0](state, seat, move)
            except IllegalMove:
                continue
            legal.append(move)
        return legal
