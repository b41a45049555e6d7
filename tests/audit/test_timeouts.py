"""Games with timed-out turns (a bot move, a forfeit) replay and verify like any other."""

from __future__ import annotations

import random
import uuid

import msgspec

from services.bots.player import choose_move, move_command, move_command_id
from shared.audit.export import export_table
from shared.audit.redecide import redecide
from shared.audit.verify import header_of, verify_record
from shared.bots.seats import STAND_IN
from shared.contracts.envelopes import CreateTable, JoinTable, PlayMove, StartTable, TimeOutTurn
from shared.standings.fold import result_of
from shared.store import open_store
from shared.tables.state import OVER
from tests.audit.kit import Driver, as_builtins, from_builtins


def _game_with_timeouts() -> tuple[object, str]:
    store = open_store("memory")
    driver = Driver(store)
    bots = random.Random(5)
    table_id = str(uuid.uuid4())
    players = ["p0", "p1", "p2"]
    driver.send(table_id, "p0", CreateTable(game="ra", seats=3, player_name="P0"))
    driver.send(table_id, "p1", JoinTable(player_name="P1"))
    driver.send(table_id, "p2", JoinTable(player_name="P2"))
    driver.send(table_id, "p0", StartTable())
    state = driver.state(table_id)
    spec = state.spec
    moves = 0
    while spec.result(state.game_state) is None:
        seat = bots.choice(list(spec.to_act(state.game_state)))
        if moves in (3, 40):  # the deadline passes: a bot moves, the second time for good
            policy = "bot" if moves == 3 else "forfeit"
            driver.send(table_id, "notify", TimeOutTurn(seat=seat, policy=policy, turn=moves))
        else:
            move = bots.choice(list(spec.legal_moves(state.game_state, seat)))
            driver.send(
                table_id, players[seat], PlayMove(move=msgspec.Raw(msgspec.json.encode(move)))
            )
        moves += 1
        state = driver.state(table_id)
    return export_table(store, table_id), table_id


def test_a_game_with_a_bot_timeout_and_a_forfeit_verifies() -> None:
    record, _ = _game_with_timeouts()
    names = [event.name for event in record.events]
    assert names.count("TurnTimedOut") == 2 and names.count("SeatForfeited") == 1
    report = verify_record(record)
    assert report.ok, report


def test_a_changed_bot_move_is_detected() -> None:
    record, _ = _game_with_timeouts()
    data = as_builtins(record)
    timeouts = [c for c in data["commands"] if c["kind"] == "timeout"]
    assert timeouts
    original = timeouts[0]["move"]
    others = [m for m in ({"type": "EndTurn"}, {"type": "StopRolling"}, {"type": "RollDice"})
              if m != original]  # fmt: skip
    timeouts[0]["move"] = others[0]
    report = verify_record(from_builtins(data))
    assert not report.ok and report.problem is not None
    # The timeout is refused, by name: not some later event that happens to differ.
    assert report.problem.kind == "command_refused"
    assert "[bot_move_differs]" in report.problem.message
    assert "timeout" in report.problem.recorded


def test_a_forfeit_on_timeout_is_in_the_result() -> None:
    record, _ = _game_with_timeouts()
    forfeit = next(e for e in record.events if e.name == "SeatForfeited")
    state = redecide(header_of(record), list(record.commands), list(record.events)).state
    assert state is not None and state.status == OVER
    result = result_of(state, 1)
    assert result is not None
    assert result.forfeited == [forfeit.payload["seat"]]


def test_a_turn_handed_to_the_strong_bot_is_an_ordinary_move_and_verifies() -> None:
    """Today's timeout under `bot`: TurnTimedOut names the stand-in and nothing else; the
    bots role's move (here chosen the same way, with a playout budget) is the seat's own
    command, re-decided like any move; older records (no stand-in) verify as before."""
    store = open_store("memory")
    driver = Driver(store)
    table_id = str(uuid.uuid4())
    driver.send(table_id, "p0", CreateTable(game="tictactoe", seats=2, player_name="P0"))
    driver.send(table_id, "p1", JoinTable(player_name="P1"))
    driver.send(table_id, "p0", StartTable())
    players, handed = ["p0", "p1"], 0
    while (state := driver.state(table_id)).status != OVER:
        [seat] = state.spec.to_act(state.game_state)
        if state.version % 3 == 0 and handed < 2:  # this turn passes its deadline
            timeout = TimeOutTurn(seat=seat, policy="bot", turn=state.version, stand_in=STAND_IN)
            driver.send(table_id, "notify", timeout)
            handed += 1
            after = driver.state(table_id)
            assert after.version == state.version + 1 and after.game_state == state.game_state
            state = after
        move = choose_move(state, seat, "strong", None, 200)
        command = move_command(state, seat, players[seat], move)
        assert command.command_id == move_command_id(table_id, state.version, seat)
        driver.send(table_id, players[seat], command.action)
    record = export_table(store, table_id)
    timeouts = [c for c in record.commands if c.kind == "timeout"]
    assert [(c.stand_in, c.move) for c in timeouts] == [(STAND_IN, None)] * 2
    report = verify_record(record)
    assert report.ok, report.problem


def test_a_stand_in_is_checked() -> None:
    store = open_store("memory")
    driver = Driver(store)
    table_id = str(uuid.uuid4())
    driver.send(table_id, "p0", CreateTable(game="tictactoe", seats=2, player_name="P0"))
    driver.send(table_id, "p1", JoinTable(player_name="P1"))
    driver.send(table_id, "p0", StartTable())
    for policy, stand_in in [("bot", "genius:1"), ("bot", "strong:9"), ("forfeit", "strong")]:
        action = TimeOutTurn(seat=0, policy=policy, turn=3, stand_in=stand_in)
        assert driver.refused(table_id, "notify", action) == "bad_stand_in"
