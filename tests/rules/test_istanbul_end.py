"""Istanbul's end: the round is finished once a player has the ruby target (5, or 6 with
2 players), then rubies rank, ties broken by Lira, goods, bonus cards, else shared."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from shared.games.istanbul import GAME
from shared.games.istanbul import events as ev
from shared.games.istanbul import moves as mv
from shared.games.istanbul.state import IstanbulState
from tests.rules.istanbul_fixtures import at_place, names, play, table, with_player


def _last_turn(state: IstanbulState, active: int) -> IstanbulState:
    return replace(at_place(state, active, 2, phase="encounter"), governor=2)


def _players(state: IstanbulState, **fields: tuple[Any, ...]) -> IstanbulState:
    for seat in range(state.seats):
        state = with_player(state, seat, **{k: v[seat] for k, v in fields.items()})
    return state


def test_the_round_is_finished_after_a_player_reaches_the_target() -> None:
    state = with_player(table(3), 0, rubies=5)
    state, events = play(_last_turn(state, 1), 1, mv.EndTurn())
    assert names(events) == ["TurnFinished", "TurnBegan"] and GAME.result(state) is None
    state, events = play(_last_turn(state, 2), 2, mv.EndTurn())
    assert "GameEnded" in names(events) and GAME.to_act(state) == []


def test_the_round_ends_with_the_player_right_of_the_start_player() -> None:
    state = replace(with_player(table(4), 3, rubies=5), start=2)
    state, events = play(_last_turn(state, 0), 0, mv.EndTurn())
    assert "GameEnded" not in names(events)
    state, events = play(_last_turn(state, 1), 1, mv.EndTurn())
    assert "GameEnded" in names(events)


def test_two_players_need_six_rubies() -> None:
    state = _players(table(2), rubies=(5, 0))
    state, events = play(_last_turn(state, 1), 1, mv.EndTurn())
    assert "GameEnded" not in names(events)
    state = _players(table(2), rubies=(6, 0))
    state, events = play(_last_turn(state, 1), 1, mv.EndTurn())
    result = GAME.result(state)
    assert result is not None and result.winners == [0] and result.scores == [6, 0]


def test_ties_are_broken_by_lira_then_goods_then_cards_then_shared() -> None:
    state = _players(
        table(5),
        rubies=(5, 5, 5, 5, 6),
        money=(9, 9, 9, 9, 0),
        goods=((1, 1, 0, 0), (1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 0, 0), (0, 0, 0, 0)),
        hand=(("stay",), (), ("stay",), (), ()),
    )
    state, _ = play(_last_turn(state, 4), 4, mv.EndTurn())
    result = GAME.result(state)
    assert result is not None
    assert result.ranks == [2, 5, 2, 4, 1] and result.winners == [4]
    state = _players(table(3), rubies=(5, 5, 1), money=(4, 4, 40))
    state, _ = play(_last_turn(state, 2), 2, mv.EndTurn())
    result = GAME.result(state)
    assert result is not None and result.winners == [0, 1] and result.ranks == [1, 1, 3]


def test_lira_and_goods_cards_still_count_after_the_last_round() -> None:
    state = _players(
        table(3),
        rubies=(5, 5, 0),
        money=(10, 6, 0),
        hand=((), ("good", "lira5"), ()),
    )
    state, events = play(_last_turn(state, 2), 2, mv.EndTurn())
    assert ev.Changed(seat=1, why="card", lira=5) in events
    assert state.players[1].money == 11 and sum(state.players[1].goods) == 1
    result = GAME.result(state)
    assert result is not None and result.winners == [1]
