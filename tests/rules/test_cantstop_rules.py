"""Can't Stop rules: the rulebook's examples with exact dice, pairings, tops, stops, options."""

from __future__ import annotations

import msgspec
import pytest
from msgspec.structs import replace

from shared.contracts.errors import IllegalMove
from shared.games.cantstop import GAME, setup
from shared.games.cantstop import events as ev
from shared.games.cantstop.rules import choices, pairings
from shared.games.cantstop.state import C, CantStopOptions, CantStopState
from shared.games.registry import get_game
from shared.games.rng import Rng
from tests.gamekit import apply, rejects, start


def _state(seats: int = 2, options: dict | None = None, **changes: object) -> CantStopState:
    state, _ = start(GAME, seats, options or {}, seed=0)
    state = replace(state, active=0)
    if "squares" in changes:  # {seat: {column: space}}
        rows = [list(row) for row in state.squares]
        for seat, spaces in changes.pop("squares").items():  # type: ignore[attr-defined]
            for column, space in spaces.items():
                rows[seat][column - 2] = space
        changes["squares"] = tuple(map(tuple, rows))
    if "owners" in changes:  # {column: seat}
        owners = list(state.owners)
        for column, seat in changes.pop("owners").items():  # type: ignore[attr-defined]
            owners[column - 2] = seat
        changes["owners"] = tuple(owners)
    return replace(state, **changes)


def _rolled(dice: tuple[int, ...], **changes: object) -> CantStopState:
    return _state(phase="choose", dice=dice, **changes)


def test_registered_with_the_data_file_numbers() -> None:
    assert get_game("cantstop") is GAME
    assert [C.top(c) for c in C.columns] == [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3]
    assert (GAME.min_players, GAME.max_players, C.runners) == (2, 4, 3)
    assert C.most_seats == {"3": 4, "4": 3, "5": 2} and CantStopOptions().target == 3


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((1, 5, 4, 6), [(5, 11), (6, 10), (7, 9)]),  # rulebook: three pairings
        ((2, 2, 3, 4), [(4, 7), (5, 6)]),  # one double: two pairings
        ((2, 2, 5, 5), [(4, 10), (7, 7)]),  # two doubles
        ((3, 3, 3, 5), [(6, 8)]),  # three of a kind: one pairing
        ((4, 4, 4, 4), [(8, 8)]),  # four of a kind: equal sums only
        ((6, 1, 1, 6), [(2, 12), (7, 7)]),
    ],
)
def test_dice_to_pairings(dice: tuple[int, ...], expected: list[tuple[int, int]]) -> None:
    assert pairings(dice) == expected


def test_rulebook_1546_offers_its_three_pairings() -> None:
    assert choices(_rolled((1, 5, 4, 6))) == [(5, 11), (6, 10), (7, 9)]


def test_rulebook_one_runner_left_goes_on_either_sum() -> None:
    state = _rolled((3, 3, 4, 4), runners=((3, 1), (4, 1)))  # pairings 6+8 and 7+7
    assert choices(state) == [(6,), (7, 7), (8,)]
    assert rejects(GAME, state, 0, ev.Choose(sums=(6, 8))) == "sums_not_allowed"
    _, events = apply(GAME, state, 0, ev.Choose(sums=(8,)))
    assert events == [ev.RunnersMoved(seat=0, sums=(8,), runners=((3, 1), (4, 1), (8, 1)))]


def test_rulebook_runners_on_3_and_6_with_2455_must_also_place_on_10() -> None:
    state = _rolled((2, 4, 5, 5), runners=((3, 2), (6, 1)))
    assert choices(state) == [(6, 10), (7,), (9,)]
    assert rejects(GAME, state, 0, ev.Choose(sums=(6,))) == "sums_not_allowed"
    _, events = apply(GAME, state, 0, ev.Choose(sums=(10, 6)))
    assert events[0].runners == ((3, 2), (6, 2), (10, 1))


def _roll_with(state: CantStopState, dice: tuple[int, ...]) -> list:
    """Roll, with a seed found to give exactly these dice."""
    for seed in range(100_000):
        rng = Rng(seed)
        if tuple(rng.randint(1, 6) for _ in range(4)) == dice:
            return list(GAME.decide(state, 0, ev.Roll(), Rng(seed)))
    raise AssertionError("no seed gives those dice")


def test_rulebook_bust_with_a_runner_at_a_top_does_not_win_that_column() -> None:
    state = _state(runners=((2, 3), (5, 1), (9, 4)))  # column 2's top is 3
    events = _roll_with(state, (1, 1, 1, 1))  # 2+2: only column 2, whose runner is at the top
    assert events[1:] == [
        ev.Busted(seat=0, dice=(1, 1, 1, 1), runners=((2, 3), (5, 1), (9, 4))),
        ev.TurnBegan(seat=1),
    ]
    after = GAME.fold(2, CantStopOptions(), [ev.GameStarted(seats=2, first=0)])
    for event in events:
        state = GAME.evolve(state, event)
    assert state.owner(2) == -1 and state.square(0, 2) == 0 and state.runners == ()
    assert state.squares == after.squares


def test_rulebook_bust_with_free_runners_but_only_closed_columns() -> None:
    state = _state(owners={6: 1, 8: 1}, squares={1: {6: 11, 8: 11}})
    events = _roll_with(state, (3, 3, 3, 5))  # 6+8 only, both won by seat 1
    assert isinstance(events[1], ev.Busted) and events[1].runners == ()


def test_equal_sums_move_a_new_runner_two_spaces_from_the_own_square() -> None:
    state = _rolled((3, 4, 4, 3), squares={0: {7: 5}})
    _, events = apply(GAME, state, 0, ev.Choose(sums=(7, 7)))
    assert events[0].runners == ((7, 7),)


def test_equal_sums_with_one_space_left_take_one_step() -> None:
    state = _rolled((6, 6, 6, 6), squares={0: {12: 2}})
    assert choices(state) == [(12, 12)]
    _, events = apply(GAME, state, 0, ev.Choose(sums=(12, 12)))
    assert events[0].runners == ((12, 3),)
    top = _rolled((6, 6, 6, 6), runners=((12, 3),))
    assert choices(top) == []


def test_a_runner_may_share_a_space_with_another_players_square() -> None:
    state = _rolled((1, 1, 3, 4), squares={1: {2: 1}})
    _, events = apply(GAME, state, 0, ev.Choose(sums=(2, 7)))
    assert events[0].runners == ((2, 1), (7, 1))


def test_stop_places_squares_wins_columns_and_removes_the_others() -> None:
    state = _state(runners=((4, 7), (7, 3)), squares={0: {7: 1}, 1: {4: 6, 7: 8}})
    state, events = apply(GAME, state, 0, ev.Stop())
    assert events == [
        ev.Stopped(seat=0, squares=((4, 7), (7, 3)), won=(4,)),
        ev.TurnBegan(seat=1),
    ]
    assert state.owner(4) == 0 and state.square(1, 4) == 0 and state.square(1, 7) == 8
    assert state.square(0, 7) == 3 and state.runners == () and state.active == 1


def test_a_won_column_is_closed_to_everyone_the_winner_included() -> None:
    state = _rolled((3, 4, 1, 1), owners={7: 0}, squares={0: {7: 13}})
    assert choices(state) == [(2,), (4, 5)]  # 7+2 keeps only the 2; 4+5 is untouched
    other = replace(state, active=1)
    assert all(7 not in sums for sums in choices(other))


def test_the_third_column_wins_at_once() -> None:
    state = _state(owners={2: 0, 12: 0}, runners=((3, 5),))
    state, events = apply(GAME, state, 0, ev.Stop())
    assert events[-1] == ev.GameWon(seat=0)
    assert GAME.to_act(state) == [] and GAME.result(state).winners == [0]
    assert rejects(GAME, state, 0, ev.Roll()) == "game_over"


def test_the_first_roll_is_mandatory_and_moves_fit_their_phase() -> None:
    state = _state()
    assert rejects(GAME, state, 0, ev.Stop()) == "roll_first"
    assert rejects(GAME, state, 1, ev.Roll()) == "not_your_turn"
    assert rejects(GAME, state, 0, ev.Choose(sums=(7,))) == "move_not_expected_now"
    rolled = _rolled((1, 2, 3, 4))
    assert rejects(GAME, rolled, 0, ev.Roll()) == "move_not_expected_now"
    assert GAME.legal_moves(state, 0) == [ev.Roll()]


VARIANT = {"target": 4}


@pytest.mark.parametrize(
    ("owners", "runners"),
    [
        ({2: 0, 3: 0}, ((4, 7),)),  # two won + one top: exactly three
        ({2: 0}, ((4, 7), (12, 3))),  # one won + two tops
        ({2: 0, 3: 0, 4: 0}, ((5, 1),)),  # already three: still may not end the turn so
    ],
)
def test_variant_stop_holding_exactly_three_columns_is_illegal(owners, runners) -> None:
    state = _state(options=VARIANT, owners=owners, runners=runners)
    assert rejects(GAME, state, 0, ev.Stop()) == "third_column_stop"
    assert ev.Stop() not in GAME.legal_moves(state, 0)
    plain = _state(options={"target": 4, "no_third_stop": False}, owners=owners, runners=runners)
    _, events = apply(GAME, plain, 0, ev.Stop())
    assert isinstance(events[-1], ev.TurnBegan)


def test_variant_stop_reaching_four_columns_wins() -> None:
    state = _state(options=VARIANT, owners={2: 0, 3: 0}, runners=((4, 7), (12, 3)))
    _, events = apply(GAME, state, 0, ev.Stop())
    assert events[0].won == (4, 12) and events[-1] == ev.GameWon(seat=0)


def test_raised_targets_are_for_two_or_three_players_only() -> None:
    with pytest.raises(IllegalMove) as info:
        setup(4, CantStopOptions(target=4), Rng(1))
    assert info.value.code == "options_not_for_seats"
    assert setup(3, CantStopOptions(target=4), Rng(1)) and setup(
        2, CantStopOptions(target=5), Rng(1)
    )
    with pytest.raises(IllegalMove):
        setup(3, CantStopOptions(target=5), Rng(1))
    with pytest.raises(msgspec.ValidationError):
        GAME.convert_options({"target": 6})
    with pytest.raises(msgspec.ValidationError):
        GAME.convert_options({"opponents": "both"})
    schema = msgspec.json.schema(GAME.options_type)
    assert "target" in msgspec.json.encode(schema).decode()


def test_variant_a_skips_other_players_squares() -> None:
    state = _rolled((3, 4, 3, 4), options={"opponents": "skip"}, squares={1: {7: 1}, 2: {}})
    _, events = apply(GAME, state, 0, ev.Choose(sums=(7, 7)))
    assert events[0].runners == ((7, 3),)  # 1 is skipped: 2, then 3


def test_variant_b_keeps_rolling_while_a_runner_stands_on_a_square() -> None:
    opts = {"opponents": "reroll"}
    state = _state(options=opts, runners=((7, 4),), squares={1: {7: 4}})
    assert rejects(GAME, state, 0, ev.Stop()) == "runner_on_opponent"
    moved = _state(options=opts, runners=((7, 5),), squares={1: {7: 4}})
    assert apply(GAME, moved, 0, ev.Stop())[1][0] == ev.Stopped(seat=0, squares=((7, 5),), won=())


def test_the_view_shows_the_board_to_everyone() -> None:
    state = _rolled((1, 5, 4, 6), runners=((7, 2),), squares={1: {7: 3}})
    view = GAME.view(state, None)
    assert view.choices == [[5, 11], [6, 10], [7, 9]] and view.dice == [1, 5, 4, 6]
    seven = next(c for c in view.columns if c.column == 7)
    assert (seven.top, seven.runner, seven.squares, seven.owner) == (13, 2, [0, 3], None)
    assert replace(GAME.view(state, 0), seat=None, prompt="") == replace(view, prompt="")
    assert GAME.prompt(state, 0) == "choose the sums to move on"
    assert GAME.prompt(state, 1) == "wait for player 0"
