"""The table decider's rules, given / when / then: no HTTP, no broker.

Pure rules first (given these events, when this player sends that, then these events or
that error code), then the worker's idempotency and version handling on an in-memory store.
"""

from __future__ import annotations

import uuid
from typing import Any

import msgspec
import pytest

from services.table.worker import TableWorker
from shared.contracts.envelopes import (
    Action,
    CancelTable,
    CreateTable,
    ExpireTable,
    JoinTable,
    LeaveTable,
    PlayMove,
    RemovePlayer,
    Resign,
    StartTable,
    TimeOutTurn,
)
from shared.contracts.errors import SenetError
from shared.store import open_store
from shared.tables import state as table_state
from shared.tables.decide import decide, new_table, opening
from shared.tables.events import (
    PlayerRemoved,
    SeatTaken,
    TableCancelled,
    TableStarted,
)
from shared.tables.outcome import final_result, table_result
from shared.tables.state import TableState
from tests.harness.commands import new_command

TABLE = str(uuid.UUID(int=7))
SEED = "ab" * 32


def given(*joined: str, seats: int = 3, started: bool = False) -> TableState:
    """A Ra table created by `alice` with the other players joined (and started)."""
    created = new_table(TABLE, "alice", CreateTable(game="ra", seats=seats, player_name="A"), SEED)
    state = table_state.created(TABLE, created)
    for event in opening(created, "Alice").events[1:]:
        state = table_state.evolve(state, event)
    for player in joined:
        state = then(state, player, JoinTable(player_name=player.title()))
    if started:
        state = then(state, "alice", StartTable())
    return state


def when(state: TableState, player: str, action: Action, **kw: Any) -> list[Any]:
    return decide(state, player, action, **kw).events


def then(state: TableState, player: str, action: Action) -> TableState:
    """The state after the action's events."""
    for event in when(state, player, action):
        state = table_state.evolve(state, event)
    return state


def refused(state: TableState, player: str, action: Action, **kw: Any) -> str:
    with pytest.raises(SenetError) as caught:
        decide(state, player, action, **kw)
    return caught.value.code


# ---- lobby ----------------------------------------------------------------------------


def test_a_player_takes_the_lowest_free_seat_once() -> None:
    state = given("bob")
    assert when(state, "carol", JoinTable(player_name=" Carol ")) == [
        SeatTaken(seat=2, player_id="carol", player_name="Carol")
    ]
    assert refused(state, "bob", JoinTable(player_name="Bob")) == "already_seated"
    assert refused(given("bob", "carol"), "dave", JoinTable(player_name="D")) == "table_full"
    assert refused(state, "dave", JoinTable(player_name=" ")) == "bad_name"


def test_only_the_creator_starts_and_only_a_full_table() -> None:
    full = given("bob", "carol")
    assert refused(full, "bob", StartTable()) == "not_creator"
    assert refused(full, "zed", StartTable()) == "not_seated"
    assert refused(given("bob"), "alice", StartTable()) == "table_not_full"
    events = when(full, "alice", StartTable())
    assert isinstance(events[0], TableStarted) and events[0].players == ["alice", "bob", "carol"]


def test_a_seated_player_leaves_an_open_table_and_the_seat_is_free_again() -> None:
    state = then(given("bob", "carol"), "bob", LeaveTable())
    assert state.players == ("alice", None, "carol") and state.names[1] == ""
    assert when(state, "dave", JoinTable(player_name="Dave"))[0].seat == 1
    assert refused(state, "bob", LeaveTable()) == "not_seated"
    assert refused(state, "alice", LeaveTable()) == "creator_cannot_leave"
    assert refused(given("bob", "carol", started=True), "bob", LeaveTable()) == "table_not_open"


def test_the_creator_removes_a_seated_player_by_seat_or_id_before_the_start() -> None:
    state = given("bob", "carol")
    assert when(state, "alice", RemovePlayer(seat=2)) == [
        PlayerRemoved(seat=2, player_id="carol", by="alice")
    ]
    assert when(state, "alice", RemovePlayer(player_id="bob"))[0].seat == 1
    assert refused(state, "bob", RemovePlayer(seat=2)) == "not_creator"
    assert refused(state, "alice", RemovePlayer(seat=0)) == "cannot_remove_creator"
    assert refused(state, "alice", RemovePlayer(seat=5)) == "bad_seat"
    assert refused(state, "alice", RemovePlayer()) == "bad_target"
    assert refused(state, "alice", RemovePlayer(seat=1, player_id="bob")) == "bad_target"
    assert refused(given("bob"), "alice", RemovePlayer(seat=2)) == "seat_empty"
    assert refused(state, "alice", RemovePlayer(player_id="zed")) == "player_not_seated"
    removed = then(state, "alice", RemovePlayer(seat=1))
    assert removed.players == ("alice", None, "carol")


def test_the_creator_cancels_an_open_table_which_then_refuses_everything() -> None:
    state = given("bob")
    assert refused(state, "bob", CancelTable()) == "not_creator"
    assert when(state, "alice", CancelTable()) == [TableCancelled(reason="creator", by="alice")]
    cancelled = then(state, "alice", CancelTable())
    assert cancelled.status == "cancelled" and cancelled.players == (None, None, None)
    for player, action in [
        ("carol", JoinTable(player_name="C")),
        ("alice", StartTable()),
        ("alice", CancelTable()),
    ]:
        assert refused(cancelled, player, action) == "table_cancelled"
    assert refused(given("bob", "carol", started=True), "alice", CancelTable()) == (
        "table_not_open"
    )


def test_an_idle_open_table_expires_only_if_nothing_happened_since_the_sweep_saw_it() -> None:
    state = given("bob")
    assert when(state, "", ExpireTable(version=state.version)) == [
        TableCancelled(reason="inactive")
    ]
    assert refused(state, "", ExpireTable(version=state.version - 1)) == "table_active"
    started = given("bob", "carol", started=True)
    assert refused(started, "", ExpireTable(version=started.version)) == "table_not_open"


# ---- version, seats and the game ------------------------------------------------------


def test_a_stale_expected_version_is_refused_with_the_number() -> None:
    state = given("bob")
    with pytest.raises(SenetError) as caught:
        decide(state, "carol", JoinTable(player_name="C"), expected_version=state.version - 1)
    assert caught.value.code == "stale_version"
    assert caught.value.details == {"version": state.version}
    assert when(state, "carol", JoinTable(player_name="C"), expected_version=state.version)


def test_moves_need_a_seat_a_started_game_and_the_turn() -> None:
    state = given("bob", seats=2, started=True)
    active = state.spec.to_act(state.game_state)[0]
    mover, idle = ("alice", "bob") if active == 0 else ("bob", "alice")
    legal = state.spec.legal_moves(state.game_state, active)[0]
    move = PlayMove(move=msgspec.Raw(msgspec.json.encode(legal)))
    assert refused(given("bob"), "alice", move) == "table_not_started"
    assert refused(state, "zed", move) == "not_seated"
    assert refused(state, idle, move) == "not_your_turn"
    assert refused(state, mover, PlayMove(move=msgspec.Raw(b"1"))) == "bad_move"
    decision = decide(state, mover, move)
    assert decision.seat == active and decision.move == msgspec.to_builtins(legal)


def test_a_timed_out_turn_is_a_bot_move_drawn_from_the_seed() -> None:
    state = given("bob", seats=2, started=True)
    seat = state.spec.to_act(state.game_state)[0]
    action = TimeOutTurn(seat=seat, policy="forfeit", turn=state.version)
    first, second = decide(state, "", action), decide(state, "", action)
    assert first == second  # replayable
    assert [type(e).__name__ for e in first.events[:2]] == ["TurnTimedOut", "SeatForfeited"]
    assert refused(state, "", TimeOutTurn(seat=1 - seat, policy="bot", turn=0)) == ("not_your_turn")


def test_a_command_for_no_table_is_unknown() -> None:
    assert refused(None, "alice", JoinTable(player_name="A")) == "unknown_table"  # type: ignore[arg-type]


# ---- idempotency through the worker (in-memory store) ---------------------------------


def test_a_repeated_command_is_answered_again_and_a_reused_id_is_refused() -> None:
    worker = TableWorker(open_store("memory"), None)  # type: ignore[arg-type]
    table = str(uuid.uuid4())
    worker.decide_and_store(
        new_command(table, "alice", CreateTable(game="ra", seats=2, player_name="A"))
    )
    join = new_command(table, "bob", JoinTable(player_name="Bob"), "j1")
    first = worker.decide_and_store(join)
    again = worker.decide_and_store(join)
    assert (first.version, first.replayed) == (3, False)
    assert (again.version, again.seat, again.replayed) == (3, 1, True)
    other = worker.decide_and_store(new_command(table, "bob", LeaveTable(), "j1"))
    assert other.error is not None and other.error.code == "duplicate_command"
    assert worker.decide_and_store(new_command(table, "bob", LeaveTable())).events == ["PlayerLeft"]


def test_a_table_opened_under_an_older_rules_version_is_decided_with_that_version() -> None:
    # Given an Egizia table opened when the live rules were version 1 (the join-card and
    # participation rulings came with version 2).
    created = new_table(TABLE, "alice", CreateTable(game="egizia", seats=2, player_name="A"), SEED)
    created = msgspec.structs.replace(created, rules_version=1)
    state = table_state.created(TABLE, created)
    for event in opening(created, "Alice").events[1:]:
        state = table_state.evolve(state, event)
    state = then(state, "bob", JoinTable(player_name="Bob"))
    # When its creator starts it under today's build (whose Egizia is version 2),
    state = then(state, "alice", StartTable())
    # Then the worker's decider plays it by version 1, as the audit re-decider will.
    assert state.spec.rules_version == 1
    assert state.game_state.rules == 1
    fresh = new_table(TABLE, "alice", CreateTable(game="egizia", seats=2, player_name="A"), SEED)
    assert table_state.created(TABLE, fresh).spec.rules_version == 2


# ---- resigning ------------------------------------------------------------------------


def test_resigning_a_two_player_game_ends_it_and_the_other_wins() -> None:
    state = given("bob", seats=2, started=True)
    events = when(state, "bob", Resign())
    assert [type(e).__name__ for e in events] == ["SeatResigned", "SeedRevealed"]
    for event in events:
        state = table_state.evolve(state, event)
    assert state.status == "over" and state.resigned == (1,)
    final = final_result(state)
    assert final is not None
    assert (final.ranks, final.winners, final.resigned) == ([1, 2], [0], [1])
    shown = table_result(state)
    assert shown is not None and shown.forfeited == [1]


def test_with_three_players_the_others_play_on_and_a_bot_takes_the_resigned_turns() -> None:
    state = given("bob", "cy", seats=3, started=True)
    actor = state.spec.to_act(state.game_state)[0]
    resigner = state.players[actor]
    assert resigner is not None
    state = then(state, resigner, Resign())
    assert state.status == "playing" and state.resigned == (actor,)
    assert actor not in state.spec.to_act(state.game_state)  # its turn was played for it
    assert refused(state, resigner, Resign()) == "already_resigned"
    move = msgspec.json.encode({"type": "RollDice"})
    assert refused(state, resigner, PlayMove(move=msgspec.Raw(move))) == "resigned"
    others = [p for p in state.players if p != resigner]
    state = then(state, others[0] or "", Resign())  # one player left: over
    assert state.status == "over"
    final = final_result(state)
    assert final is not None
    last, second = actor, state.players.index(others[0])
    assert final.ranks[last] == 3 and final.ranks[second] == 2
    assert final.winners == [state.players.index(others[1])]


def test_resigning_needs_a_game_under_way_and_a_seat() -> None:
    assert refused(given("bob", seats=2), "bob", Resign()) == "table_not_started"
    assert refused(given("bob", seats=2, started=True), "zed", Resign()) == "not_seated"
