"""Resigned and forfeited seats handed to a stand-in bot (`stand_in` on SeatResigned and
SeatForfeited): the table decider plays nothing for them, only the stand-in's account moves
them (naming the seat), the bots role finds them due, and the records verify; older records
(no stand-in) still re-decide with the random stand-in moving within the commands."""

from __future__ import annotations

import random
import uuid

import msgspec

from services.bots.player import choose_move, due_bots, move_command
from shared.audit.export import export_table
from shared.audit.verify import verify_record
from shared.bots.seats import STAND_IN, bot_player_id, stand_in_account
from shared.contracts.envelopes import Command, PlayMove, RequestUndo, Resign, TimeOutTurn
from shared.store import open_store
from shared.tables.state import OVER, TableState
from tests.audit.kit import Driver, as_builtins, from_builtins

PLAYERS = ["p0", "p1", "p2"]


def _move(state: TableState, seat: int, rng: random.Random) -> PlayMove:
    move = rng.choice(list(state.spec.legal_moves(state.game_state, seat)))
    return PlayMove(move=msgspec.Raw(msgspec.json.encode(move)))


def _stand_in_moves(driver: Driver, table_id: str) -> int:
    """Play every due stand-in turn as the bots role would (its move, its command id, from
    the stand-in's account); the number of moves played."""
    played = 0
    while due := due_bots(state := driver.state(table_id)):
        seat, account = due[0]
        move = choose_move(state, seat, account.kind, None, 8)  # a tiny playout budget
        outcome = driver.worker.decide_and_store(move_command(state, seat, account.player_id, move))
        assert outcome.accepted, outcome.error
        played += 1
    return played


def _play_to_end(driver: Driver, table_id: str, rng: random.Random) -> int:
    """People move at random, the stand-in plays its seats; its number of moves."""
    by_stand_in = 0
    while (state := driver.state(table_id)).status != OVER:
        by_stand_in += _stand_in_moves(driver, table_id)
        state = driver.state(table_id)
        if state.status == OVER:
            break
        seat = state.spec.to_act(state.game_state)[0]
        driver.send(table_id, PLAYERS[seat], _move(state, seat, rng))
    return by_stand_in


def _refusal(driver: Driver, table_id: str, player: str, action: object) -> str:
    command = Command(
        command_id=uuid.uuid4().hex, table_id=table_id, player_id=player, action=action
    )
    outcome = driver.worker.decide_and_store(command)
    assert not outcome.accepted and outcome.error is not None
    return outcome.error.code


def test_a_resigned_seat_is_played_by_its_stand_in_only_and_the_record_verifies() -> None:
    store = open_store("memory")
    driver, rng = Driver(store), random.Random(3)
    table_id = str(uuid.uuid4())
    driver.start_table(table_id, "cantstop", PLAYERS)
    before = driver.state(table_id)
    driver.send(table_id, "p1", Resign(stand_in=STAND_IN))
    state = driver.state(table_id)
    assert state.version == before.version + 1  # the SeatResigned alone: no bot move within
    assert state.stand_ins == ((1, STAND_IN),) and state.resigned == (1,)
    while 1 not in state.spec.to_act(state.game_state):  # the people play up to seat 1
        seat = state.spec.to_act(state.game_state)[0]
        driver.send(table_id, PLAYERS[seat], _move(state, seat, rng))
        state = driver.state(table_id)
    stand_in = stand_in_account("cantstop", STAND_IN)
    assert due_bots(state) == [(1, stand_in)]
    move = _move(state, 1, rng)
    named = msgspec.structs.replace(move, seat=1)
    for player, action, code in [
        ("p1", move, "resigned"),  # the person who resigned
        ("p1", named, "resigned"),
        ("p0", named, "not_stand_in"),  # another player naming the seat
        ("stranger", named, "not_stand_in"),
        (bot_player_id("cantstop", "strong", 1), named, "not_stand_in"),  # another bot
        (stand_in.player_id, move, "not_seated"),  # the stand-in names the seat it plays
    ]:
        assert _refusal(driver, table_id, player, action) == code, (player, action)
    timeout = TimeOutTurn(seat=1, policy="bot", turn=state.version, stand_in=STAND_IN)
    assert _refusal(driver, table_id, "senet:notify", timeout) == "stand_in_plays"
    assert driver.state(table_id).version == state.version  # nothing was stored
    assert _play_to_end(driver, table_id, rng) > 0
    record = export_table(store, table_id)
    resign = next(c for c in record.commands if c.kind == "resign")
    assert (resign.seat, resign.stand_in) == (1, STAND_IN)
    report = verify_record(record)
    assert report.ok, report.problem
    # The marker carries the re-decision: without it the stand-in's moves are refused.
    data = as_builtins(record)
    resigned = next(e for e in data["events"] if e["name"] == "SeatResigned")
    resigned["payload"]["stand_in"] = ""
    assert not verify_record(from_builtins(data)).ok


def test_an_older_resignation_is_still_played_at_random_within_the_commands() -> None:
    store = open_store("memory")
    driver, rng = Driver(store), random.Random(4)
    table_id = str(uuid.uuid4())
    driver.start_table(table_id, "cantstop", PLAYERS)
    driver.send(table_id, "p1", Resign())  # as recorded before stand-ins
    while (state := driver.state(table_id)).status != OVER:
        # Seat 1's turns come and go within the commands that reach them.
        assert state.stand_ins == () and due_bots(state) == []
        assert 1 not in state.spec.to_act(state.game_state)
        seat = state.spec.to_act(state.game_state)[0]
        driver.send(table_id, PLAYERS[seat], _move(state, seat, rng))
    record = export_table(store, table_id)
    assert next(c for c in record.commands if c.kind == "resign").stand_in == ""
    assert not [c for c in record.commands if c.kind == "move" and c.seat == 1]
    report = verify_record(record)
    assert report.ok, report.problem


def test_a_forfeit_hands_the_seat_to_the_stand_in_for_good() -> None:
    store = open_store("memory")
    driver, rng = Driver(store), random.Random(5)
    table_id = str(uuid.uuid4())
    driver.start_table(table_id, "tictactoe", PLAYERS[:2])
    state = driver.state(table_id)
    timeout = TimeOutTurn(seat=0, policy="forfeit", turn=state.version, stand_in=STAND_IN)
    driver.send(table_id, "senet:notify", timeout)
    after = driver.state(table_id)
    assert after.version == state.version + 2  # TurnTimedOut, SeatForfeited: no move
    assert after.game_state == state.game_state
    assert after.forfeited == (0,) and after.stand_ins == ((0, STAND_IN),)
    stand_in = stand_in_account("tictactoe", STAND_IN)
    assert due_bots(after) == [(0, stand_in)]
    move = _move(after, 0, rng)
    assert _refusal(driver, table_id, "p0", move) == "forfeited"  # the seat is the bot's
    again = TimeOutTurn(seat=0, policy="forfeit", turn=after.version, stand_in=STAND_IN)
    assert _refusal(driver, table_id, "senet:notify", again) == "stand_in_plays"
    assert _play_to_end(driver, table_id, rng) > 0
    record = export_table(store, table_id)
    names = [e.name for e in record.events]
    assert names.count("TurnTimedOut") == names.count("SeatForfeited") == 1
    forfeit = next(e for e in record.events if e.name == "SeatForfeited")
    assert forfeit.payload["stand_in"] == STAND_IN
    report = verify_record(record)
    assert report.ok, report.problem


def test_a_stand_ins_move_is_not_taken_back() -> None:
    store = open_store("memory")
    driver, rng = Driver(store), random.Random(6)
    table_id = str(uuid.uuid4())
    driver.start_table(table_id, "tictactoe", PLAYERS[:2], takebacks=True)
    state = driver.state(table_id)
    timeout = TimeOutTurn(seat=0, policy="forfeit", turn=state.version, stand_in=STAND_IN)
    driver.send(table_id, "senet:notify", timeout)
    assert _stand_in_moves(driver, table_id) == 1
    after = driver.state(table_id)
    assert after.undo_seat == 0 and after.undo_from is None  # a stand-in's move stays
    assert _refusal(driver, table_id, "p0", RequestUndo()) == "forfeited"
    driver.send(table_id, "p1", _move(after, 1, rng))  # the person's own move may go back:
    driver.send(table_id, "p1", RequestUndo())  # no one left to ask (the seat is the bot's)
    assert driver.state(table_id).game_state == after.game_state
    _play_to_end(driver, table_id, rng)
    report = verify_record(export_table(store, table_id))
    assert report.ok, report.problem
