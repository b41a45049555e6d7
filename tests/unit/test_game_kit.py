"""The game kit on a toy game: a race to 10 where each seat rolls, then takes or skips."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace

import pytest

from shared.bots.knowledge import apply
from shared.contracts.errors import IllegalMove
from shared.games.kit import Rules, Step, fail, need, no_check
from shared.games.registry import get_game
from shared.games.rng import Rng


@dataclass(frozen=True)
class Toy:
    active: int = 0
    phase: str = "roll"
    rolled: int = 0
    totals: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class Take:
    amount: int


@dataclass(frozen=True)
class Rolled:
    value: int


@dataclass(frozen=True)
class Took:
    seat: int
    amount: int


def evolve(state: Toy, event: object) -> Toy:
    if isinstance(event, Rolled):
        return replace(state, phase="take", rolled=event.value)
    assert isinstance(event, Took)
    totals = list(state.totals)
    totals[event.seat] += event.amount
    return replace(state, phase="roll", rolled=0, active=1 - state.active, totals=tuple(totals))


def do_roll(step: Step[Toy, object], seat: int, move: Roll) -> None:
    step.emit(Rolled(value=step.rng.randint(1, 3)))


def check_take(state: Toy, seat: int, move: Take) -> None:
    need(0 <= move.amount <= state.rolled, "too_much", "take at most what you rolled")


def do_take(step: Step[Toy, object], seat: int, move: Take) -> None:
    step.emit(Took(seat=seat, amount=move.amount))


RULES: Rules[Toy, object, object] = Rules(
    evolve=evolve,
    phase=lambda s: s.phase,
    over=lambda s: max(s.totals) >= 10,
    to_act=lambda s: [s.active],
    handlers={
        "roll": {Roll: (no_check, do_roll)},
        "take": {Take: (check_take, do_take)},
    },
    candidates=lambda s, seat: [Roll(), *(Take(amount=n) for n in range(4))],
)


def _code(state: Toy, seat: int, move: object) -> str:
    with pytest.raises(IllegalMove) as info:
        RULES.decide(state, seat, move, Rng(1))
    return info.value.code


def test_step_folds_each_event_at_once() -> None:
    seen: list[int] = []

    def counting(state: int, event: int) -> int:
        seen.append(state)
        return state + event

    step: Step[int, int] = Step(0, counting)
    step.emit(2)
    step.emit(3)
    assert step.state == 5 and step.events == [2, 3] and seen == [0, 2]
    with pytest.raises(RuntimeError):
        _ = step.rng


def test_fail_and_need_raise_with_the_rule_code() -> None:
    with pytest.raises(IllegalMove) as info:
        fail("no_such_column", "column 14 does not exist")
    assert info.value.code == "no_such_column" and info.value.message.startswith("column 14")
    need(True, "x", "never raised")
    with pytest.raises(IllegalMove) as info:
        need(0, "empty", "nothing")
    assert info.value.code == "empty"


def test_decide_runs_the_check_then_the_do_with_the_rng() -> None:
    events = RULES.decide(Toy(), 0, Roll(), Rng(7))
    assert len(events) == 1 and isinstance(events[0], Rolled)
    assert events[0].value == Rng(7).randint(1, 3)
    state = evolve(Toy(), events[0])
    assert RULES.decide(state, 0, Take(amount=state.rolled), Rng(1)) == [
        Took(seat=0, amount=state.rolled)
    ]


def test_rejections_carry_their_codes_in_order() -> None:
    assert _code(Toy(totals=(10, 0)), 0, Roll()) == "game_over"
    assert _code(Toy(), 1, Roll()) == "not_your_turn"
    assert _code(Toy(), 0, Take(amount=0)) == "move_not_expected_now"
    assert _code(Toy(phase="take", rolled=2), 0, Take(amount=3)) == "too_much"
    assert _code(Toy(phase="nowhere"), 0, Roll()) == "move_not_expected_now"


def test_a_custom_misfit_names_the_phase_code() -> None:
    rules: Rules[Toy, object, object] = Rules(
        evolve=evolve,
        phase=lambda s: s.phase,
        over=lambda s: False,
        to_act=lambda s: [s.active],
        handlers=RULES.handlers,
        candidates=lambda s, seat: [],
        misfit=lambda phase, move: IllegalMove("wait", code=f"{phase}_pending"),
    )
    with pytest.raises(IllegalMove) as info:
        rules.decide(Toy(), 0, Take(amount=1), Rng(1))
    assert info.value.code == "roll_pending"


def test_legal_moves_are_the_candidates_that_pass_the_checks() -> None:
    state = Toy(phase="take", rolled=2)
    assert RULES.legal_moves(state, 0) == [Take(amount=0), Take(amount=1), Take(amount=2)]
    assert RULES.legal_moves(state, 1) == []
    assert RULES.legal_moves(Toy(), 0) == [Roll()]
    assert RULES.legal_moves(Toy(totals=(3, 11)), 0) == []
    assert RULES.is_legal(state, 0, Take(amount=2)) and not RULES.is_legal(state, 0, Roll())


def test_to_act_is_empty_once_over() -> None:
    assert RULES.to_act(Toy(active=1)) == [1]
    assert RULES.to_act(Toy(totals=(0, 12))) == []


def test_a_failed_do_changes_nothing() -> None:
    def do_bad(step: Step[Toy, object], seat: int, move: Roll) -> None:
        step.emit(Rolled(value=1))
        fail("late_check", "found out after the first event")

    rules: Rules[Toy, object, object] = Rules(
        evolve=evolve,
        phase=lambda s: s.phase,
        over=lambda s: False,
        to_act=lambda s: [0],
        handlers={"roll": {Roll: (no_check, do_bad)}},
        candidates=lambda s, seat: [Roll()],
    )
    state = Toy()
    with pytest.raises(IllegalMove):
        rules.decide(state, 0, Roll(), Rng(1))
    assert state == Toy()


def test_without_candidates_legal_moves_is_the_games_own_job() -> None:
    rules: Rules[Toy, object, object] = Rules(
        evolve=evolve,
        phase=lambda s: s.phase,
        over=lambda s: False,
        to_act=lambda s: [0],
        handlers=RULES.handlers,
    )
    assert rules.decide(Toy(), 0, Roll(), Rng(3))
    with pytest.raises(NotImplementedError):
        rules.legal_moves(Toy(), 0)


@pytest.mark.parametrize(
    "module",
    [
        "cantstop.rules",
        "egizia.decide",
        "herazeus.rules",
        "istanbul.rules",
    ],  # Ra and Sobek list their legal moves themselves
)
def test_legal_moves_equal_the_candidates_is_legal_accepts_in_real_games(module: str) -> None:
    """`legal_moves` asks the state once per call, not per candidate: along a random game
    of each game built on the kit it still answers exactly what `is_legal` accepts."""
    rules = importlib.import_module(f"shared.games.{module}")
    kit = next(v for v in vars(rules).values() if isinstance(v, Rules))
    assert kit._candidates is not None
    spec = get_game(module.split(".")[0])
    seats = max(2, spec.min_players)
    options = spec.convert_options({})
    rng = Rng(f"kit-legal/{module}")
    state = spec.fold(seats, options, spec.setup(seats, options, rng))
    checked = 0
    while checked < 300 and spec.result(state) is None and (due := spec.to_act(state)):
        legal = kit.legal_moves(state, due[0])
        assert legal == [
            m for m in kit._candidates(state, due[0]) if kit.is_legal(state, due[0], m)
        ]
        if not legal:
            break
        state = apply(spec, state, due[0], rng.choice(legal), rng)
        checked += 1
    assert checked > 20


def test_random_move_draws_each_legal_move_alike() -> None:
    """A playout's draw: only legal moves, each about as often (here 3 of 5 candidates)."""

    def odd(state: Toy, seat: int, move: Take) -> None:
        need(move.amount % 2 == 1, "odd", "odd amounts only")

    rules = Rules(
        evolve=lambda s, e: s, phase=lambda s: "p", over=lambda s: False,
        to_act=lambda s: [0], handlers={"p": {Take: (odd, no_check)}},
        candidates=lambda s, seat: [Take(amount=a) for a in range(1, 6)],
    )  # fmt: skip
    rng = Rng("draws")
    counts: dict[int, int] = {}
    for _ in range(3000):
        move = rules.random_move(Toy(), 0, rng)
        assert move is not None
        counts[move.amount] = counts.get(move.amount, 0) + 1
    assert set(counts) == {1, 3, 5}
    assert all(850 < n < 1150 for n in counts.values()), counts
    assert rules.random_move(Toy(), 1, rng) is None  # not that seat's turn
